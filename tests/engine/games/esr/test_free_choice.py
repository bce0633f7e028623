"""Free Choice, the fourth action card with 5 players (ESR-11)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import GameEvent, GameKind
from engine.games.esr.state import EsrState

Start = Callable[..., tuple[EsrState, list[GameEvent]]]


@pytest.fixture
def free(esr: GameKind, play_choices: Any, set_gems: Any) -> Start:
    """A 5-player game in which `seats` choose Free Choice; the others choose Money (it lapses)
    or, if there are only two of them, Money and Gemstones (each alone)."""

    def start(seats: list[int], gems: dict[int, list[int]] | None = None,
              supply: list[int] | None = None, money: dict[int, int] | None = None
              ) -> tuple[EsrState, list[GameEvent]]:
        state, _ = esr.new_game(8, 5)
        for seat, amount in (money or {}).items():
            state.players[seat].money = amount
        for seat, counts in (gems or {}).items():
            set_gems(state, seat, counts)
        if supply is not None:  # park the surplus with seat 4, who never chooses Free Choice
            set_gems(state, 4, [state.players[4].gems[c] + state.supply[c] - supply[c]
                                for c in range(4)])
        others = [s for s in range(5) if s not in seats]
        return play_choices(state, {s: "free" if s in seats else "money" for s in range(5)}
                            | ({others[0]: "gems"} if len(others) == 2 else {}))

    return start


def colour(name: str) -> dict[str, str]:
    return {"type": "colour", "colour": name}


def conserved(state: EsrState) -> bool:
    return all(state.supply[c] + sum(p.gems[c] for p in state.players) == 22 for c in range(4))


def test_esr11_alone_returns_one_and_takes_any_two(esr, free, of_type):
    state, _ = free([0])
    decision = esr.pending(state)[0]
    assert (decision.player, decision.kind) == (0, "esr.free_give")
    state, _ = esr.apply(state, 0, colour("blue"))
    assert esr.pending(state)[0].kind == "esr.free_take"
    state, _ = esr.apply(state, 0, colour("red"))
    state, events = esr.apply(state, 0, colour("red"))
    taken = of_type(events, "free_choice_taken")
    assert [(e.seat, e.returned, e.taken) for e in taken] == [(0, "blue", ["red", "red"])]
    assert state.players[0].gems == [5, 3, 3, 2]
    assert conserved(state) and state.phase == "choose" and state.turn == 2


def test_esr11_alone_may_forgo(esr, free, of_type):
    state, _ = free([0])
    state, events = esr.apply(state, 0, {"type": "forgo"})
    assert [(e.returned, e.taken) for e in of_type(events, "free_choice_taken")] == [(None, [])]
    assert state.players[0].gems == [3, 3, 3, 3] and state.turn == 2


def test_esr11_alone_without_gems_lapses(free, of_type):
    state, events = free([0], gems={0: [0, 0, 0, 0]})
    lapsed = [e for e in of_type(events, "action_lapsed") if e.action == "free"]
    assert [(e.seats, e.reason) for e in lapsed] == [([0], "no_gemstones")]
    assert state.phase == "choose" and state.turn == 2


def test_esr11_alone_cannot_return_a_colour_not_owned(esr, free):
    state, _ = free([0], gems={0: [0, 3, 3, 3]})
    assert "Red" not in [o.label for o in esr.pending(state)[0].options]
    before = esr.dump(state)
    with pytest.raises(IllegalAction, match="no red gemstone"):
        esr.apply(state, 0, colour("red"))
    assert esr.dump(state) == before


def test_esr11_shared_each_takes_one_in_esr3_order(esr, free, of_type):
    gems = {0: [3, 3, 3, 3], 1: [4, 3, 3, 3], 2: [2, 5, 5, 5]}
    state, events = free([0, 1, 2], gems=gems)
    picks = []
    for name in ("green", "green", "red"):
        decision = esr.pending(state)[0]
        assert decision.kind == "esr.free_take"
        picks.append(decision.player)
        state, more = esr.apply(state, decision.player, colour(name))
        events += more
    assert picks == [2, 0, 1]  # fewest red first
    taken = of_type(events, "free_choice_taken")
    assert [(e.seat, e.returned, e.taken) for e in taken] == [
        (2, None, ["green"]), (0, None, ["green"]), (1, None, ["red"])]
    assert [state.players[s].gems for s in (0, 1, 2)] == [[3, 3, 4, 3], [5, 3, 3, 3],
                                                          [2, 5, 6, 5]]
    assert conserved(state)


@pytest.mark.parametrize(("money", "order"), [({}, [0, 1, 2]), ({0: 3, 2: 1}, [1, 2, 0])])
def test_esr11_shared_order_with_equal_gems_is_less_money_then_seat(esr, free, money, order):
    state, _ = free([0, 1, 2], money=money)
    picks = []
    while state.step is not None:
        picks.append(esr.pending(state)[0].player)
        state, _ = esr.apply(state, picks[-1], colour("blue"))
    assert picks == order


def test_esr11_shared_picker_out_of_turn_gets_not_your_turn(esr, free):
    state, _ = free([0, 1], gems={1: [2, 3, 3, 3]})
    with pytest.raises(NotYourTurn):
        esr.apply(state, 0, colour("red"))
    with pytest.raises(IllegalAction):
        esr.apply(state, 1, {"type": "forgo"})  # shared Free Choice has no forgo


def test_esr11_free_choice_resolves_after_gemstones(esr, free, of_type):
    state, events = free([0, 1, 2])  # seat 3 takes Gemstones alone before Free Choice
    types = [e.type for e in events]
    assert "gems_taken" in types and "free_choice_taken" not in types
    assert esr.pending(state)[0].kind == "esr.free_take"


def test_esr11_short_supply_offers_only_colours_left(esr, free):
    state, _ = free([0, 1], supply=[0, 0, 1, 0])
    first = esr.pending(state)[0]
    assert [o.action for o in first.options] == [colour("green")]
    with pytest.raises(IllegalAction, match="no red gemstone left"):
        esr.apply(state, first.player, colour("red"))
    state, events = esr.apply(state, first.player, colour("green"))
    # The supply is now empty: the second picker gets nothing and the turn ends.
    assert [len(e.taken) for e in events if e.type == "free_choice_taken"] == [1, 0]
    assert state.phase == "choose" and conserved(state)


def test_esr11_empty_supply_shared_picks_end_at_once(free, of_type):
    state, events = free([0, 1, 2], supply=[0, 0, 0, 0])
    assert [e.taken for e in of_type(events, "free_choice_taken")] == [[], [], []]
    assert state.phase == "choose" and state.turn == 2


def test_esr11_alone_with_empty_supply_may_take_back_what_was_returned(esr, free):
    state, _ = free([0], supply=[0, 0, 0, 0])
    state, _ = esr.apply(state, 0, colour("yellow"))
    assert [o.action for o in esr.pending(state)[0].options] == [colour("yellow")]
    state, events = esr.apply(state, 0, colour("yellow"))
    taken = [e for e in events if e.type == "free_choice_taken"]
    assert [(e.returned, e.taken) for e in taken] == [("yellow", ["yellow"])]
    assert state.players[0].gems == [3, 3, 3, 3] and state.turn == 2
