"""Channel narration: the engine's lines (engine.games.esr.narrate) with Discord emoji and bold."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from bot.games.esr.catalog import N_, _
from engine.core.game import GameEvent
from engine.core.i18n import current, use_locale
from engine.games.esr import events as ev
from engine.games.esr import narrate as lines
from engine.games.esr.catalog import _ as esr_text
from engine.games.esr.gems import colour_count
from engine.games.esr.narrate import event_name
from engine.games.esr.state import ACTION_NAMES

__all__ = ["ACTION_EMOJI", "COLOUR_EMOJI", "COLOUR_WORDS", "DISCORD", "SHOWN_ELSEWHERE",
           "action_name", "action_text", "colour_name", "colour_word", "event_name", "gem",
           "gem_text", "narrate", "restyle_gems"]

# One symbol per colour, each a different shape, so no one needs to tell red from green:
# a triangle, a circle, a square and a diamond.
COLOUR_EMOJI = {"red": "🔺", "yellow": "🟡", "green": "🟩", "blue": "🔷"}
JOIN = "\u2060"  # WORD JOINER: a symbol and its count never wrap apart on a phone
ACTION_EMOJI = {"money": "💰", "event": "🃏", "gems": "💎", "free": "🎁"}
# The colours' names as the bot writes them (translate with colour_word).
COLOUR_WORDS = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"),
                "blue": N_("blue")}

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
    # Translators: an offer or a gem count of no gemstones at all
    return " ".join(parts) if parts else _("nothing")


@functools.cache
def _counted(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """Per colour, a pattern of the engine's counts in words ('2 red', '2 rote', '2 røde') in
    `language`, made from the engine's own messages (every plural form); not '1+1 red'."""
    found = []
    with use_locale(language):
        for index, colour in enumerate(COLOUR_EMOJI):
            forms = sorted({colour_count(index, n, shown="{count}") for n in (1, 2, 5)},
                           key=len, reverse=True)
            alternatives = "|".join(re.escape(f).replace(r"\{count\}", r"(?P<count>\d+)", 1)
                                    .replace("(?P<count>", f"(?P<c{i}>", 1)
                                    for i, f in enumerate(forms))
            found.append((colour, re.compile(rf"(?<![+\w])(?:{alternatives})(?!\w)")))
    return found


def restyle_gems(text: str) -> str:
    """The engine's '1 red, 2 blue' (in option labels and details, in the current language) in
    the gem notation."""
    for colour, pattern in _counted(current()):
        text = pattern.sub(lambda m, c=colour: gem(c, next(v for v in m.groups() if v)), text)
    return text


def colour_word(colour: str) -> str:
    """A colour's name in the current language, e.g. 'red'."""
    return _(COLOUR_WORDS[colour])


def colour_name(colour: str) -> str:
    """A colour named with its symbol, e.g. '🔺 red'."""
    return f"{COLOUR_EMOJI[colour]} {colour_word(colour)}"


def action_name(action: str) -> str:
    """An action card's name in the current language, e.g. 'Money' (the engine's names)."""
    return esr_text(ACTION_NAMES[action])


def action_text(action: str) -> str:
    """An action card with its emoji, e.g. '💰 Money'."""
    return f"{ACTION_EMOJI[action]} {action_name(action)}"


def _signed(delta: Sequence[int]) -> str:
    return " ".join(gem(colour, f"{'+' if n > 0 else ''}{n}")
                    for colour, n in zip(COLOUR_EMOJI, delta, strict=True) if n)


DISCORD = lines.Style(
    gems=gem_text,
    delta=_signed,
    action=action_text,
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
