"""Turn engine views and events into Discord text, embeds and pictures (no rules here)."""
