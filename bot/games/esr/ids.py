"""Custom ids of ESR's own components (the offer builder and the room's Raise button). The
whole draft travels in them, so a half-built offer survives a restart of the bot."""

from __future__ import annotations

from collections.abc import Sequence

DRAFT = r"(?P<draft>\d{1,2}\.\d{1,2}\.\d{1,2}\.\d{1,2})"
RAISE_TEMPLATE = r"jw:raise:(?P<game>\d+):(?P<key>.+)"
DRAFT_TEMPLATE = r"jw:draft:(?P<game>\d+):(?P<colour>[0-3]):" + DRAFT + r":(?P<key>.+)"
SEND_TEMPLATE = r"jw:send:(?P<game>\d+):" + DRAFT + r":(?P<key>.+)"


def encode_draft(gems: Sequence[int]) -> str:
    """A draft offer as it travels in a custom id: '1.0.2.0' (red.yellow.green.blue)."""
    return ".".join(str(int(n)) for n in gems)


def decode_draft(text: str) -> list[int]:
    """The inverse of encode_draft."""
    return [int(n) for n in text.split(".")]


def raise_id(game_id: int, key: str) -> str:
    """The room's Raise… button."""
    return f"jw:raise:{game_id}:{key}"[:100]


def draft_id(game_id: int, key: str, colour: int, draft: Sequence[int]) -> str:
    """The builder's select for one colour, carrying the whole draft."""
    return f"jw:draft:{game_id}:{colour}:{encode_draft(draft)}:{key}"[:100]


def send_id(game_id: int, key: str, draft: Sequence[int]) -> str:
    """The builder's Send button."""
    return f"jw:send:{game_id}:{encode_draft(draft)}:{key}"[:100]
