"""AI levels against each other in 4-player games: win rates and time per action choice.

Run: python -m benchmarks.ai_bench [--games N] [--jobs 2]; writes benchmarks/results/ai.json.
A shared win counts for each winner, so a row's win rates can add up to a little over 100 %.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from benchmarks.report import save
from engine import get_kind
from engine.core.simulate import play_game

RESULTS = Path(__file__).resolve().parent / "results" / "ai.json"
MATCHES = [
    ["greedy", "random", "random", "random"],
    ["strong", "random", "random", "random"],
    ["strong", "greedy", "greedy", "greedy"],
    ["greedy", "strong", "strong", "strong"],
]


def match(levels: list[str], games: int, seed: int) -> dict[str, object]:
    """Play `games` games with seat 1 = levels[0]; report seat 1's win rate."""
    kind = get_kind("esr")
    wins, money = 0, 0
    started = time.perf_counter()
    for i in range(games):
        played = play_game("esr", seed + i, levels)
        results = kind.results(played.final_state)
        wins += 0 in results.winners
        money += next(s.score for s in results.standings if s.player == 0)
    return {"seats": levels, "games": games, "seat1_win_rate": round(wins / games, 3),
            "seat1_avg_money": round(money / games, 1),
            "seconds_per_game": round((time.perf_counter() - started) / games, 2)}


def main() -> None:
    """Run every match and print a markdown table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1,
                        help="matches played at once, one process each (at most one per core, "
                             "or the seconds per game grow)")
    args = parser.parse_args()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(match, MATCHES, [args.games] * len(MATCHES),
                             [args.seed] * len(MATCHES)))
    save(RESULTS, rows, indent=1)
    print("| seat 1 | seats 2–4 | games | seat 1 wins | seat 1 avg money | s/game |")
    print("|---|---|---:|---:|---:|---:|")
    for r in rows:
        seats = r["seats"]
        print(f"| {seats[0]} | {', '.join(seats[1:])} | {r['games']} | "
              f"{100 * r['seat1_win_rate']:.0f} % | {r['seat1_avg_money']} | "
              f"{r['seconds_per_game']} |")


if __name__ == "__main__":
    main()
