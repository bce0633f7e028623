"""Emerald's AI levels: legal answers everywhere, the greedy level's judgement on clear cases
(cards, the dragon's reach, the bribe), the strong level's play-outs and budget."""

from __future__ import annotations

import random

import pytest

from engine.core.ai import budgeted, get_policy
from engine.games.emerald.ai import dragon_reach, greedy_policy, value
from engine.games.emerald.strong import strong_policy
from tests.engine.games.emerald.builders import GAME, act, move, position
from tests.engine.games.emerald.test_dragon import EMPTY, board


@pytest.mark.parametrize("policy", [greedy_policy, strong_policy], ids=["greedy", "strong"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_answer_is_one_of_the_options(policy, players):
    state, _ = GAME.new_game(players, players)
    rng = random.Random(players)
    for _ in range(40):
        if GAME.is_over(state):
            break
        (decision,) = GAME.pending(state)
        action = policy(GAME, state, decision, rng)
        assert action in [o.action for o in decision.options]
        state, _ = GAME.apply(state, decision.player, action)


def test_greedy_takes_the_five_over_a_lone_gem():
    state = position(3, knights={0: {"C6": 1, "T1": 4}}, dragon=1, heading="chamber",
                     gold={7: [5]}, gems={7: ["ruby"]})
    state, _ = move(state, "C6")
    (decision,) = GAME.pending(state)
    assert get_policy("greedy")(GAME, state, decision, random.Random(1)) == {
        "type": "take", "pile": "gold"}


def test_greedy_takes_the_gem_that_completes_four_kinds_over_a_one():
    state = position(3, knights={0: {"C6": 1, "T1": 4}}, dragon=1, heading="chamber",
                     gold={7: [1]}, gems={7: ["ruby"]},
                     held={0: {"emerald": 1, "garnet": 1, "turquoise": 1}})
    state, _ = move(state, "C6")
    (decision,) = GAME.pending(state)
    assert get_policy("greedy")(GAME, state, decision, random.Random(1))["pile"] == "gem"


def test_greedy_enters_the_chamber_this_turn_after_a_move_that_does_not_end_it():
    state = position(3, knights={0: {"C9": 1, "M1": 1, "T1": 3}}, gold=EMPTY, gems=EMPTY)
    policy = get_policy("greedy")
    rng = random.Random(2)
    first = policy(GAME, state, GAME.pending(state)[0], rng)
    assert first["space"] != "C9"  # the treasure would end the turn: move another first
    state, _ = GAME.apply(state, 0, first)
    state, _ = GAME.apply(state, 0, policy(GAME, state, GAME.pending(state)[0], rng))
    assert state.treasures[0] == 1 and state.seat == 1


def test_greedy_as_roller_lets_the_dragon_catch_a_rivals_knight():
    state = board(knights={0: {"M6": 1, "C1": 1, "T1": 3}, 1: {"C1": 1, "T1": 4}},
                  dragon=2, roll=1)
    state, _ = move(state, "M6")
    (decision,) = GAME.pending(state)
    assert get_policy("greedy")(GAME, state, decision, random.Random(3))["colour"] == 1


def test_greedy_bribes_with_its_cheapest_card_for_a_knight_deep_in_the_cave():
    state = board(knights={0: {"M6": 1, "T1": 4}, 1: {"C2": 1, "T1": 4}}, dragon=3, roll=1,
                  hands={1: [5, 1]})
    state, _ = move(state, "M6")
    (decision,) = GAME.pending(state)
    assert get_policy("greedy")(GAME, state, decision, random.Random(4)) == {
        "type": "bribe", "card": 1}


def test_the_dragons_reach_is_its_three_possible_landings():
    state = position(3, dragon=2)  # heading for the exit, rail C1–C4: C1, then back
    assert dragon_reach(state) == [11, 12, 13]  # C1, C2, C3 as spaces


def test_value_prefers_more_gold_in_hand():
    poorer = position(3, hands={0: [1]})
    richer = position(3, hands={0: [5]})
    assert value(richer, 0) > value(poorer, 0)


def test_the_strong_level_answers_legally_also_on_a_small_budget():
    state = position(4, knights={0: {"M1": 1, "C3": 1, "M6": 1, "T1": 2}})
    (decision,) = GAME.pending(state)
    with budgeted(0.2):
        quick = strong_policy(GAME, state, decision, random.Random(5))
    assert quick in [o.action for o in decision.options]


def test_a_single_option_is_answered_without_a_search():
    state = board(knights={0: {"M6": 1, "T1": 4}, 1: {"C2": 1, "T1": 4}}, dragon=3, roll=1,
                  hands={1: [2]})
    state, _ = move(state, "M6")
    state, _ = act(state, 1, type="bribe", card=2)
    (decision,) = GAME.pending(state)
    assert strong_policy(GAME, state, decision, random.Random(6)) in [
        o.action for o in decision.options]
