"""Disk benchmark: how long the sync a durable commit waits for takes on this machine, bot aside.

Run from the repository root:  python -m benchmarks.disk_bench  [--seconds 60] [--rate 20]
Writes benchmarks/results/disk.json and prints a summary.

With `synchronous=FULL` every COMMIT ends in an fdatasync of SQLite's write-ahead log, and a
click's response waits for it. This writes 8 KB into a preallocated file in the folder the bot
benchmark uses and calls fdatasync, `rate` times a second (about the commit rate of the paced
200-game run), with no database, no event loop and nothing else of ours running: the figures
are the disk's own. Overwriting preallocated blocks keeps the file's size, so no metadata has
to be journalled: this is the cheapest durable write the file system offers. What a stall of
the sync costs the bot: every click that arrives during it waits until it ends.

The device's facts come from /sys (Linux): without FUA support and with a write-back cache,
every sync is a flush of the whole device cache, other processes' writes included.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script

from benchmarks.bot_sim import summary_ms
from benchmarks.report import save

RESULTS = Path(__file__).resolve().parent / "results" / "disk.json"
BLOCK = 8192
BLOCKS = 512  # a 4 MB file, like SQLite's write-ahead log between checkpoints
STALL_S = 0.05


def sync_times(folder: Path, seconds: float, rate: float) -> list[float]:
    """fdatasync durations of `rate` 8 KB overwrites a second for `seconds`, in seconds."""
    fd, name = tempfile.mkstemp(prefix="juwelier-disk-", dir=folder)
    try:
        payload = os.urandom(BLOCK)
        for block in range(BLOCKS):  # real blocks, not a sparse file: later writes overwrite
            os.pwrite(fd, payload, block * BLOCK)
        os.fsync(fd)
        times: list[float] = []
        began = time.perf_counter()
        while (now := time.perf_counter()) - began < seconds:
            os.pwrite(fd, payload, (len(times) % BLOCKS) * BLOCK)
            start = time.perf_counter()
            os.fdatasync(fd)
            times.append(time.perf_counter() - start)
            time.sleep(max(0.0, 1 / rate - (time.perf_counter() - now)))
        return times
    finally:
        os.close(fd)
        os.unlink(name)


def device_facts(folder: Path) -> dict[str, str]:
    """FUA support and cache mode of the block device under `folder`, where Linux tells."""
    dev = os.stat(folder).st_dev
    base = Path(f"/sys/dev/block/{os.major(dev)}:{os.minor(dev)}")
    for queue in (base / "queue", base.parent / "queue"):  # a partition's queue is its disk's
        if queue.is_dir():
            return {name: (queue / name).read_text().strip()
                    for name in ("fua", "write_cache", "rotational")
                    if (queue / name).is_file()}
    return {}


def measure(folder: Path, seconds: float, rate: float) -> dict[str, Any]:
    """The figures of one run."""
    load = os.getloadavg()
    times = sync_times(folder, seconds, rate)
    stalls = [t for t in times if t > STALL_S]
    return {"folder": str(folder), "seconds": seconds, "rate_per_s": rate, "syncs": len(times),
            "device": device_facts(folder), "fdatasync_ms": summary_ms(times),
            "over_50_ms": len(stalls), "over_100_ms": sum(t > 0.1 for t in times),
            "stalled_s": round(sum(stalls), 2),
            "load_average_before": [round(x, 2) for x in load],
            "load_average_after": [round(x, 2) for x in os.getloadavg()]}


def main(argv: list[str] | None = None) -> None:
    """Parse arguments, run, write the results file and print the summary."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.disk_bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long (60)")
    parser.add_argument("--rate", type=float, default=20.0, help="syncs a second (20)")
    parser.add_argument("--folder", type=Path, default=Path(tempfile.gettempdir()),
                        help="where the file goes (the temporary folder, as the bot benchmark)")
    args = parser.parse_args(argv)
    found = measure(args.folder, args.seconds, args.rate)
    save(RESULTS, found, indent=2)
    sync = found["fdatasync_ms"]
    print(f"{found['syncs']} syncs in {args.seconds:g} s: p50 {sync['p50']} ms, p99 "
          f"{sync['p99']} ms, max {sync['max']} ms; {found['over_50_ms']} over 50 ms "
          f"({found['stalled_s']} s stalled), {found['over_100_ms']} over 100 ms; "
          f"device {found['device']}")


if __name__ == "__main__":
    main()
