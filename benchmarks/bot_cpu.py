"""The bot's own CPU per click, with SimCord's share taken out.

Runs the burst scenario of bot_bench (N games of 1 human + 2 AI seats; each round every human
opens their prompt, then clicks an option) twice: once plain, timing the CPU of the process and
of its main thread (SQLite runs on a thread of its own), and once under cProfile timing the main
thread's CPU. The profile splits the main thread's CPU into the simulation's, that is SimCord's
own code, the deep copies SimCord makes of every payload, and this benchmark's driver, and the
rest: the bot, the engine, the service, discord.py, pydantic and the event loop, what a real
deployment runs. The bot's own CPU is the process's CPU minus the simulation's share of the main
thread's; per interaction it is a mean (a median per click cannot be taken apart from the
concurrent handlers of a burst; for these right-skewed costs the mean is the larger).

Run: python -m benchmarks.bot_cpu [--games 50] [--rounds 3]; writes
benchmarks/results/bot_cpu.json.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.bot_sim import Driver, simulated
from benchmarks.report import print_table, save

RESULTS = Path(__file__).resolve().parent / "results" / "bot_cpu.json"
SIMULATION = ("/simcord/", "/benchmarks/")  # the simulated Discord and this driver


async def rounds(games: int, count: int, seed: int, folder: Path,
                 profile: cProfile.Profile | None) -> tuple[float, float, int]:
    """Play `count` burst rounds over `games` games; (process CPU seconds, main thread CPU
    seconds, interactions)."""
    async with simulated(folder / f"cpu_{games}_{profile is not None}.sqlite3", seed) as (
            env, bot, probe):
        driver = Driver(env, bot, probe, seed)
        tables = await driver.new_games(games)
        started, started_main = time.process_time(), time.thread_time()
        if profile is not None:
            profile.enable()
        for _ in range(count):
            await driver.refill(tables)
            await driver.round(tables)
            await driver.expire_prompts()
        if profile is not None:
            profile.disable()
        cpu, main = time.process_time() - started, time.thread_time() - started_main
        interactions = sum(len(driver.samples[kind]["done"]) for kind in ("open", "option"))
    return cpu, main, interactions


def _simulated(path: str) -> bool:
    return any(part in path for part in SIMULATION)


def simulation_share(profile: cProfile.Profile) -> float:
    """The share of the main thread's profiled CPU spent simulating: in SimCord's and the
    benchmark's own functions, and in the deep copies SimCord calls for."""
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in stats.values())
    own = sum(row[2] for (path, _, _), row in stats.items() if _simulated(path))
    copies = sum(edge[3] for (path, _, name), row in stats.items()
                 if name == "deepcopy" and path.endswith("copy.py")
                 for (caller, _, _), edge in row[4].items() if _simulated(caller))
    return (own + copies) / total


def main() -> None:
    """Measure, print and save."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="juwelier-botcpu-") as tmp:
        cpu, main, interactions = asyncio.run(rounds(args.games, args.rounds, args.seed,
                                                     Path(tmp), None))
        profile = cProfile.Profile(time.thread_time)
        asyncio.run(rounds(args.games, args.rounds, args.seed, Path(tmp), profile))
    share = simulation_share(profile)
    figures: dict[str, Any] = {
        "games": args.games, "rounds": args.rounds, "interactions": interactions,
        "cpu_ms_per_interaction": round(1000 * cpu / interactions, 2),
        "main_thread_cpu_ms_per_interaction": round(1000 * main / interactions, 2),
        "simulation_share_of_main_thread": round(share, 3),
        "bot_cpu_ms_per_interaction": round(1000 * (cpu - share * main) / interactions, 2),
    }
    save(RESULTS, figures)
    print_table(["games", "interactions", "CPU per interaction", "simulation's share of the "
                 "main thread", "the bot's own"],
                [(args.games, interactions, f"{figures['cpu_ms_per_interaction']} ms",
                  f"{100 * share:.0f} %", f"{figures['bot_cpu_ms_per_interaction']} ms")])


if __name__ == "__main__":
    main()
