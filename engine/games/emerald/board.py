"""Emerald's board and cards, loaded from data/emerald/game.json and validated (EM-1, EM-2).

Spaces are small integers so a move is arithmetic: 0–4 the castle's starting spaces (four
towers, then the main building), 5–10 the meadows M1–M6, 11–19 the caves C1–C9, then the
treasure chamber and the dragon's nest. A knight on a starting space that moves n steps lands
on path step n; entering the chamber is one step past C9 and surplus steps lapse (EM-4).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Literal

from pydantic import BaseModel, ValidationError, model_validator

from engine.core.data import data_dir
from engine.core.errors import DataFileError

STARTS = ("T1", "T2", "T3", "T4", "B")
FIRST_MEADOW = 5
FIRST_CAVE = 11
LAST_CAVE = 19
CHAMBER = 20
NEST = 21
SPACES = 22
GEM_TYPES = ("ruby", "emerald", "garnet", "turquoise")


def space_code(space: int) -> str:
    """The language-neutral code of a space: T1–T4, B, M1–M6, C1–C9, chamber, nest."""
    if space < FIRST_MEADOW:
        return STARTS[space]
    if space < FIRST_CAVE:
        return f"M{space - FIRST_MEADOW + 1}"
    if space <= LAST_CAVE:
        return f"C{space - FIRST_CAVE + 1}"
    return "chamber" if space == CHAMBER else "nest"


CODES = {space_code(s): s for s in range(SPACES)}


def cave_space(cave: int) -> int:
    """The space of cave 1–9."""
    return FIRST_CAVE + cave - 1


def space_cave(space: int) -> int:
    """The cave number 1–9 of a cave space (0 elsewhere)."""
    return space - FIRST_CAVE + 1 if FIRST_CAVE <= space <= LAST_CAVE else 0


def destination(origin: int, steps: int) -> int:
    """Where a knight on `origin` lands after `steps` steps (the chamber caps the path)."""
    if origin < FIRST_MEADOW:
        return min(FIRST_MEADOW - 1 + steps, CHAMBER)
    return min(origin + steps, CHAMBER)


class Cave(BaseModel):
    """How many gold and gem cards are dealt beside one cave."""

    cave: int
    gold: int
    gems: int


class Rail(BaseModel):
    """The dragon's rail: the first cave it lies beside, its length, and where it stops."""

    first: int
    length: int
    last_first: int


class DragonStart(BaseModel):
    """The dragon's starting cave and which way its head points."""

    cave: int
    heading: Literal["exit", "chamber"]


class Box(BaseModel):
    """Cards that go back to the box unseen."""

    gold: int
    gems: int


class EmeraldData(BaseModel):
    """The whole data file, checked against itself: every card dealt or boxed exactly once."""

    game: Literal["emerald"]
    gold_cards: list[int]
    gem_cards: dict[str, int]
    caves: list[Cave]
    box: Box
    meadows: int
    treasures: int
    treasure_value: int
    bonus_value: int
    colours: dict[int, int]
    starting_spaces: dict[int, list[str]]
    rail: Rail
    dragon: DragonStart

    @model_validator(mode="after")
    def _consistent(self) -> EmeraldData:
        if list(self.gem_cards) != list(GEM_TYPES):
            raise ValueError(f"gem_cards must name {', '.join(GEM_TYPES)} in that order")
        if [c.cave for c in self.caves] != list(range(1, 10)) or self.meadows != 6:
            raise ValueError("the path is six meadows and the caves 1 to 9 in order")
        if any(not 1 <= v <= 5 for v in self.gold_cards):
            raise ValueError("gold cards are worth 1 to 5")
        if sum(c.gold for c in self.caves) + self.box.gold != len(self.gold_cards):
            raise ValueError("the gold piles and the box must hold every gold card once")
        if sum(c.gems for c in self.caves) + self.box.gems != sum(self.gem_cards.values()):
            raise ValueError("the gem piles and the box must hold every gem card once")
        if set(self.colours) != set(self.starting_spaces) or set(self.colours) != {2, 3, 4, 5}:
            raise ValueError("colours and starting spaces are given for 2 to 5 players")
        for players, spaces in self.starting_spaces.items():
            if not set(spaces) <= set(STARTS) or len(set(spaces)) != len(spaces):
                raise ValueError(f"starting spaces for {players} players: {spaces}")
        if not 1 <= self.rail.first <= self.rail.last_first <= 10 - self.rail.length:
            raise ValueError("the rail lies beside the caves")
        if not self.rail.first <= self.dragon.cave < self.rail.first + self.rail.length:
            raise ValueError("the dragon starts beside the rail")
        return self


@cache
def game_data() -> EmeraldData:
    """The validated data file; DataFileError saying what is wrong with a malformed one."""
    path = data_dir() / "emerald" / "game.json"
    try:
        return EmeraldData.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError) as exc:
        raise DataFileError(f"{path}: {exc}") from None
