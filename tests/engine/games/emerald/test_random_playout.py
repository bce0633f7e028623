"""Emerald's one-loop random playout answers exactly as the random policy over its decisions."""

from __future__ import annotations

import random

from engine import get_kind
from engine.core.game import GameKind
from engine.core.record import replay
from engine.core.simulate import play_game

GAME = get_kind("emerald")


def test_a_playout_gives_the_answers_and_state_of_the_decisions_played_one_by_one() -> None:
    phases = set()
    for players in (2, 3, 4, 5):
        for seed in range(12):
            fast = [random.Random(f"{seed}:{seat}") for seat in range(players)]
            slow = [random.Random(f"{seed}:{seat}") for seat in range(players)]
            state, answers = GAME.playout(GAME.new_game(seed, players)[0], fast)
            expected, replayed = GameKind.playout(GAME, GAME.new_game(seed, players)[0], slow)
            assert answers == replayed
            assert GAME.dump(state) == GAME.dump(expected) and state.step == expected.step
            assert [r.getstate() for r in fast] == [r.getstate() for r in slow]
            phases |= {action["type"] for _, action in answers}
    assert phases == {"move", "end_turn", "take", "victim", "bribe"}  # every kind drawn


def test_a_playout_from_the_middle_of_a_turn_goes_on_from_there() -> None:
    state, _ = GAME.new_game(5, 3)
    rngs = [random.Random(seat) for seat in range(3)]
    decision = GAME.next_decision(state)
    state, _ = GAME.advance(state, 0, decision.options[0].action)
    slow = [random.Random(seat) for seat in range(3)]
    finished, answers = GAME.playout(state.clone(), rngs)
    expected, replayed = GameKind.playout(GAME, state, slow)
    assert answers == replayed and GAME.dump(finished) == GAME.dump(expected)
    assert GAME.is_over(finished)


def test_a_simulated_random_game_records_answers_that_replay_to_its_final_state() -> None:
    for players in (2, 4, 5):
        played = play_game("emerald", 40 + players, ["random"] * players)
        replayed, _ = replay(played.record)
        assert GAME.dump(replayed) == GAME.dump(played.final_state)
        assert len(played.record.actions) == len(played.log) == played.final_state.step
