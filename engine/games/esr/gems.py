"""Gemstone colours, counts and the offer order of ESR-4."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from functools import cache
from typing import Literal

from engine.core.i18n import current
from engine.games.esr.catalog import N_, _, ngettext

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
LETTERS: tuple[str, ...] = ("R", "Y", "G", "B")
Colour = Literal["red", "yellow", "green", "blue"]
SUPPLY_PER_COLOUR = 22

# Gem counts are lists of four ints in scoring-card order: red, yellow, green, blue.
Gems = list[int]

# A colour's name shown on its own ("(red)", a "Red" button); translated by colour_name().
COLOUR_NAMES = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"),
                "blue": N_("blue")}


_INDEX = {**{name: i for i, name in enumerate(COLOURS)},
          **{letter.lower(): i for i, letter in enumerate(LETTERS)}}


def colour_index(colour: str) -> int:
    """Index of a colour name or letter in scoring-card order."""
    try:
        return _INDEX[colour.lower()]
    except KeyError:
        raise ValueError(f"unknown colour {colour!r}") from None


@cache
def _letter_counts(text: str) -> tuple[int, ...]:
    counts = [0, 0, 0, 0]
    for ch in text:
        counts[colour_index(ch)] += 1
    return tuple(counts)


def from_letters(text: str) -> Gems:
    """Counts from a string such as 'RRGB' (a card's letters are read once)."""
    return list(_letter_counts(text))


def colour_name(colour: str | int) -> str:
    """A colour's name on its own ('red'), for a colour name, letter or index, translated."""
    index = colour if isinstance(colour, int) else colour_index(colour)
    return _(COLOUR_NAMES[COLOURS[index]])


def colour_count(colour: int, n: int, shown: str | None = None) -> str:
    """One colour's count in words, e.g. '2 red' (`shown`: the number as written, e.g. '+2')."""
    count = str(n) if shown is None else shown
    # One message per colour: German and Danish inflect the colour word with the number.
    if colour == 0:
        # Translators: a number of red gemstones, as in "2 red, 1 blue" (or signed: "+2 red")
        text = ngettext("{count} red", "{count} red", abs(n))
    elif colour == 1:
        # Translators: a number of yellow gemstones, as in "2 yellow, 1 blue"
        text = ngettext("{count} yellow", "{count} yellow", abs(n))
    elif colour == 2:
        # Translators: a number of green gemstones, as in "2 green, 1 blue"
        text = ngettext("{count} green", "{count} green", abs(n))
    else:
        # Translators: a number of blue gemstones, as in "2 red, 1 blue"
        text = ngettext("{count} blue", "{count} blue", abs(n))
    return text.format(count=count)


def describe(gems: Sequence[int]) -> str:
    """Human text such as '2 red, 1 blue' (or 'nothing'), in the current language."""
    return _described(tuple(gems), current())


@functools.lru_cache(maxsize=4096)  # prompts and views describe the same few offers over and over
def _described(gems: tuple[int, ...], locale: str) -> str:
    parts = [colour_count(i, n) for i, n in enumerate(gems) if n]
    # Translators: no gemstones at all, where a list such as "2 red, 1 blue" would stand
    return ", ".join(parts) if parts else _("nothing")


def offer_key(gems: Sequence[int]) -> tuple[int, int, int, int, int]:
    """Sort key of ESR-4: more gemstones first, then more red, yellow, green, blue."""
    return (sum(gems), gems[0], gems[1], gems[2], gems[3])


def beats(new: Sequence[int], current: Sequence[int]) -> bool:
    """True if offer `new` beats offer `current` (ESR-4)."""
    return offer_key(new) > offer_key(current)


def best_offer_of_size(own: Sequence[int], size: int) -> Gems:
    """The highest offer of exactly `size` gemstones from `own` (greedy from red down)."""
    offer = [0, 0, 0, 0]
    left = size
    for i in range(4):
        take = min(own[i], left)
        offer[i] = take
        left -= take
    return offer


def can_beat(own: Sequence[int], current: Sequence[int]) -> bool:
    """True if some offer made of `own` beats `current`."""
    size = sum(current)
    if sum(own) > size:
        return True
    return sum(own) == size and beats(best_offer_of_size(own, size), current)


def raise_kind(new: Sequence[int], current: Sequence[int]) -> str:
    """'quantity' or 'value': how `new` beats `current`."""
    return "quantity" if sum(new) > sum(current) else "value"


def fewer_gems_order_key(gems: Sequence[int]) -> tuple[int, int, int, int]:
    """ESR-3: fewer red, then fewer yellow, green, blue goes first."""
    return (gems[0], gems[1], gems[2], gems[3])
