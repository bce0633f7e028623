"""Shared fixtures for the ESR engine tests: the game kind and a few small state helpers.

Helpers are offered as fixtures (returning plain functions) so test modules need no imports
from this file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from engine import get_kind
from engine.core.game import GameEvent, GameKind
from engine.games.esr.state import EsrState

PlayChoices = Callable[[EsrState, dict[int, str]], tuple[EsrState, list[GameEvent]]]
SetGems = Callable[[EsrState, int, list[int]], None]
OfType = Callable[[Iterable[GameEvent], str], list[Any]]
LapseTurns = Callable[[EsrState, int], tuple[EsrState, list[GameEvent]]]
PlaceEvent = Callable[[EsrState, int], None]
EventCards = Callable[[EsrState], list[int]]


@pytest.fixture
def esr() -> GameKind:
    """The registered Edel, Stein & Reich game kind."""
    return get_kind("esr")


@pytest.fixture
def play_choices(esr: GameKind) -> PlayChoices:
    """Apply {seat: card} choices in seat order; returns the new state and all events."""

    def play(state: EsrState, choices: dict[int, str]) -> tuple[EsrState, list[GameEvent]]:
        events: list[GameEvent] = []
        for seat, card in sorted(choices.items()):
            state, more = esr.apply(state, seat, {"type": "choose", "card": card})
            events.extend(more)
        return state, events

    return play


@pytest.fixture
def set_gems() -> SetGems:
    """Give a seat exactly these gems, moving the difference to or from the supply (ESR-14)."""

    def set_(state: EsrState, seat: int, gems: list[int]) -> None:
        player = state.players[seat]
        for colour, n in enumerate(gems):
            state.supply[colour] += player.gems[colour] - n
            assert state.supply[colour] >= 0, "not enough gemstones in the supply for this setup"
        player.gems = list(gems)

    return set_


@pytest.fixture
def of_type() -> OfType:
    """The events of one type, e.g. of_type(events, "offer_made")."""

    def pick(events: Iterable[GameEvent], type_: str) -> list[Any]:
        return [e for e in events if e.type == type_]

    return pick



@pytest.fixture
def lapse_turns(play_choices: PlayChoices) -> LapseTurns:
    """Play `count` turns in which everyone chooses Money, so it lapses (3 or more choosers)."""

    def lapse(state: EsrState, count: int) -> tuple[EsrState, list[GameEvent]]:
        events: list[GameEvent] = []
        for _ in range(count):
            state, more = play_choices(state, dict.fromkeys(range(state.num_players), "money"))
            events.extend(more)
        return state, events

    return lapse


@pytest.fixture
def place_event() -> PlaceEvent:
    """Make `card` the face-up event card by swapping it with the current one in the deck."""

    def place(state: EsrState, card: int) -> None:
        if state.face_up_event == card:
            return
        i = next(i for i, slot in enumerate(state.event_deck) if slot.card == card)
        state.event_deck[i] = state.event_deck[i]._replace(card=state.face_up_event)
        state.face_up_event = card

    return place


@pytest.fixture
def event_cards() -> EventCards:
    """Every event card's id wherever it is (deck, face up, players, being resolved), sorted."""

    def collect(state: EsrState) -> list[int]:
        ids = [slot.card for slot in state.event_deck]
        ids += [c for p in state.players for c in p.scoring_cards]
        if state.face_up_event is not None:
            ids.append(state.face_up_event)
        if state.step is not None and state.step.kind == "instant":
            ids.append(state.step.card)
        return sorted(ids)

    return collect
