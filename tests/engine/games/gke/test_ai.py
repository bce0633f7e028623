"""The AI seats' levels: a sharper eye finds more gems."""

import random

from engine.games.gke import GAME, POLICIES


def play(levels, seed):
    state, _ = GAME.new_game(seed, len(levels))
    rngs = [random.Random(seed * 10 + s) for s in range(len(levels))]
    while not GAME.is_over(state):
        decision = GAME.next_decision(state)
        action = POLICIES[levels[decision.player]](GAME, state, decision, rngs[decision.player])
        state, _ = GAME.apply(state, decision.player, action)
    return state


def test_hard_beats_easy_head_to_head():
    points = {"hard": 0, "easy": 0}
    for seed in range(30):
        levels = ["hard", "easy"] if seed % 2 else ["easy", "hard"]
        state = play(levels, seed)
        for standing in state.results.standings:
            points[levels[standing.player]] += standing.score
    assert points["hard"] > 1.5 * points["easy"]


def test_an_ai_fills_a_card_it_has_no_gem_for_with_a_gem_of_its_kind():
    state, _ = GAME.new_game(5, 3)
    decision = GAME.decision_for(state, 0)
    action = POLICIES["medium"](GAME, state, decision, random.Random(0))
    assert action in [o.action for o in decision.options]
    state, _ = GAME.apply(state, 0, action)
    assert state.held(0) == 1
