"""Emerald's words in the current language: spaces, gem types, knight colours, cards."""

from __future__ import annotations

from engine.games.emerald.board import (
    CHAMBER,
    FIRST_CAVE,
    FIRST_MEADOW,
    GEM_TYPES,
    NEST,
    space_cave,
)
from engine.games.emerald.catalog import N_, _, pgettext

GEM_NAMES = {"ruby": N_("ruby"), "emerald": N_("emerald"), "garnet": N_("garnet"),
             "turquoise": N_("turquoise")}
# The knights' colours; with two players each plays two (0 and 1, 2 and 3).
COLOUR_NAMES = (N_("red"), N_("blue"), N_("yellow"), N_("green"), N_("black"))
# A letter per colour, so a knight is never told apart by colour alone (board, terminal).
COLOUR_LETTERS = ("R", "B", "Y", "G", "K")


def space_name(space: int) -> str:
    """A space's short name: T1–T4 and Hall (the castle), M1–M6, C1–C9, chamber, nest."""
    if space < 4:
        # Translators: a castle tower as a starting space, short, e.g. "T2"
        return pgettext("space", "T{number}").format(number=space + 1)
    if space < FIRST_MEADOW:
        # Translators: the castle's main building as a starting space, short ("MB" read
        # like a meadow's "M"; German "HG", Danish "HB")
        return pgettext("space", "Hall")
    if space < FIRST_CAVE:
        # Translators: a meadow space, short, e.g. "M3" (German: "W3" for Wiese)
        return pgettext("space", "M{number}").format(number=space - FIRST_MEADOW + 1)
    if space < CHAMBER:
        # Translators: a cave space, short, e.g. "C2" (German: "H2" for Höhle)
        return pgettext("space", "C{number}").format(number=space_cave(space))
    if space == CHAMBER:
        return pgettext("space", "chamber")
    assert space == NEST
    return pgettext("space", "nest")


def cave_name(cave: int) -> str:
    """A cave by number, short, e.g. "C2"."""
    return space_name(FIRST_CAVE + cave - 1)


def gem_name(gem: str | int) -> str:
    """A gem type's name."""
    return _(GEM_NAMES[GEM_TYPES[gem] if isinstance(gem, int) else gem])


def colour_name(colour: int) -> str:
    """A knight colour's name."""
    return _(COLOUR_NAMES[colour])


def card_name(card: str) -> str:
    """A face-up card ("gold:3", "gem:ruby") in words: "gold 3", "ruby"."""
    kind, _sep, what = card.partition(":")
    if kind == "gold":
        # Translators: a gold card and its value, e.g. "gold 3"
        return _("gold {value}").format(value=what)
    return gem_name(what)
