"""Tournaments without a database: pairing rounds and ranking the standings (pure functions)."""
