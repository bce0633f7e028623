"""The AI-level benchmark plays its tables with the strong seat rotated, and a --set change of
the strong level's constants reaches the game it plays."""

from __future__ import annotations

from benchmarks.emerald_bench import play
from engine.games.emerald import strong


def test_a_benchmark_game_shares_the_win_and_times_only_strong_decisions() -> None:
    played = play(["strong", "greedy"], 3)
    assert sum(played["wins"]) == 1.0 and len(played["scores"]) == 2
    assert played["strong_cpu"] and all(c >= 0 for c in played["strong_cpu"])


def test_a_set_change_applies_to_the_strong_level(monkeypatch) -> None:
    for name in ("POSITIONS", "ALWAYS"):
        monkeypatch.setattr(strong, name, getattr(strong, name))  # restored afterwards
    play(["strong", "greedy"], 4, (("POSITIONS", "123"), ("ALWAYS", "bribe")))
    assert strong.POSITIONS == 123 and strong.ALWAYS == ("bribe",)
