"""Service benchmark: submit latency (commit included) under concurrency, and resume time.

Run from the repository root:  python -m benchmarks.service_bench  [--quick]
Writes benchmarks/results/service.json and prints a markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import save
from engine.service import GameService
from engine.store import StoreConfig

RESULTS = Path(__file__).resolve().parent / "results" / "service.json"
PLAYERS = 4


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


async def create_games(service: GameService, count: int, seed: int) -> dict[int, dict[int, int]]:
    """Start `count` 4-player games; returns game id -> {seat: user id}."""
    games: dict[int, dict[int, int]] = {}
    for channel in range(count):
        lobby = await service.create_lobby(1, channel, 1, "P1", seed=seed * 100_000 + channel)
        for user in range(2, PLAYERS + 1):
            await service.join(lobby.id, user, f"P{user}")
        await service.start(lobby.id, 1)
        info = await service.get_game(lobby.id)
        games[lobby.id] = {s.seat: s.user_id for s in info.seats}  # type: ignore[misc]
    return games


async def drive(service: GameService, queue: list[tuple[int, dict[int, int]]], moves: int,
                rng: random.Random, latencies: list[float]) -> None:
    """Submit `moves` random moves, one at a time, to the queued games in turn (timing each)."""
    game_id, seats = queue.pop(0)
    for _ in range(moves):
        pending = await service.pending(game_id)
        if not pending:  # that game is over: go on with the next one
            if not queue:
                return
            game_id, seats = queue.pop(0)
            pending = await service.pending(game_id)
        user = seats[rng.choice(pending).player]
        suggestion = await service.suggest(game_id, user, rng)
        assert suggestion is not None
        decision, action = suggestion
        start = time.perf_counter()
        await service.submit(game_id, user, action, decision.key)
        latencies.append(time.perf_counter() - start)


async def latency_run(folder: Path, games: int, moves: tuple[int, int], seed: int) -> dict:
    """Latency of submits with `games` games driven concurrently, moves[0..1] submits each."""
    path = folder / f"latency_{games}.sqlite3"
    async with await GameService.open(path) as service:
        # A lone driver gets spare games: one game ends after roughly 150 actions.
        spare = 3 if games == 1 else 1
        table = list((await create_games(service, games * spare, seed)).items())
        latencies: list[float] = []
        rng = random.Random(seed)
        start = time.perf_counter()
        await asyncio.gather(*(
            drive(service, table[i * spare:(i + 1) * spare], rng.randint(*moves),
                  random.Random(rng.random()), latencies)
            for i in range(games)))
        wall = time.perf_counter() - start
    return {
        "concurrent_games": games,
        "submits": len(latencies),
        "p50_ms": round(percentile(latencies, 50) * 1000, 2),
        "p99_ms": round(percentile(latencies, 99) * 1000, 2),
        "mean_ms": round(statistics.fmean(latencies) * 1000, 2),
        "throughput_per_s": round(len(latencies) / wall, 1),
        "path": path,
    }


async def resume_run(path: Path) -> dict:
    """Time a fresh service listing and loading every running game in the file."""
    start = time.perf_counter()
    service = await GameService.open(path)
    opened = time.perf_counter()
    resumed = await service.resume()
    done = time.perf_counter()
    async with service.db.read() as conn:
        cursor = await conn.execute("SELECT COUNT(*), SUM(version) FROM games "
                                    "WHERE status = 'running'")
        count, actions = await cursor.fetchone()
    await service.close()
    return {"games": len(resumed), "running_in_file": count, "logged_actions": actions,
            "open_s": round(opened - start, 3), "resume_s": round(done - opened, 3),
            "total_s": round(done - start, 3), "file_mb": round(path.stat().st_size / 1e6, 2)}


async def main(quick: bool) -> dict:
    """Run every scenario and return the figures."""
    config = StoreConfig()
    # The 1,000-game run leaves every game 32..63 actions in, so resume meets every tail
    # length (0..31 actions after the last snapshot), as after a crash at a random moment.
    plan = [(1, (60, 60) if quick else (300, 300)), (100, (10, 10) if quick else (40, 40)),
            (1000, (5, 5) if quick else (32, 63))]
    with tempfile.TemporaryDirectory(prefix="juwelier-bench-") as tmp:
        runs = [await latency_run(Path(tmp), games, moves, seed=i)
                for i, (games, moves) in enumerate(plan)]
        resume = await resume_run(runs[-1].pop("path"))
        for run in runs:
            run.pop("path", None)
    return {
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count()},
        "settings": {"synchronous": config.synchronous, "snapshot_every": config.snapshot_every,
                     "players_per_game": PLAYERS, "quick": quick},
        "submit_latency": runs,
        "resume_1000": resume,
    }


def table(figures: dict) -> str:
    """The figures as a markdown table."""
    lines = ["| concurrent games | submits | p50 ms | p99 ms | submits/s |",
             "|---:|---:|---:|---:|---:|"]
    for run in figures["submit_latency"]:
        lines.append(f"| {run['concurrent_games']} | {run['submits']} | {run['p50_ms']} | "
                     f"{run['p99_ms']} | {run['throughput_per_s']} |")
    r = figures["resume_1000"]
    lines += ["", f"Resume {r['games']} running games ({r['logged_actions']} logged actions, "
              f"{r['file_mb']} MB file): {r['total_s']} s (open {r['open_s']} s, "
              f"load {r['resume_s']} s)."]
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer submits (a smoke run)")
    args = parser.parse_args()
    result = asyncio.run(main(args.quick))
    save(RESULTS, result, indent=2)
    print(table(result))
