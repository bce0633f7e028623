"""Tournament benchmark: a Swiss tournament played out by the service, every seat on autopilot.

Default: 64 players, emerald, tables of 4, 5 rounds, on a fresh SQLite file in a temporary
directory (--db takes a file path or a postgresql:// URL instead). Each round is played as the
front end plays it (see tests/engine/service/test_service_tournaments.py, `play_round`):
`set_table_thread` and `open_table` for every table, `set_autopilot(game, user, True)` for
every person at a table (the tables at once, with asyncio.gather; the last seat handed over
plays the game to its end), then `advance_tournament` records the results and pairs the next
round. Measured:

1. the pairing: `engine.tournament.pairing.swiss_tables` called directly, --pairing-repeats
   times, on the real standings (those the service pairs from) before each round, median and
   max per round in ms; and the service calls that pair a round (`start_tournament` for
   round 1, `advance_tournament` after it), database included;
2. the tables' throughput: games finished per second across a round (from the first
   `set_autopilot` to the last game's end) and seconds per round (open all tables + play +
   advance), with their medians over the rounds;
3. correctness: nobody seated twice (and everybody seated) in a round, the direct pairing
   equal to the one the service stored, every table's game finished with a result, the
   repeated pairs over the tournament (pairs of members who met more than once, and the
   meetings beyond the first) and the final standings' top 3.

Run from the repository root:  .venv/bin/python -m benchmarks.tournament_bench
  [--players 64] [--kind emerald] [--table-size 4] [--rounds 5] [--seed 1]
  [--db PATH_OR_URL] [--pairing-repeats 20]
Writes benchmarks/results/tournament.json and prints markdown tables.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import platform
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import print_table, save
from engine.service import GameService
from engine.store import StoreConfig
from engine.store.tournaments import TableRow
from engine.tournament.pairing import swiss_tables
from engine.tournament.standings import TableResult, met, standings

RESULTS = Path(__file__).resolve().parent / "results" / "tournament.json"
ORGANISER = 10**9  # not a player
CHANNEL = 900


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def as_results(tables: list[TableRow]) -> list[TableResult]:
    """The tables with a result as the standings read them (as the service does; no drops)."""
    return [r for r in (t.as_result() for t in tables) if r is not None]


def time_pairing(players: list[int], tables: list[TableRow], table_size: int, seed: int,
                 round_no: int, repeats: int) -> tuple[list[float], list[tuple]]:
    """`swiss_tables` on the standings after the tables' results, `repeats` times: the
    seconds of each call and the seating it gave."""
    results = as_results(tables)
    lines = standings(players, results, (), table_size)
    ranked = [s.user_id for s in lines if not s.dropped]
    points = {s.user_id: s.points for s in lines}
    seen = met(results)
    times: list[float] = []
    seating: list[tuple] = []
    for _ in range(repeats):
        start = time.perf_counter()
        seating = swiss_tables(ranked, points, seen, table_size, seed + round_no)
        times.append(time.perf_counter() - start)
    return times, seating


async def play_table(service: GameService, table: TableRow) -> float:
    """Hand every person at the table to the autopilot (the last one plays the game out);
    the time the game ended, by perf_counter."""
    assert table.game_id is not None
    for user in table.people:
        await service.set_autopilot(table.game_id, user, True)
    return time.perf_counter()


async def run(args: argparse.Namespace, database: str | Path) -> dict[str, Any]:
    """Sign up, start and play the whole tournament; the figures."""
    players = list(range(1, args.players + 1))
    # A fresh temporary file can use server 1; a given database may hold earlier runs.
    guild = 1 if args.db is None else time.time_ns() // 1000
    rounds: list[dict[str, Any]] = []
    pair_calls: list[dict[str, Any]] = []
    met_pairs: Counter[tuple[int, int]] = Counter()
    problems: list[str] = []
    total_start = time.perf_counter()
    async with await GameService.open(database) as service:
        info = await service.create_tournament(
            guild, CHANNEL, ORGANISER, kind=args.kind, format="swiss", rounds=args.rounds,
            table_size=args.table_size, seed=args.seed)
        tid = info.id
        signup_start = time.perf_counter()
        for user in players:
            await service.join_tournament(tid, user, f"P{user}")
        signup_s = time.perf_counter() - signup_start

        pairing_times, seating = time_pairing(players, [], args.table_size, args.seed, 1,
                                              args.pairing_repeats)
        start = time.perf_counter()
        info = await service.start_tournament(tid)
        pair_calls.append({"round": 1, "call": "start_tournament",
                           "ms": ms(time.perf_counter() - start)})
        autopilot_level = service._autopilot_level
        while True:
            round_no = info.round
            tables = await service.tournament_tables(tid, round_no)
            figures: dict[str, Any] = {
                "round": round_no, "tables": len(tables),
                "pairing_direct_median_ms": ms(statistics.median(pairing_times)),
                "pairing_direct_max_ms": ms(max(pairing_times)),
            }
            if [tuple(t.seats) for t in tables] != [tuple(s) for s in seating]:
                problems.append(f"round {round_no}: the direct pairing differs from the stored")
            seated = Counter(u for t in tables for u in t.people)
            twice = sorted(u for u, n in seated.items() if n > 1)
            missing = sorted(set(players) - set(seated))
            figures["seated_twice"], figures["not_seated"] = len(twice), len(missing)
            if twice or missing:
                problems.append(f"round {round_no}: twice {twice}, missing {missing}")
            for table in tables:
                met_pairs.update(itertools.combinations(sorted(table.people), 2))

            round_start = time.perf_counter()
            for table in tables:
                await service.set_table_thread(tid, round_no, table.table_no,
                                               100_000 * round_no + table.table_no)
                await service.open_table(tid, round_no, table.table_no)
            opened = time.perf_counter()
            tables = await service.tournament_tables(tid, round_no)
            play_start = time.perf_counter()
            ended = await asyncio.gather(*(play_table(service, t) for t in tables
                                           if not t.is_bye))
            played = time.perf_counter()
            call = "advance_tournament"
            info = await service.advance_tournament(tid)
            advanced = time.perf_counter()
            pairs = info.status == "running" and info.round == round_no + 1
            pair_calls.append({"round": round_no + 1 if pairs else None,
                               "call": call + (" (pairs)" if pairs else f" ({info.status})"),
                               "ms": ms(advanced - played)})

            done = await service.tournament_tables(tid, round_no)
            unfinished = [t.table_no for t in done if t.result is None]
            infos = [await service.get_game(t.game_id) for t in done  # type: ignore[arg-type]
                     if t.game_id is not None]
            statuses = Counter(g.status for g in infos)
            actions = sum(g.version for g in infos)
            if unfinished or set(statuses) != {"finished"}:
                problems.append(f"round {round_no}: no result at {unfinished}, {statuses}")
            games = sum(1 for t in done if not t.is_bye)
            play_s = played - play_start
            figures |= {
                "games": games,
                "actions": actions,
                "open_s": round(opened - round_start, 3),
                "play_s": round(play_s, 3),
                "first_game_end_s": round(min(ended) - play_start, 3) if ended else None,
                "advance_ms": ms(advanced - played),
                "round_s": round(advanced - round_start, 3),
                "games_per_s": round(games / play_s, 2) if play_s else None,
                "actions_per_s": round(actions / play_s) if play_s else None,
            }
            rounds.append(figures)
            print(f"round {round_no}: {games} games, {figures['round_s']} s "
                  f"(play {figures['play_s']} s)", file=sys.stderr, flush=True)
            if not pairs:
                break
            pairing_times, seating = time_pairing(
                players, await service.tournament_tables(tid), args.table_size, args.seed,
                info.round, args.pairing_repeats)
        if info.status != "finished":
            problems.append(f"the tournament ended {info.status}, not finished")
        final = await service.tournament_standings(tid)
        names = info.names()
    total_s = time.perf_counter() - total_start

    repeats = {pair: n for pair, n in met_pairs.items() if n > 1}
    advance_pairing = [c["ms"] for c in pair_calls if c["call"] == "advance_tournament (pairs)"]
    return {
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count()},
        "settings": {"players": args.players, "kind": args.kind,
                     "table_size": args.table_size, "rounds": args.rounds, "seed": args.seed,
                     "database": "sqlite (temporary file)" if args.db is None else
                     ("postgresql" if str(database).startswith("postgres") else "sqlite"),
                     "pairing_repeats": args.pairing_repeats,
                     "autopilot_level": autopilot_level,
                     "synchronous": StoreConfig().synchronous,
                     "tables_played": "concurrently (asyncio.gather), one service"},
        "summary": {
            "total_s": round(total_s, 2),
            "signup_s": round(signup_s, 3),
            "rounds_played": len(rounds),
            "games": sum(r["games"] for r in rounds),
            "actions": sum(r["actions"] for r in rounds),
            "pairing_direct_median_ms": round(statistics.median(
                r["pairing_direct_median_ms"] for r in rounds), 2),
            "pairing_direct_max_ms": max(r["pairing_direct_max_ms"] for r in rounds),
            "start_tournament_ms": pair_calls[0]["ms"],
            "advance_pairing_median_ms": (statistics.median(advance_pairing)
                                          if advance_pairing else None),
            "advance_pairing_max_ms": max(advance_pairing, default=None),
            "games_per_s_median": round(statistics.median(r["games_per_s"] for r in rounds), 2),
            "round_s_median": round(statistics.median(r["round_s"] for r in rounds), 3),
        },
        "rounds": rounds,
        "pairing_calls": pair_calls,
        "correctness": {
            "seated_twice_in_a_round": sum(r["seated_twice"] for r in rounds),
            "not_seated_in_a_round": sum(r["not_seated"] for r in rounds),
            "pairs_met": len(met_pairs),
            "repeated_pairs": len(repeats),
            "repeat_meetings": sum(n - 1 for n in repeats.values()),
            "most_meetings_of_a_pair": max(met_pairs.values(), default=0),
            "problems": problems,
            "played_per_member": sorted(Counter(s.played for s in final).items()),
            "top3": [{"rank": s.rank, "user_id": s.user_id, "name": names[s.user_id],
                      "points": s.points, "buchholz": s.buchholz, "score": s.score}
                     for s in final[:3]],
        },
    }


def report(figures: dict[str, Any]) -> None:
    """The figures as markdown tables."""
    print_table(["round", "tables", "swiss_tables median ms", "max ms", "pairing call ms",
                 "open s", "play s", "advance ms", "round s", "games/s", "actions/s"],
                [(r["round"], r["tables"], r["pairing_direct_median_ms"],
                  r["pairing_direct_max_ms"], figures["pairing_calls"][i]["ms"], r["open_s"],
                  r["play_s"], r["advance_ms"], r["round_s"], r["games_per_s"],
                  r["actions_per_s"])
                 for i, r in enumerate(figures["rounds"])])
    s, c = figures["summary"], figures["correctness"]
    print()
    print_table(["figure", "value"], [
        ("total s", s["total_s"]), ("games (actions)", f"{s['games']} ({s['actions']})"),
        ("swiss_tables median ms (max)",
         f"{s['pairing_direct_median_ms']} ({s['pairing_direct_max_ms']})"),
        ("advance_tournament that pairs, median ms (max)",
         f"{s['advance_pairing_median_ms']} ({s['advance_pairing_max_ms']})"),
        ("start_tournament ms (pairs round 1)", s["start_tournament_ms"]),
        ("games/s per round, median", s["games_per_s_median"]),
        ("s per round, median", s["round_s_median"]),
        ("seated twice in a round", c["seated_twice_in_a_round"]),
        ("repeated pairs (extra meetings)", f"{c['repeated_pairs']} ({c['repeat_meetings']})"),
        ("problems", len(c["problems"])),
        ("top 3", "; ".join(f"{t['rank']}. {t['name']} {t['points']} pts, Buchholz "
                            f"{t['buchholz']}" for t in c["top3"])),
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--kind", default="emerald", help="esr, emerald or gke")
    parser.add_argument("--table-size", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None,
                        help="a SQLite file or a postgresql:// URL (default: a temporary file)")
    parser.add_argument("--pairing-repeats", type=int, default=20,
                        help="direct swiss_tables calls timed before each round")
    args = parser.parse_args()
    if args.db is None:
        with tempfile.TemporaryDirectory(prefix="juwelier-tournament-") as tmp:
            figures = asyncio.run(run(args, Path(tmp) / "tournament.sqlite3"))
    else:
        database = args.db if "://" in args.db else Path(args.db)
        figures = asyncio.run(run(args, database))
    save(RESULTS, figures, indent=2)
    report(figures)


if __name__ == "__main__":
    main()
