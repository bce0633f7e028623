"""The coach on games the strong AI played: how many of them have a decision of its own called
clearly worse (the issue's check: none should cost more than the estimate's error).

Run: python -m benchmarks.coach_self --game emerald --games 30 [--seed 0] [--lone]
Three `strong` seats, seat 0 reviewed with every seat's level known; --lone: one strong seat
among two greedy ones, reviewed as a person (the levels the review sees: None, greedy, greedy).
Writes benchmarks/results/coach_self_<game>[_lone].json.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from benchmarks.report import save
from engine.coach.review import review
from engine.core.simulate import play_game

RESULTS = Path(__file__).resolve().parent / "results"


def reviewed(game: str, seed: int, lone: bool) -> dict:
    """One game played and seat 0's review: its findings and what the review cost."""
    if lone:
        levels, people, known = ["strong", "greedy", "greedy"], frozenset({0}), \
            [None, "greedy", "greedy"]
    else:
        levels, people, known = ["strong"] * 3, frozenset(), ["strong"] * 3
    played = play_game(game, seed, levels, people=people)
    mine = {step for step, (actor, _) in enumerate(played.log) if actor == 0}
    found = review(game, seed, 3, None, played.log, 0, mine, levels=known)
    return {"seed": seed, "judged": found.judged, "agreed": found.agreed,
            "findings": [{"step": f.step, "cost": round(f.cost, 2), "error": round(f.error, 2),
                          "sure": f.sure} for f in found.findings],
            "cpu_s": round(found.cpu_seconds, 2)}


def main() -> None:
    """Play, review, count."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=["emerald", "esr"], required=True)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lone", action="store_true")
    args = parser.parse_args()
    rows = []
    for seed in range(args.seed, args.seed + args.games):
        rows.append(reviewed(args.game, seed, args.lone))
        print(rows[-1], flush=True)
    sure = [r for r in rows if any(f["sure"] for f in r["findings"])]
    figures = {"game": args.game, "lone": args.lone, "games": len(rows),
               "seeds": [args.seed, args.seed + args.games - 1],
               "games_with_a_sure_finding": len(sure),
               "sure_findings": [(r["seed"], f["cost"], f["error"]) for r in sure
                                 for f in r["findings"] if f["sure"]],
               "agreed_share": round(sum(r["agreed"] for r in rows)
                                     / max(1, sum(r["judged"] for r in rows)), 3),
               "cpu_median_s": statistics.median(r["cpu_s"] for r in rows), "rows": rows}
    save(RESULTS / f"coach_self_{args.game}{'_lone' if args.lone else ''}.json", figures)
    print({k: v for k, v in figures.items() if k != "rows"})


if __name__ == "__main__":
    main()
