"""Gemstone colours, counts and the offer order of ESR-4."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Literal

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
LETTERS: tuple[str, ...] = ("R", "Y", "G", "B")
Colour = Literal["red", "yellow", "green", "blue"]
SUPPLY_PER_COLOUR = 22

# Gem counts are lists of four ints in scoring-card order: red, yellow, green, blue.
Gems = list[int]


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


def describe(gems: Sequence[int]) -> str:
    """Human text such as '2 red, 1 blue' (or 'nothing')."""
    parts = [f"{n} {COLOURS[i]}" for i, n in enumerate(gems) if n]
    return ", ".join(parts) if parts else "nothing"


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
