"""Numbered schema migrations (NNNN_name.sql), applied in order by engine.store.db."""
