"""Channel narration: the engine's lines (engine.games.esr.narrate) with Discord emoji and bold."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.game import GameEvent
from engine.games.esr import events as ev
from engine.games.esr import narrate as lines
from engine.games.esr.narrate import event_name
from engine.games.esr.state import ACTION_NAMES

__all__ = ["ACTION_EMOJI", "COLOUR_EMOJI", "DISCORD", "SHOWN_ELSEWHERE", "event_name",
           "gem_text", "narrate"]

COLOUR_EMOJI = {"red": "🟥", "yellow": "🟨", "green": "🟩", "blue": "🟦"}
ACTION_EMOJI = {"money": "💰", "event": "🃏", "gems": "💎", "free": "🎁"}

# The table message shows these (turns, who has chosen, where event cards went); the scoring
# and final messages print the rest, so the channel gets no line of its own for them.
SHOWN_ELSEWHERE: frozenset[type[GameEvent]] = frozenset({
    ev.GameStarted, ev.TurnStarted, ev.ActionChosen, ev.TurnEnded, ev.EventCardToBottom,
    ev.RoundScored, ev.GameEnded,
})


def gem_text(gems: Sequence[int]) -> str:
    """Gem counts as emoji squares, e.g. '🟥×2 🟦×1' (or 'nothing')."""
    squares = [f"{emoji}×{n}" for emoji, n in zip(COLOUR_EMOJI.values(), gems, strict=True) if n]
    return " ".join(squares) if squares else "nothing"


def _signed(delta: Sequence[int]) -> str:
    return " ".join(f"{'+' if n > 0 else ''}{n}{emoji}"
                    for emoji, n in zip(COLOUR_EMOJI.values(), delta, strict=True) if n)


DISCORD = lines.Style(
    gems=gem_text,
    delta=_signed,
    action=lambda action: f"{ACTION_EMOJI[action]} {ACTION_NAMES[action]}",
    card=lambda name: f"**{name}**",
    heading=lambda text: f"**{text}**",
    money_mark=" 💰",
)


def narrate(event: GameEvent, names: Sequence[str]) -> str | None:
    """A channel line for one event, or None for events the table message already shows."""
    if type(event) in SHOWN_ELSEWHERE:
        return None
    return lines.narrate(event, names, DISCORD)
