"""The ceiling benchmark plays whole games with a seat that sees what no honest seat does, and
its foresight leaves greedy's own search as it was."""

from __future__ import annotations

from benchmarks.emerald_ceiling import play
from engine.games.emerald import ai


def test_a_ceiling_game_gives_its_seat_a_share_of_the_win_and_leaves_greedy_alone() -> None:
    outcomes = ai.outcomes
    for variant in ("oracle", "foresight"):
        for players, seed in ((2, 0), (4, 1)):
            assert 0.0 <= play(variant, players, seed) <= 1.0
    assert ai.outcomes is outcomes, "the foresight's dice stay inside its own choices"
