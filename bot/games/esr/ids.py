"""Custom ids of ESR's own components (the offer builder and the room's Raise button). The
whole draft travels in them, so a half-built offer survives a restart of the bot."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.ids import GAME, KEY

DRAFT = r"(?P<draft>\d{1,2}\.\d{1,2}\.\d{1,2}\.\d{1,2})"
RAISE_TEMPLATE = rf"jw:raise:{GAME}:{KEY}"
DRAFT_TEMPLATE = rf"jw:draft:{GAME}:(?P<colour>[0-3]):{DRAFT}:{KEY}"
SEND_TEMPLATE = rf"jw:send:{GAME}:{DRAFT}:{KEY}"


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
