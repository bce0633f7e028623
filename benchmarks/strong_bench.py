"""The 'strong' AI at tables of AIs: is it fair among its own kind, and is it stronger?

Three tables, 4 players, N games each (issue 15's goals in brackets):
- three 'strong' seats and one 'greedy' seat shown to the others as a person: each strong
  seat's win share (within 5 points of the others), the greedy seat's (at most 25 %);
- two 'strong' and two 'strong-v1' seats (the 'strong' before issue 15, frozen), seats alternating
  from game to game: the share of (strong, strong-v1) pairs in which 'strong' ends with more money
  (at least 55 %);
- one 'strong' against three 'greedy': its win share (at least 85 %).
A shared win counts for each winner. Games run in parallel processes, one per core (--jobs).

Run: python -m benchmarks.strong_bench [--games 200] [--jobs 2]; writes
benchmarks/results/strong.json.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from benchmarks.report import print_table, save
from engine import get_kind
from engine.core.simulate import play_game

RESULTS = Path(__file__).resolve().parent / "results" / "strong.json"
FAIR = ["greedy", "strong", "strong", "strong"]
MIXED = (["strong", "strong-v1", "strong", "strong-v1"], ["strong-v1", "strong", "strong-v1",
                                                          "strong"])
VS_GREEDY = ["strong", "greedy", "greedy", "greedy"]


def one_game(table: str, seed: int) -> dict[str, object]:
    """Play one game of a table; its seats, winners and money."""
    levels = MIXED[seed % 2] if table == "mixed" else (FAIR if table == "fair" else VS_GREEDY)
    people = frozenset({0}) if table == "fair" else frozenset()
    started = time.process_time()
    played = play_game("esr", seed, list(levels), people=people)
    results = get_kind("esr").results(played.final_state)
    money = {s.player: s.score for s in results.standings}
    return {"table": table, "seed": seed, "levels": list(levels), "winners": results.winners,
            "money": [money[s] for s in range(len(levels))],
            "cpu_s": time.process_time() - started}


def summarise(games: list[dict[str, object]]) -> dict[str, object]:
    """The figures of each table."""
    out: dict[str, object] = {}
    fair = [g for g in games if g["table"] == "fair"]
    if fair:
        shares = [sum(seat in g["winners"] for g in fair) / len(fair) for seat in range(4)]
        out["fair"] = {"games": len(fair), "win_share_by_seat": shares,
                       "strong_spread_points": round(100 * (max(shares[1:]) - min(shares[1:])),
                                                     1),
                       "greedy_win_share": shares[0]}
    mixed = [g for g in games if g["table"] == "mixed"]
    if mixed:
        won = pairs = 0
        for g in mixed:
            for new in (s for s, lv in enumerate(g["levels"]) if lv == "strong"):
                for old in (s for s, lv in enumerate(g["levels"]) if lv == "strong-v1"):
                    pairs += 1
                    won += g["money"][new] > g["money"][old]
                    won += 0.5 * (g["money"][new] == g["money"][old])
        out["mixed"] = {"games": len(mixed), "pairs": pairs, "strong_beats_v1": won / pairs}
    versus = [g for g in games if g["table"] == "vs_greedy"]
    if versus:
        out["vs_greedy"] = {"games": len(versus),
                            "strong_win_share": sum(0 in g["winners"] for g in versus)
                            / len(versus)}
    return out


def main() -> None:
    """Play every table's games in parallel and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--tables", default="fair,mixed,vs_greedy")
    args = parser.parse_args()
    work = [(table, args.seed + i) for table in args.tables.split(",")
            for i in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(one_game, *zip(*work, strict=True), chunksize=4))
    figures = {"summary": summarise(games), "games": games}
    save(RESULTS, figures)
    summary = figures["summary"]
    rows = []
    if "fair" in summary:
        f = summary["fair"]
        rows.append(("3 strong + greedy (as a person)", f["games"],
                     "strong seats " + " / ".join(f"{100 * x:.0f} %"
                                                  for x in f["win_share_by_seat"][1:])
                     + f", greedy {100 * f['greedy_win_share']:.0f} %"))
    if "mixed" in summary:
        m = summary["mixed"]
        rows.append(("2 strong + 2 strong-v1", m["games"],
                     f"strong ahead in {100 * m['strong_beats_v1']:.1f} % of {m['pairs']} pairs"))
    if "vs_greedy" in summary:
        v = summary["vs_greedy"]
        rows.append(("strong + 3 greedy", v["games"],
                     f"strong wins {100 * v['strong_win_share']:.0f} %"))
    print_table(["table", "games", "result"], rows, left=3)


if __name__ == "__main__":
    main()
