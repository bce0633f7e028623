"""Engine speed: complete games per second per AI level (random for 3, 4, 5 players; greedy and
strong for 4 players).

Run: python -m benchmarks.engine_bench [--games N]; writes benchmarks/results/engine.json.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from benchmarks.report import print_table, save
from engine.core.simulate import play_game

RESULTS = Path(__file__).resolve().parent / "results" / "engine.json"


def measure(players: int, games: int, level: str = "random") -> dict[str, float | str]:
    """Play `games` games with every seat at `level`; report games/s and actions/s."""
    actions = 0
    started = time.perf_counter()
    for seed in range(games):
        actions += len(play_game("esr", seed, [level] * players).record.actions)
    elapsed = time.perf_counter() - started
    return {"level": level, "players": players, "games": games,
            "games_per_s": round(games / elapsed, 2),
            "actions_per_s": round(actions / elapsed), "actions_per_game": round(actions / games)}


def main() -> None:
    """Run and print a markdown table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    rows = [measure(players, args.games) for players in (3, 4, 5)]
    rows += [measure(4, max(args.games // 4, 2), "greedy"), measure(4, 3, "strong")]
    save(RESULTS, rows)
    print_table(["level", "players", "games/s", "actions/s", "actions per game"],
                [(r["level"], r["players"], r["games_per_s"], r["actions_per_s"],
                  r["actions_per_game"]) for r in rows])


if __name__ == "__main__":
    main()
