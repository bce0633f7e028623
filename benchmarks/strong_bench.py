"""The 'strong' AI at tables of AIs: is it fair among its own kind, and is it stronger?

Tables of 4 players, N games each (the goals in brackets):
- fair: three 'strong' seats and one 'greedy' seat shown to the others as a person: each strong
  seat's win share (within 5 points of the others), the greedy seat's (at most 25 %);
- mixed: two seats of level A and two of level B (--versus A,B), alternating from game to game:
  the share of (A, B) pairs in which A ends with more money (a new 'strong' against the current
  one, registered under another name while it is tried: at least 55 %);
- vs_greedy: one 'strong' against three 'greedy': its win share (at least 85 %), and the CPU
  time of each of its action choices (the look-ahead; at most 0.2 s) over 20 games.
A shared win counts for each winner. Games run in parallel processes, one per core (--jobs).

Run: python -m benchmarks.strong_bench [--games 200] [--jobs 2]; writes
benchmarks/results/strong.json.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from benchmarks.report import print_table, save
from engine import get_kind
from engine.core.ai import get_policy, seated
from engine.core.simulate import play_game

RESULTS = Path(__file__).resolve().parent / "results" / "strong.json"
FAIR = ["greedy", "strong", "strong", "strong"]
VS_GREEDY = ["strong", "greedy", "greedy", "greedy"]
TIMED_GAMES = 20  # games whose lone strong seat's choices are timed one by one


def one_game(table: str, seed: int, versus: tuple[str, str] = ("strong", "greedy")
             ) -> dict[str, object]:
    """Play one game of a table; its seats, winners and money."""
    a, b = versus
    mixed = [a, b, a, b] if seed % 2 == 0 else [b, a, b, a]
    levels = mixed if table == "mixed" else (FAIR if table == "fair" else VS_GREEDY)
    people = frozenset({0}) if table == "fair" else frozenset()
    started = time.process_time()
    played = play_game("esr", seed, list(levels), people=people)
    results = get_kind("esr").results(played.final_state)
    money = {s.player: s.score for s in results.standings}
    return {"table": table, "seed": seed, "levels": list(levels), "winners": results.winners,
            "money": [money[s] for s in range(len(levels))],
            "cpu_s": time.process_time() - started}


def choice_times(seed: int) -> list[float]:
    """CPU seconds of each action choice of a lone strong seat (the look-ahead) in one game."""
    kind = get_kind("esr")
    strong, greedy = get_policy("strong"), get_policy("greedy")
    state, _ = kind.new_game(seed, 4)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(4)]
    times = []
    with seated(VS_GREEDY):
        while not kind.is_over(state):
            decision = kind.next_decision(state)
            seat = decision.player
            started = time.process_time()
            action = (strong if seat == 0 else greedy)(kind, state, decision, rngs[seat])
            if seat == 0 and decision.kind == "esr.choose_action":
                times.append(time.process_time() - started)
            state, _ = kind.advance(state, seat, action, quiet=True)
    return times


def summarise(games: list[dict[str, object]], versus: tuple[str, str]) -> dict[str, object]:
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
            a, b = versus
            for new in (s for s, lv in enumerate(g["levels"]) if lv == a):
                for old in (s for s, lv in enumerate(g["levels"]) if lv == b):
                    pairs += 1
                    won += g["money"][new] > g["money"][old]
                    won += 0.5 * (g["money"][new] == g["money"][old])
        out["mixed"] = {"games": len(mixed), "levels": list(versus), "pairs": pairs,
                        "a_beats_b": won / pairs}
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
    parser.add_argument("--tables", default="fair,vs_greedy")
    parser.add_argument("--versus", default="strong,greedy",
                        help="the mixed table's two levels, A,B")
    args = parser.parse_args()
    a, b = args.versus.split(",")
    versus = (a, b)
    work = [(table, args.seed + i, versus) for table in args.tables.split(",")
            for i in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(one_game, *zip(*work, strict=True), chunksize=4))
    figures = {"summary": summarise(games, versus), "games": games}
    if "vs_greedy" in args.tables.split(","):
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            times = sorted(t for game in pool.map(choice_times, range(args.seed, args.seed
                                                                         + TIMED_GAMES))
                           for t in game)
        figures["summary"]["choice_ms"] = {
            "choices": len(times), "median": 1000 * statistics.median(times),
            "p95": 1000 * times[int(0.95 * len(times))], "max": 1000 * times[-1]}
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
        rows.append((f"2 {a} + 2 {b}", m["games"],
                     f"{a} ahead in {100 * m['a_beats_b']:.1f} % of {m['pairs']} "
                     "pairs"))
    if "vs_greedy" in summary:
        v = summary["vs_greedy"]
        rows.append(("strong + 3 greedy", v["games"],
                     f"strong wins {100 * v['strong_win_share']:.1f} %"))
    if "choice_ms" in summary:
        c = summary["choice_ms"]
        rows.append(("its look-ahead, CPU per action choice", TIMED_GAMES,
                     f"median {c['median']:.0f} ms, p95 {c['p95']:.0f} ms, "
                     f"max {c['max']:.0f} ms ({c['choices']} choices)"))
    print_table(["table", "games", "result"], rows, left=3)


if __name__ == "__main__":
    main()
