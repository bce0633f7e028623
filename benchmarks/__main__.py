"""`python -m benchmarks [--quick] [names...]`: run the benchmarks one after another.

Each runs as its own `python -m benchmarks.<name>` process (the bot benchmark patches SimCord and
the event loop; separate processes also keep their memory figures apart) and writes its
benchmarks/results/<name>.json as usual. Full runs use the arguments the README's figures came
from; --quick runs smoke sizes instead, and those overwrite the results files too (service and
bot mark theirs "quick"), so do not commit what a quick run wrote.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# name -> (full-run arguments, quick-run arguments). engine_bench and ai_bench have no --quick,
# so quick means fewer games there.
BENCHMARKS: dict[str, tuple[list[str], list[str]]] = {
    "engine": ([], ["--games", "20"]),
    "service": ([], ["--quick"]),
    "ai": (["--games", "40", "--seed", "2000", "--jobs", "2"], ["--games", "2", "--seed", "2000"]),
    "bot": ([], ["--quick"]),
    "disk": ([], ["--seconds", "5"]),
}


def run(name: str, quick: bool) -> bool:
    """Run one benchmark in its own process, output straight through; True if it succeeded."""
    full, smoke = BENCHMARKS[name]
    command = [sys.executable, "-m", f"benchmarks.{name}_bench", *(smoke if quick else full)]
    print(f"\n## {name}  ({' '.join(command[1:])})\n", flush=True)
    started = time.perf_counter()
    code = subprocess.run(command, cwd=ROOT, check=False).returncode
    print(f"\n({name}: {time.perf_counter() - started:.0f} s"
          f"{'' if code == 0 else f', FAILED with exit code {code}'})", flush=True)
    return code == 0


def main(argv: list[str] | None = None) -> int:
    """Run the chosen benchmarks (all by default); the exit code says whether all succeeded."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smoke-run sizes")
    parser.add_argument("names", nargs="*", metavar="name",
                        help=f"which to run: {', '.join(BENCHMARKS)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in BENCHMARKS]
    if unknown:
        parser.error(f"no benchmark named {', '.join(unknown)} (there are {', '.join(BENCHMARKS)})")
    failed = [name for name in args.names or BENCHMARKS if not run(name, args.quick)]
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
