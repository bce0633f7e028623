"""The pieces every custom-id template is built from: bounded, so a forged id can neither
overflow a database integer nor smuggle arbitrary text into a handler."""

from __future__ import annotations

GAME = r"(?P<game>\d{1,18})"  # a stored game's number (SQLite's integers have 19 digits)
INDEX = r"(?P<idx>\d{1,2})"  # an option's position (Discord shows at most 25 buttons)
KEY = r"(?P<key>[A-Za-z0-9:._-]{1,80})"  # a decision key, as the engines build them
PREFIX = "jw:"  # every Juwelier component id starts so
