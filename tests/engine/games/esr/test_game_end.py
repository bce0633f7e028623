"""The end of the game after the third scoring and its tie-breaks (ESR-13)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.core.errors import IllegalAction
from engine.core.game import GameEvent, GameKind
from engine.games.esr.state import EsrState

SINK = [8, 8, 8, 8]  # seat 2 holds every sole majority, so seats 0 and 1 keep all their gems


@pytest.fixture
def final_turn(esr: GameKind, lapse_turns: Any, set_gems: Any) -> Callable[..., EsrState]:
    """A 3-player game at the choice of its very last turn, with seats arranged as given."""

    def start(money: tuple[int, int, int], gems0: list[int], gems1: list[int]) -> EsrState:
        state, _ = esr.new_game(21, 3)
        state, _ = lapse_turns(state, 3 * state.turns_per_round - 1)
        assert state.round == 3 and not state.gem_deck
        for seat, gems in enumerate((gems0, gems1, SINK)):
            set_gems(state, seat, gems)
            state.players[seat].money = money[seat]
        return state

    return start


def finish(esr: GameKind, lapse_turns: Any, state: EsrState
           ) -> tuple[EsrState, list[GameEvent]]:
    assert esr.results(state) is None and not esr.is_over(state)
    state, events = lapse_turns(state, 1)
    assert esr.is_over(state)
    return state, events


def test_esr13_game_ends_after_the_third_scoring(esr, final_turn, lapse_turns, of_type):
    state = final_turn((50, 60, 0), [2, 2, 2, 2], [2, 2, 2, 2])
    state, events = finish(esr, lapse_turns, state)
    types = [e.type for e in events]
    assert types.index("round_scored") < types.index("game_ended") == len(types) - 1
    assert of_type(events, "round_scored")[0].round == 3
    assert [p.money for p in state.players] == [50, 60, 44]  # seat 2 scored 14+12+10+8
    results = esr.results(state)
    assert (results.winners, results.tiebreak) == ([1], "money")
    assert [(s.player, s.rank, s.score) for s in results.standings] == [
        (1, 1, 60), (0, 2, 50), (2, 3, 44)]
    ended = of_type(events, "game_ended")[0]
    assert (ended.winners, ended.ranking, ended.tiebreak) == ([1], [1, 0, 2], "money")


def test_after_the_end_nothing_is_pending_and_actions_are_refused(esr, final_turn, lapse_turns):
    state, _ = finish(esr, lapse_turns, final_turn((100, 200, 0), [1, 1, 1, 1], [1, 1, 1, 1]))
    assert esr.pending(state) == [] and esr.decision_for(state, 0) is None
    assert esr.view(state, None)["results"]["winners"] == [1]
    with pytest.raises(IllegalAction, match="over"):
        esr.apply(state, 0, {"type": "choose", "card": "money"})


@pytest.mark.parametrize(
    ("gems0", "gems1", "winner", "tiebreak"),
    [
        ([2, 2, 2, 2], [2, 2, 2, 1], 0, "gemstones"),
        ([2, 2, 2, 1], [2, 2, 2, 2], 1, "gemstones"),
        ([3, 0, 0, 0], [2, 1, 0, 0], 0, "red"),
        ([1, 1, 1, 0], [1, 2, 0, 0], 1, "yellow"),
        ([0, 0, 2, 1], [0, 0, 1, 2], 0, "green"),
        ([0, 3, 1, 2], [0, 3, 2, 1], 1, "green"),
    ],
)
def test_esr13_money_tie_broken_by_gems_then_red_yellow_green(
    esr, final_turn, lapse_turns, gems0, gems1, winner, tiebreak
):
    state = final_turn((100, 100, 0), gems0, gems1)
    state, _ = finish(esr, lapse_turns, state)
    results = esr.results(state)
    assert (results.winners, results.tiebreak) == ([winner], tiebreak)
    assert [s.rank for s in results.standings] == [1, 2, 3]
    assert results.standings[0].detail["gem_total"] == sum((gems0, gems1)[winner])


def test_esr13_still_tied_is_a_shared_win(esr, final_turn, lapse_turns, of_type):
    state = final_turn((100, 100, 0), [1, 2, 3, 4], [1, 2, 3, 4])
    state, events = finish(esr, lapse_turns, state)
    results = esr.results(state)
    assert (results.winners, results.tiebreak) == ([0, 1], "shared")
    assert [(s.player, s.rank) for s in results.standings] == [(0, 1), (1, 1), (2, 3)]
    assert of_type(events, "game_ended")[0].winners == [0, 1]
