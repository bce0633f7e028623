"""Emerald's settings and the JSON form of its state, validated when a stored game is loaded."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engine.core.game import Results
from engine.games.emerald.board import SPACES

Phase = Literal["move", "card", "victim", "bribe", "over"]


class EmeraldSettings(BaseModel):
    """Emerald has no rule options; the schema exists so every game kind has one."""

    model_config = {"extra": "forbid"}


class RngModel(BaseModel):
    """The generator's whole state."""

    state: int


class EmeraldStateModel(BaseModel):
    """The stored form of EmeraldState (see state.py for what each field means)."""

    model_config = {"extra": "forbid"}
    num_players: int = Field(ge=2, le=5)
    colours: int = Field(ge=3, le=5)
    at: list[list[int]]
    gold_piles: list[list[int]] = Field(min_length=9, max_length=9)
    gem_piles: list[list[int]] = Field(min_length=9, max_length=9)
    box_gold: list[int]
    box_gems: list[int]
    removed: list[int]
    hands: list[list[int]]
    gems: list[list[int]]
    treasures: list[int]
    treasures_left: int = Field(ge=0, le=4)
    four_kinds: int | None
    dragon: int = Field(ge=1, le=9)
    heading: Literal[-1, 1]
    rail: int = Field(ge=1, le=6)
    seat: int
    turn: int
    step: int
    phase: Phase
    moves: int = Field(ge=0, le=2)
    moved: list[int]
    card_taken: bool
    victims: list[int]
    victim: list[int]
    end_reason: str | None
    end_seat: int | None
    # States stored before rules revisions existed follow revision 1 (rules.REVISION).
    rules: int = Field(default=1, ge=1, le=2)
    rng: RngModel
    results: Results | None

    @model_validator(mode="after")
    def _shapes(self) -> EmeraldStateModel:
        seats = self.num_players
        if len(self.at) != self.colours or any(len(row) != SPACES or min(row) < 0
                                               for row in self.at):
            raise ValueError("at: one row of 22 counts per colour")
        if not (len(self.hands) == len(self.gems) == len(self.treasures) == seats):
            raise ValueError("hands, gems and treasures: one entry per seat")
        if not 0 <= self.seat < seats:
            raise ValueError("seat: the player to move")
        return self
