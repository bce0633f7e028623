"""Emerald's AI levels against each other, and what a strong decision costs.

Tables (each --games games, seeds 0..games-1, the seats rotated one place per seed so no level
keeps the first seat; a shared first place counts as a share of a win):
  greedy vs 3 random (4 players), strong vs 3 greedy (4 players), strong vs greedy (2 players),
  three strong seats (3 players: within 5 points of each other?).
CPU per strong decision (median and max) over every decision with more than one option.

Run: python -m benchmarks.emerald_bench [--games N] [--seed FIRST] [--workers W] [--tables A,B]
[--set NAME=VALUE ...] [--out FILE]; writes benchmarks/results/emerald.json (or FILE). --set
changes a constant of engine/games/emerald/strong.py for the run (the variants measured in
docs/benchmarks.md: --set ENDGAME=4 plays every close call out, --set GATE=0 drops the gate,
--set ALWAYS= plays no bribe out before the end; a tuple is given comma-separated).
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
from engine.core.ai import get_policy, seated
from engine.games.emerald import strong

RESULTS = Path(__file__).resolve().parent / "results" / "emerald.json"
TABLES = {
    "greedy vs 3 random": ["greedy", "random", "random", "random"],
    "strong vs 3 greedy": ["strong", "greedy", "greedy", "greedy"],
    "strong vs greedy (2 players)": ["strong", "greedy"],
    "three strong": ["strong", "strong", "strong"],
}


def play(levels: list[str], seed: int, changes: tuple[tuple[str, str], ...] = ()
         ) -> dict[str, Any]:
    """One game with the seats rotated by `seed`: shares of the win per level slot, and the CPU
    seconds of every strong decision. `changes`: strong.py's constants to set first."""
    for name, text in changes:
        now = getattr(strong, name)
        setattr(strong, name, tuple(filter(None, text.split(","))) if isinstance(now, tuple)
                else type(now)(text))
    kind = get_kind("emerald")
    shift = seed % len(levels)
    seats = levels[shift:] + levels[:shift]
    slot = [(seat + shift) % len(levels) for seat in range(len(levels))]
    policies = [get_policy(level) for level in seats]
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(seats))]
    state, _ = kind.new_game(seed, len(seats))
    strong_cpu = []
    with seated(seats):
        while not kind.is_over(state):
            decision = kind.next_decision(state)
            seat = decision.player
            started = time.process_time()
            action = policies[seat](kind, state, decision, rngs[seat])
            if seats[seat] == "strong" and len(decision.options) > 1:
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


def table(name: str, games: int, workers: int, first: int = 0,
          changes: tuple[tuple[str, str], ...] = ()) -> dict[str, Any]:
    """Play one table `games` times, seeds from `first` on."""
    levels = TABLES[name]
    seeds = range(first, first + games)
    with ProcessPoolExecutor(workers) as pool:
        played = list(pool.map(play, [levels] * games, seeds, [changes] * games))
    wins = [sum(p["wins"][i] for p in played) for i in range(len(levels))]
    scores = [statistics.mean(p["scores"][i] for p in played) for i in range(len(levels))]
    cpu = [c for p in played for c in p["strong_cpu"]]
    # The first level's lead over the best of the others, per game (the strong seat's margin).
    lead = [p["scores"][0] - max(p["scores"][1:]) for p in played]
    return {"table": name, "levels": levels, "games": games,
            "seeds": f"{seeds[0]}..{seeds[-1]}", "strong_changes": dict(changes),
            "win_pct": [round(100 * w / games, 1) for w in wins],
            "mean_score": [round(s, 1) for s in scores],
            "first_level_lead": {"mean": round(statistics.mean(lead), 2),
                                 "error": round(statistics.stdev(lead) / games ** 0.5, 2)},
            "strong_decision_cpu_s": {"median": round(statistics.median(cpu), 3),
                                      "max": round(max(cpu), 3), "decisions": len(cpu)}
            if cpu else None}


def main() -> None:
    """Play every table; print and save the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--tables", default=",".join(TABLES))
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    changes = tuple(tuple(item.split("=", 1)) for item in args.set)
    rows = [table(name, args.games, args.workers, args.seed, changes)  # type: ignore[arg-type]
            for name in args.tables.split(",")]
    save(args.out, rows)
    print_table(["table", "games", "win % by seat level", "mean score",
                 "first level's lead", "strong CPU per decision (median / max s)"],
                [(r["table"], r["games"], " / ".join(f"{lv} {w}" for lv, w in
                                                      zip(r["levels"], r["win_pct"],
                                                          strict=True)),
                  " / ".join(map(str, r["mean_score"])),
                  "{mean} ± {error}".format(**r["first_level_lead"]),
                  "—" if r["strong_decision_cpu_s"] is None else
                  "{median} / {max}".format(**r["strong_decision_cpu_s"]))
                 for r in rows])


if __name__ == "__main__":
    main()
