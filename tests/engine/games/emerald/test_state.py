"""The state's copy: searches make one per position, field by field (state.clone), so a field
added to the state and forgotten there would leak between positions."""

from __future__ import annotations

import random

from engine.games.emerald.state import _FLAT, _NESTED, FIELDS
from tests.engine.games.emerald.builders import GAME


def test_a_clone_copies_every_field_and_shares_no_list():
    state, _ = GAME.new_game(5, 3)
    rng = random.Random(5)
    for _ in range(60):
        (decision,) = GAME.pending(state)
        state, _ = GAME.apply(state, decision.player, rng.choice(decision.options).action)
    copy = state.clone()
    assert copy == state and copy.rng.state == state.rng.state
    for name in FIELDS:
        assert getattr(copy, name) == getattr(state, name), name
    for name in (*_FLAT, *_NESTED):
        assert getattr(copy, name) is not getattr(state, name), name
    for name in _NESTED:
        assert all(a is not b for a, b in zip(getattr(copy, name), getattr(state, name),
                                              strict=True)), name
