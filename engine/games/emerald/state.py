"""Emerald's state: plain slotted classes (a random game applies tens of thousands of actions a
second), with a JSON form validated at the edge by schema.py."""

from __future__ import annotations

import json
from typing import Any

from engine.core.game import Results
from engine.core.rng import Rng
from engine.games.emerald.board import SPACES

# Lists of ints copied by clone(); lists of lists are copied one level deeper.
_FLAT = ("total", "box_gold", "box_gems", "removed", "treasures", "victims", "moved", "victim")
_NESTED = ("at", "gold_piles", "gem_piles", "hands", "gems")
_PLAIN = ("num_players", "colours", "treasures_left", "four_kinds", "dragon", "heading", "rail",
          "seat", "turn", "step", "phase", "moves", "card_taken", "end_reason", "end_seat",
          "rules")
FIELDS = (*_PLAIN, *_FLAT, *_NESTED)


class EmeraldState:
    """Everything about one game, the hidden cards included (views.py decides who sees what).

    at[colour][space] counts knights; total[space] is their sum. Piles list cards bottom to
    top (the top one face up): gold cards by value, gem cards by type index. `moved` is the
    colour and space of the knight that moved this turn ([] before the first move); `victims`
    lists the roller's choices as [colour, moved-flag] pairs flattened; `victim` the caught one.
    `rules` is the rules revision the game follows (rules.REVISION; 1: before ruling EM-20).
    """

    __slots__ = (*FIELDS, "rng", "results")

    def __init__(self, **values: Any) -> None:
        for name in FIELDS:
            setattr(self, name, values[name])
        self.rng: Rng = values["rng"]
        self.results: Results | None = values.get("results")

    def owner(self, colour: int) -> int:
        """The seat playing `colour` (with two players each plays two colours, EM-1)."""
        return colour // 2 if self.num_players == 2 else colour

    def colours_of(self, seat: int) -> range:
        """The colours `seat` plays."""
        return range(2 * seat, 2 * seat + 2) if self.num_players == 2 else range(seat, seat + 1)

    def in_play(self, seat: int) -> int:
        """Knights of `seat` on a starting space or the path (EM-11)."""
        return sum(sum(self.at[c][:20]) for c in self.colours_of(seat))

    def clone(self) -> EmeraldState:
        """An independent copy (field by field: every search position is one)."""
        new = EmeraldState.__new__(EmeraldState)
        new.num_players = self.num_players
        new.colours = self.colours
        new.treasures_left = self.treasures_left
        new.four_kinds = self.four_kinds
        new.dragon = self.dragon
        new.heading = self.heading
        new.rail = self.rail
        new.seat = self.seat
        new.turn = self.turn
        new.step = self.step
        new.phase = self.phase
        new.moves = self.moves
        new.card_taken = self.card_taken
        new.end_reason = self.end_reason
        new.end_seat = self.end_seat
        new.rules = self.rules
        new.total = self.total[:]
        new.box_gold = self.box_gold[:]
        new.box_gems = self.box_gems[:]
        new.removed = self.removed[:]
        new.treasures = self.treasures[:]
        new.victims = self.victims[:]
        new.moved = self.moved[:]
        new.victim = self.victim[:]
        new.at = [row[:] for row in self.at]
        new.gold_piles = [row[:] for row in self.gold_piles]
        new.gem_piles = [row[:] for row in self.gem_piles]
        new.hands = [row[:] for row in self.hands]
        new.gems = [row[:] for row in self.gems]
        new.rng = Rng(self.rng.state)
        new.results = self.results
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EmeraldState) and to_dict(self) == to_dict(other)

    __hash__ = None  # type: ignore[assignment]  # mutable


def to_dict(state: EmeraldState) -> dict[str, Any]:
    """The JSON-ready form (total is derived from at, so it is not stored)."""
    data = {name: getattr(state, name) for name in FIELDS if name != "total"}
    data["rng"] = {"state": state.rng.state}
    data["results"] = state.results.model_dump() if state.results else None
    return data


def to_json(state: EmeraldState) -> str:
    """The stored JSON form."""
    return json.dumps(to_dict(state), separators=(",", ":"))


def from_dict(data: dict[str, Any]) -> EmeraldState:
    """A state from its validated JSON form."""
    values = dict(data)
    values["at"] = [list(row) for row in data["at"]]
    values["total"] = [sum(row[s] for row in values["at"]) for s in range(SPACES)]
    values["rng"] = Rng(data["rng"]["state"])
    values["results"] = Results.model_validate(data["results"]) if data.get("results") else None
    return EmeraldState(**values)
