"""Emerald test positions: a game's state with knights, dragon, rail and cards placed by hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine import get_kind
from engine.core.game import GameEvent
from engine.games.emerald.board import CODES, GEM_TYPES, SPACES
from engine.games.emerald.state import EmeraldState

GAME = get_kind("emerald")


def gem(name: str) -> int:
    """A gem type's index."""
    return GEM_TYPES.index(name)


def position(players: int = 3, *, knights: dict[int, dict[str, int]] | None = None,
             dragon: int | None = None, heading: str | None = None, rail: int | None = None,
             gold: dict[int, list[int]] | None = None, gems: dict[int, list[str]] | None = None,
             hands: dict[int, list[int]] | None = None,
             held: dict[int, dict[str, int]] | None = None, seed: int = 1,
             seat: int = 0) -> EmeraldState:
    """A fresh game with the given things changed. knights: colour → {space code: count}
    (replacing that colour's knights; the rest of the colours stay in the castle); gold and
    gems: cave → pile, bottom to top; hands: seat → gold values; held: seat → gem counts."""
    state, _ = GAME.new_game(seed, players)
    for colour, where in (knights or {}).items():
        state.at[colour] = [0] * SPACES
        for code, count in where.items():
            state.at[colour][CODES[code]] = count
    state.total = [sum(row[s] for row in state.at) for s in range(SPACES)]
    if dragon is not None:
        state.dragon = dragon
    if heading is not None:
        state.heading = 1 if heading == "chamber" else -1
    if rail is not None:
        state.rail = rail
    for cave, pile in (gold or {}).items():
        state.gold_piles[cave - 1] = list(pile)
    for cave, pile in (gems or {}).items():
        state.gem_piles[cave - 1] = [gem(g) for g in pile]
    for who, values in (hands or {}).items():
        state.hands[who] = list(values)
    for who, counts in (held or {}).items():
        state.gems[who] = [counts.get(g, 0) for g in GEM_TYPES]
    state.seat = seat
    return state


def move(state: EmeraldState, space: str, colour: int | None = None, seat: int | None = None
         ) -> tuple[EmeraldState, list[GameEvent]]:
    """The player to move moves a knight from `space` (their colour unless told)."""
    who = state.seat if seat is None else seat
    action: dict[str, Any] = {"type": "move", "space": space}
    action["colour"] = who if colour is None else colour
    return GAME.apply(state, who, action)


def act(state: EmeraldState, seat: int, **action: Any) -> tuple[EmeraldState, list[GameEvent]]:
    """Apply an action given as keywords."""
    return GAME.apply(state, seat, action)


def of_type(events: Iterable[GameEvent], kind: str) -> list[Any]:
    """The events of one type."""
    return [e for e in events if e.type == kind]


def knights_at(state: EmeraldState, space: str) -> list[int]:
    """Knights per colour on a space."""
    return [row[CODES[space]] for row in state.at]


def with_roll(state: EmeraldState, roll: int) -> EmeraldState:
    """The same state with its generator moved on until the next die shows `roll`."""
    from engine.core.rng import Rng

    probe = Rng(state.rng.state)
    for _ in range(1000):
        trial = Rng(probe.state)
        if 1 + trial.below(3) == roll:
            state.rng = Rng(probe.state)
            return state
        probe.next_u64()
    raise AssertionError("no such roll")
