"""Juwelier's Discord front end: a thin adapter over the engine service (no rules here)."""
