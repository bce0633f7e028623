"""The coach on constructed games with one planted blunder: how often the review names it first,
and the CPU a review costs.

Run: python -m benchmarks.coach_bench --game emerald --games 100 [--seed 0]
(Emerald: a knight walked into the dragon's reach for nothing — in the endgame only where,
played out, another answer is clearly better; esr: an action card the strong
look-ahead, from 8 worlds, finds at least 15 million worse than greedy's; gke: a pick two sizes
off a three-star card among hard seats). Writes
benchmarks/results/coach_<game>[<tag>].json.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from benchmarks.report import save
from engine.coach.review import review
from tests.engine.coach.planted import emerald_blunder, esr_blunder, gke_blunder

RESULTS = Path(__file__).resolve().parent / "results"


def constructed(game: str, seed: int):  # type: ignore[no-untyped-def]
    """The constructed games for one seed (one per seat that had the chance)."""
    if game == "emerald":
        return [p for seat in range(3) if (p := emerald_blunder(seed, seat=seat)) is not None]
    if game == "gke":
        return [p for seat in range(3) if (p := gke_blunder(seed, seat=seat)) is not None]
    planted = esr_blunder(seed, margin=15.0, worlds=8)
    return [planted] if planted is not None else []


def main() -> None:
    """Construct, review, count."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=["emerald", "esr", "gke"], required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tag", default="", help="a suffix for the results file (runs side by "
                                                   "side on other seeds)")
    args = parser.parse_args()
    rows, seed = [], args.seed
    while len(rows) < args.games:
        for planted in constructed(args.game, seed):
            rival = "hard" if args.game == "gke" else "greedy"
            levels = [None if s == planted.seat else rival for s in range(planted.players)]
            mine = {i for i, (actor, _) in enumerate(planted.log) if actor == planted.seat}
            started = time.process_time()
            found = review(args.game, planted.seed, planted.players, None, planted.log,
                           planted.seat, mine, levels=levels)
            rows.append({"seed": planted.seed, "seat": planted.seat, "planted": planted.step,
                         "first": found.findings[0].step if found.findings else None,
                         "in_three": planted.step in [f.step for f in found.findings],
                         "cpu_s": round(time.process_time() - started, 2)})
            print(rows[-1], flush=True)
        seed += 1
    rows = rows[:args.games]
    figures = {"game": args.game, "games": len(rows), "seeds": [args.seed, seed - 1],
               "first": sum(r["first"] == r["planted"] for r in rows) / len(rows),
               "in_three": sum(r["in_three"] for r in rows) / len(rows),
               "cpu_median_s": statistics.median(r["cpu_s"] for r in rows),
               "cpu_max_s": max(r["cpu_s"] for r in rows), "rows": rows}
    save(RESULTS / f"coach_{args.game}{args.tag}.json", figures)
    print({k: v for k, v in figures.items() if k != "rows"})


if __name__ == "__main__":
    main()
