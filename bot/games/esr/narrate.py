"""Channel narration: the engine's lines (engine.games.esr.narrate) with Discord emoji and bold."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.core.game import GameEvent
from engine.games.esr import events as ev
from engine.games.esr import narrate as lines
from engine.games.esr.narrate import event_name
from engine.games.esr.state import ACTION_NAMES

__all__ = ["ACTION_EMOJI", "COLOUR_EMOJI", "DISCORD", "SHOWN_ELSEWHERE", "colour_name",
           "event_name", "gem", "gem_text", "narrate", "restyle_gems"]

# One symbol per colour, each a different shape, so no one needs to tell red from green:
# a triangle, a circle, a square and a diamond.
COLOUR_EMOJI = {"red": "🔺", "yellow": "🟡", "green": "🟩", "blue": "🔷"}
JOIN = "\u2060"  # WORD JOINER: a symbol and its count never wrap apart on a phone
ACTION_EMOJI = {"money": "💰", "event": "🃏", "gems": "💎", "free": "🎁"}

# The table message shows these (turns, who has chosen, where event cards went); the scoring
# and final messages print the rest, so the channel gets no line of its own for them.
SHOWN_ELSEWHERE: frozenset[type[GameEvent]] = frozenset({
    ev.GameStarted, ev.TurnStarted, ev.ActionChosen, ev.TurnEnded, ev.EventCardToBottom,
    ev.RoundScored, ev.GameEnded,
})


def gem(colour: str, count: int | str) -> str:
    """One colour's count in the bot's gem notation, e.g. '🔺2'."""
    return f"{COLOUR_EMOJI[colour]}{JOIN}{count}"


def gem_text(gems: Sequence[int]) -> str:
    """Gem counts in the gem notation, e.g. '🔺2 🔷1' (or 'nothing')."""
    parts = [gem(colour, n) for colour, n in zip(COLOUR_EMOJI, gems, strict=True) if n]
    return " ".join(parts) if parts else "nothing"


COUNTED_COLOUR = re.compile(r"(?<![+\w])(\d+) (red|yellow|green|blue)\b")  # not "1+1 red"


def restyle_gems(text: str) -> str:
    """The engine's '1 red, 2 blue' (in option labels and details) in the gem notation."""
    return COUNTED_COLOUR.sub(lambda m: gem(m[2], m[1]), text)


def colour_name(colour: str) -> str:
    """A colour named with its symbol, e.g. '🔺 red'."""
    return f"{COLOUR_EMOJI[colour]} {colour}"


def _signed(delta: Sequence[int]) -> str:
    return " ".join(gem(colour, f"{'+' if n > 0 else ''}{n}")
                    for colour, n in zip(COLOUR_EMOJI, delta, strict=True) if n)


DISCORD = lines.Style(
    gems=gem_text,
    delta=_signed,
    action=lambda action: f"{ACTION_EMOJI[action]} {ACTION_NAMES[action]}",
    card=lambda name: f"**{name}**",
    heading=lambda text: f"**{text}**",
    money_mark=" 💰",
    colour=colour_name,
)


def narrate(event: GameEvent, names: Sequence[str]) -> str | None:
    """A channel line for one event, or None for events the table message already shows."""
    if type(event) in SHOWN_ELSEWHERE:
        return None
    return lines.narrate(event, names, DISCORD)
