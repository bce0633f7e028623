"""Emerald's random playout answers exactly as the random policy over its decisions would."""

from __future__ import annotations

import random

from engine import get_kind
from engine.core.game import GameKind

GAME = get_kind("emerald")


def test_a_playout_draws_the_answer_the_decisions_options_would_give() -> None:
    checked = set()
    for players in (2, 3, 4, 5):
        for seed in range(12):
            fast = [random.Random(f"{seed}:{seat}") for seat in range(players)]
            slow = [random.Random(f"{seed}:{seat}") for seat in range(players)]
            state, _ = GAME.new_game(seed, players)
            while not GAME.is_over(state):
                answer = GAME.random_action(state, fast)
                assert answer == GameKind.random_action(GAME, state, slow)
                checked.add(state.phase)
                state, _ = GAME.advance(state, *answer, quiet=True)
            assert [r.getstate() for r in fast] == [r.getstate() for r in slow]
    assert checked == {"move", "card", "victim", "bribe"}  # every kind of decision drawn
