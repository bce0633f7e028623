"""What the second backend costs the SQLite path (the budget: at most 10 % on a click's
p99): the same submit loop on this tree and on an older revision (a git worktree), run in
turns in one sitting, with `synchronous=NORMAL` so the disk's sync stalls do not drown it.

Run from the repository root:  python -m benchmarks.sqlite_overhead  [--against REV] [--rounds N]
Writes benchmarks/results/sqlite_overhead.json and prints the medians and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RESULTS = REPO / "benchmarks" / "results" / "sqlite_overhead.json"
BEFORE = "7bc338e"  # the last commit before the store had two backends

# One measurement, run inside either tree: 100 games submitting back to back (the paced and
# burst click benchmarks' commit path), 10 submits each, on a fresh file.
PROBE = """
import asyncio, json, random, sys, tempfile, time
from pathlib import Path
from benchmarks.service_bench import create_games, drive, percentile
from engine.service import GameService

async def main():
    path = Path(tempfile.mkdtemp()) / "probe.sqlite3"
    async with await GameService.open(path) as service:
        table = list((await create_games(service, 100, 7)).items())
        latencies = []
        rng = random.Random(7)
        await asyncio.gather(*(drive(service, [entry], 10, random.Random(rng.random()),
                                     latencies) for entry in table))
    print(json.dumps({"p50": percentile(latencies, 50), "p99": percentile(latencies, 99),
                      "mean": sum(latencies) / len(latencies)}))

asyncio.run(main())
"""


def probe(tree: Path) -> dict[str, float]:
    """One measurement in `tree` (its own engine/ and benchmarks/ first on the path)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "JUWELIER_SYNCHRONOUS": "NORMAL"}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=tree, env=env, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(against: str, rounds: int) -> dict:
    """Alternate the two trees `rounds` times; medians of each figure and their ratios."""
    with tempfile.TemporaryDirectory(prefix="juwelier-before-") as tmp:
        old = Path(tmp) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", str(old), against], cwd=REPO,
                       check=True, capture_output=True)
        try:
            runs: dict[str, list[dict[str, float]]] = {"before": [], "now": []}
            for _ in range(rounds):
                runs["before"].append(probe(old))
                runs["now"].append(probe(REPO))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=REPO,
                           check=False, capture_output=True)
    medians = {side: {k: statistics.median(r[k] for r in found) * 1000 for k in found[0]}
               for side, found in runs.items()}
    return {"against": against, "rounds": rounds, "median_ms": medians,
            "ratio_now_to_before": {k: medians["now"][k] / medians["before"][k]
                                    for k in medians["now"]}}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--against", default=BEFORE, help="the older revision (git)")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    result = main(args.against, args.rounds)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
