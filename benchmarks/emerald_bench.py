"""Emerald's AI levels against each other, and what a strong decision costs.

Tables (each --games games, seeds 0..games-1, the seats rotated one place per seed so no level
keeps the first seat; a shared first place counts as a share of a win):
  greedy vs 3 random (4 players), the search (engine/games/emerald/search.py, the candidate for
  `strong`) vs 3 greedy (4 players), search vs greedy (2 players), three search seats (3 players:
  within 5 points of each other?).
CPU per search decision (median and max) over every decision with more than one option.

Run: python -m benchmarks.emerald_bench [--games N] [--workers W]; writes
benchmarks/results/emerald.json.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.report import print_table, save
from engine import get_kind
from engine.core.ai import get_policy, searching, seated
from engine.games.emerald.search import strong_policy

RESULTS = Path(__file__).resolve().parent / "results" / "emerald.json"
# "search" is engine/games/emerald/search.py, the candidate for `strong`; until it beats greedy
# the `strong` level plays as greedy, so the tables name the search itself.
TABLES = {
    "greedy vs 3 random": ["greedy", "random", "random", "random"],
    "search vs 3 greedy": ["search", "greedy", "greedy", "greedy"],
    "search vs greedy (2 players)": ["search", "greedy"],
    "three search": ["search", "search", "search"],
}


def policy_for(level: str) -> Any:
    """The policy of a level, or the search candidate for "search"."""
    return searching(strong_policy) if level == "search" else get_policy(level)


def play(levels: list[str], seed: int) -> dict[str, Any]:
    """One game with the seats rotated by `seed`: shares of the win per level slot, and the CPU
    seconds of every strong decision."""
    kind = get_kind("emerald")
    shift = seed % len(levels)
    seats = levels[shift:] + levels[:shift]
    slot = [(seat + shift) % len(levels) for seat in range(len(levels))]
    policies = [policy_for(level) for level in seats]
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(seats))]
    state, _ = kind.new_game(seed, len(seats))
    strong_cpu = []
    with seated([("strong" if level == "search" else level) for level in seats]):
        while not kind.is_over(state):
            decision = kind.next_decision(state)
            seat = decision.player
            started = time.process_time()
            action = policies[seat](kind, state, decision, rngs[seat])
            if seats[seat] == "search" and len(decision.options) > 1:
                strong_cpu.append(time.process_time() - started)
            state, _ = kind.advance(state, seat, action, quiet=True)
    results = kind.results(state)
    wins = [0.0] * len(levels)
    scores = [0] * len(levels)
    for standing in results.standings:
        scores[slot[standing.player]] = standing.score
    for winner in results.winners:
        wins[slot[winner]] += 1 / len(results.winners)
    return {"wins": wins, "scores": scores, "strong_cpu": strong_cpu}


def table(name: str, games: int, workers: int) -> dict[str, Any]:
    """Play one table `games` times."""
    levels = TABLES[name]
    with ProcessPoolExecutor(workers) as pool:
        played = list(pool.map(play, [levels] * games, range(games)))
    wins = [sum(p["wins"][i] for p in played) for i in range(len(levels))]
    scores = [statistics.mean(p["scores"][i] for p in played) for i in range(len(levels))]
    cpu = [c for p in played for c in p["strong_cpu"]]
    return {"table": name, "levels": levels, "games": games, "seeds": f"0..{games - 1}",
            "win_pct": [round(100 * w / games, 1) for w in wins],
            "mean_score": [round(s, 1) for s in scores],
            "search_decision_cpu_s": {"median": round(statistics.median(cpu), 3),
                                      "max": round(max(cpu), 3), "decisions": len(cpu)}
            if cpu else None}


def main() -> None:
    """Play every table; print and save the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tables", default=",".join(TABLES))
    args = parser.parse_args()
    rows = [table(name, args.games, args.workers) for name in args.tables.split(",")]
    save(RESULTS, rows)
    print_table(["table", "games", "win % by seat level", "mean score",
                 "search CPU per decision (median / max s)"],
                [(r["table"], r["games"], " / ".join(f"{lv} {w}" for lv, w in
                                                      zip(r["levels"], r["win_pct"],
                                                          strict=True)),
                  " / ".join(map(str, r["mean_score"])),
                  "—" if r["search_decision_cpu_s"] is None else
                  "{median} / {max}".format(**r["search_decision_cpu_s"]))
                 for r in rows])


if __name__ == "__main__":
    main()
