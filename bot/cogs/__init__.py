"""Slash-command groups."""
