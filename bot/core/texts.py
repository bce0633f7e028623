"""Small text helpers every part of the bot shares: names by seat, lists, message chunks."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.core.game import Option
from engine.store.models import GameInfo

CONTENT_LIMIT = 2000  # Discord's limit for a message's text
_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def seat_names(info: GameInfo) -> list[str]:
    """Display names in seat order."""
    seated = sorted((s for s in info.seats if s.seat is not None), key=lambda s: s.seat)
    return [s.name for s in seated]


def with_names(text: str, names: Sequence[str] | None) -> str:
    """Replace the engine's 'seat 3' by the player's name (the engine knows no names)."""
    if not names:
        return text

    def name(match: re.Match[str]) -> str:
        index = int(match[2]) - 1
        return names[index] if 0 <= index < len(names) else match[0]

    return _SEAT.sub(name, text)


def option_label(option: Option, names: Sequence[str] | None) -> str:
    """An option's button label, with seat numbers shown as names."""
    return with_names(option.label, names)


def name_list(names: Sequence[str]) -> str:
    """'ann', 'ann and bob', 'ann, bob and cem'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def chunks(lines: Sequence[str], limit: int = CONTENT_LIMIT) -> list[str]:
    """Join lines into texts that stay within Discord's 2000-character limit."""
    out: list[str] = []
    for line in lines:
        if out and len(out[-1]) + len(line) + 1 <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line[:limit])
    return out
