"""Bot benchmark: the real JuwelierBot inside SimCord (offline simulated Discord).

STATUS: work in progress, produces no figures yet. Outside pytest the Start click never settles
(the bot's timer task sleeps and SimCord's settle waits on it); the next step is to set up the Env
the way SimCord's pytest plugin does (time_context before start). See the issue notes.

Run from the repository root:  python -m benchmarks.bot_bench  [--quick]
Writes benchmarks/results/bot.json and prints a markdown table.

Each game is 1 human + 2 AI seats (AI seats move inside the service's submit, so every human
click moves the game on). For 1, 50 and 200 concurrent games it measures:

(a) latency of the "pick an option" clicks (`jw:pick:` buttons, handled by Actions.pick).
    Every round, each running game's human opens their prompt, then all games' option clicks
    are dispatched at once (one per game) and the bot handles them concurrently. SimCord logs
    no timestamps, so times come from benchmark-only hooks (bot/ and engine/ are untouched):
      * dispatch  - a SimCord dispatch observer, when the INTERACTION_CREATE is emitted;
      * start     - a timing wrapper around `bot.actions.pick` (the handler starts);
      * response  - a wrapper around discord.Interaction.edit_original_response: the prompt
                    is edited with the result, after service.submit (database COMMIT and the
                    AI seats' moves included). The handler's first response is a defer();
      * end       - the wrapper returns: table/log publishing and turn prompts done too.
    Reported: dispatch->response (the headline), start->response and start->end.
(b) REST calls per game turn: env.http_requests during the measured rounds, split into
    channel-message writes (POST/PATCH /channels/{id}/messages...) and everything else
    (interaction callbacks, webhook followups/edits, ...), divided by the turns the games
    advanced (the engine state's turn counter), and per pick click.
(c) memory: tracemalloc growth from before the N games were started to after, divided by N
    (everything: bot, service cache, discord.py caches and SimCord's own in-memory Discord),
    also the part allocated from bot/ or engine/ frames, and the service cache's deep size.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import simcord
from simcord import ChannelHandle, Env, MemberActor

from bot.client import JuwelierBot
from bot.config import BotSettings

RESULTS = Path(__file__).resolve().parent / "results" / "bot.json"
AI_SEATS = 2
MESSAGE_WRITE = re.compile(r"^/?channels/\d+/messages(/\d+)?$")


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def button_ids(result: simcord.InteractionResult) -> list[tuple[str, str]]:
    """(label, custom_id) of every enabled button in an interaction response."""
    if result.response is None:
        return []
    return [(item.get("label", ""), item["custom_id"])
            for row in result.response.components for item in row.get("components", [])
            if item.get("type") == 2 and item.get("custom_id") and not item.get("disabled")]


@dataclass
class Game:
    """One benchmark table: its channel, its human and its game id."""

    channel: ChannelHandle
    human: MemberActor
    game_id: int
    turns: list[int] = field(default_factory=list)


@dataclass
class Timing:
    """Benchmark-only timestamps by interaction id."""

    dispatched: dict[int, float] = field(default_factory=dict)
    started: dict[int, float] = field(default_factory=dict)
    responded: dict[int, float] = field(default_factory=dict)
    ended: dict[int, float] = field(default_factory=dict)
    kind: dict[int, str] = field(default_factory=dict)

    def clear(self) -> None:
        for part in (self.dispatched, self.started, self.responded, self.ended, self.kind):
            part.clear()


def install_timing(env: Env, bot: JuwelierBot, timing: Timing) -> None:
    """Wrap the pick/negotiate handlers and edit_original_response; observe dispatches."""
    env._dispatch_observers.append(
        lambda record: timing.dispatched.__setitem__(int(record.id), time.perf_counter()))

    def wrap(name: str) -> None:
        handler = getattr(bot.actions, name)

        async def timed(interaction: discord.Interaction, *args: Any, **kwargs: Any) -> None:
            timing.kind[interaction.id] = name
            timing.started[interaction.id] = time.perf_counter()
            try:
                await handler(interaction, *args, **kwargs)
            finally:
                timing.ended[interaction.id] = time.perf_counter()

        setattr(bot.actions, name, timed)

    wrap("pick")
    wrap("negotiate")
    original = discord.Interaction.edit_original_response

    async def edit(self: discord.Interaction, **kwargs: Any) -> Any:
        result = await original(self, **kwargs)
        timing.responded.setdefault(self.id, time.perf_counter())
        return result

    discord.Interaction.edit_original_response = edit  # type: ignore[method-assign]


async def concurrent_clicks(env: Env, clicks: list[tuple[MemberActor, Any, str]]
                            ) -> list[simcord.InteractionResult]:
    """Dispatch every click at once (asyncio.gather), then let the bot settle once.

    SimCord's public click() settles after each dispatch and refuses overlapping operations,
    so the unguarded click (its __wrapped__) runs with per-click settling switched off: all
    INTERACTION_CREATE events are emitted first, and the bot handles them concurrently."""
    inner = MemberActor.click.__wrapped__  # type: ignore[attr-defined]

    async def no_settle(**_: Any) -> None:
        return None

    env._settle_internal = no_settle  # type: ignore[method-assign]
    try:
        results = await asyncio.gather(*(inner(actor, message, custom_id=custom_id)
                                         for actor, message, custom_id in clicks))
    finally:
        del env._settle_internal
    await env.settle(timeout=120)
    return results


async def turn_of(bot: JuwelierBot, game_id: int) -> int | None:
    """The engine state's turn counter (None if the state has none)."""
    data = json.loads(await bot.service.state_json(game_id))
    for key in ("turn", "round", "turn_number"):
        if isinstance(data.get(key), int):
            return data[key]
    return None


async def start_games(env: Env, bot: JuwelierBot, count: int, prefix: str) -> list[Game]:
    """`count` channels where a human opened a game, added 2 AI seats and started it."""
    games = []
    for i in range(count):
        guild = env.create_guild()
        channel = guild.create_text_channel("gems")
        human = guild.add_member(env.create_user(f"{prefix}{i}"))
        await human.slash(channel, "game new")
        lobby = channel.last_message
        for _ in range(AI_SEATS):
            await human.click(lobby, label="Add AI")
        info = await bot.service.game_in_channel(guild.id, channel.id)
        await human.click(lobby, label="Start")
        games.append(Game(channel, human, info.id))
    return games


async def table(bot: JuwelierBot, game: Game) -> discord.Message:
    """The game's current table message."""
    ref = (await bot.service.get_messages(game.game_id))["table"]
    return next(m for m in game.channel.history() if m.id == ref.message_id)


async def playable(bot: JuwelierBot, games: list[Game]) -> list[Game]:
    """The running games whose human owes a decision."""
    ready = []
    for game in games:
        if (await bot.service.get_game(game.game_id)).status != "running":
            continue
        if await bot.service.pending(game.game_id):
            ready.append(game)
    return ready


async def latency_run(count: int, rounds: int, seed: int, folder: Path) -> dict:
    """Start `count` games, then `rounds` rounds of one concurrent option click per game."""
    bot = JuwelierBot(BotSettings(token="simulated", db_path=folder / f"bot_{count}.sqlite3"))
    rng = random.Random(seed)
    timing = Timing()
    env = Env(bot, settle_timeout=120)
    await env.start()
    try:
        setup_start = time.perf_counter()
        games = await start_games(env, bot, count, f"p{count}_")
        setup_s = time.perf_counter() - setup_start
        install_timing(env, bot, timing)
        for game in games:
            game.turns.append(await turn_of(bot, game.game_id) or 0)
        lat_dispatch: list[float] = []
        lat_handler: list[float] = []
        lat_full: list[float] = []
        neg: list[float] = []
        writes = others = picks = 0
        by_path: dict[str, int] = {}
        wall_start = time.perf_counter()
        for _ in range(rounds):
            ready = await playable(bot, games)
            if not ready:
                break
            prompts = await concurrent_clicks(env, [
                (g.human, await table(bot, g), f"jw:open:{g.game_id}") for g in ready])
            clicks = []
            for game, prompt in zip(ready, prompts, strict=True):
                options = [b for b in button_ids(prompt)
                           if b[1].startswith(("jw:pick:", "jw:neg:"))]
                if options:
                    clicks.append((game.human, prompt.response, rng.choice(options)[1]))
            timing.clear()
            before = len(env.http_requests)
            await concurrent_clicks(env, clicks)
            for entry in env.http_requests[before:]:
                path = entry.path
                if entry.method in ("POST", "PATCH") and MESSAGE_WRITE.match(path):
                    writes += 1
                else:
                    others += 1
                shape = re.sub(r"\d{6,}", "{id}", f"{entry.method} {path}")
                shape = re.sub(r"/[\w-]{40,}", "/{token}", shape)
                by_path[shape] = by_path.get(shape, 0) + 1
            for iid, kind in timing.kind.items():
                responded = timing.responded.get(iid, timing.ended[iid])
                if kind == "pick":
                    picks += 1
                    lat_dispatch.append(responded - timing.dispatched[iid])
                    lat_handler.append(responded - timing.started[iid])
                    lat_full.append(timing.ended[iid] - timing.started[iid])
                else:
                    neg.append(responded - timing.dispatched[iid])
        wall = time.perf_counter() - wall_start
        turns = 0
        for game in games:
            turns += (await turn_of(bot, game.game_id) or 0) - game.turns[0]
    finally:
        await shutdown(env, bot)
    discord.Interaction.edit_original_response = _ORIGINAL_EDIT  # type: ignore[method-assign]
    clicks_total = picks + len(neg)

    def ms(values: list[float], q: float) -> float | None:
        return round(percentile(values, q) * 1000, 2) if values else None

    return {
        "concurrent_games": count,
        "rounds": rounds,
        "setup_s": round(setup_s, 2),
        "pick_clicks": picks,
        "negotiate_clicks": len(neg),
        "dispatch_to_response_ms": {"p50": ms(lat_dispatch, 50), "p99": ms(lat_dispatch, 99),
                                    "max": ms(lat_dispatch, 100)},
        "handler_to_response_ms": {"p50": ms(lat_handler, 50), "p99": ms(lat_handler, 99)},
        "handler_total_ms": {"p50": ms(lat_full, 50), "p99": ms(lat_full, 99),
                             "mean": round(statistics.fmean(lat_full) * 1000, 2)
                             if lat_full else None},
        "negotiate_dispatch_to_response_ms": {"p50": ms(neg, 50), "p99": ms(neg, 99)},
        "measured_wall_s": round(wall, 2),
        "turns_advanced": turns,
        "rest": {
            "message_writes": writes, "other": others,
            "message_writes_per_turn": round(writes / turns, 2) if turns else None,
            "other_per_turn": round(others / turns, 2) if turns else None,
            "message_writes_per_click": round(writes / clicks_total, 2) if clicks_total else None,
            "other_per_click": round(others / clicks_total, 2) if clicks_total else None,
            "by_route": dict(sorted(by_path.items(), key=lambda kv: -kv[1])),
        },
    }


_ORIGINAL_EDIT = discord.Interaction.edit_original_response


async def shutdown(env: Env, bot: JuwelierBot) -> None:
    """Shut SimCord down, then close the bot's database (SimCord never calls bot.close())."""
    await env.shutdown()
    service = bot._service
    bot._service = None
    if service is not None:
        await service.close()


def deep_size(obj: Any) -> int:
    """Approximate deep size in bytes of an object graph (each object counted once)."""
    seen: set[int] = set()
    stack = [obj]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        stack.extend(gc.get_referents(item))
    return total


async def memory_run(count: int, folder: Path) -> dict:
    """Traced memory growth while `count` games are started and running, per game."""
    bot = JuwelierBot(BotSettings(token="simulated", db_path=folder / f"mem_{count}.sqlite3"))
    env = Env(bot, settle_timeout=120)
    await env.start()
    try:
        # One warm-up game, so imports, caches and first-use allocations are not counted.
        await start_games(env, bot, 1, "warm")
        gc.collect()
        tracemalloc.start(8)
        before = tracemalloc.take_snapshot()
        base, _ = tracemalloc.get_traced_memory()
        games = await start_games(env, bot, count, f"m{count}_")
        gc.collect()
        current, peak = tracemalloc.get_traced_memory()
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        ours = [tracemalloc.Filter(True, f"{Path(__file__).resolve().parent.parent}/bot/*",
                                   all_frames=True),
                tracemalloc.Filter(True, f"{Path(__file__).resolve().parent.parent}/engine/*",
                                   all_frames=True)]
        sim = [tracemalloc.Filter(True, "*/simcord/*", all_frames=True)]
        ours_growth = sum(s.size_diff for s in after.filter_traces(ours).compare_to(
            before.filter_traces(ours), "filename"))
        sim_growth = sum(s.size_diff for s in after.filter_traces(sim).compare_to(
            before.filter_traces(sim), "filename"))
        cache = bot.service._cache  # type: ignore[attr-defined]
        running = [g for g in games if g.game_id in cache]
        sizes = [deep_size(cache[g.game_id]) for g in running]
        result = {
            "games": count,
            "traced_growth_per_game_kb": round((current - base) / count / 1024, 1),
            "peak_growth_per_game_kb": round((peak - base) / count / 1024, 1),
            "from_bot_or_engine_frames_per_game_kb": round(ours_growth / count / 1024, 1),
            "from_simcord_frames_per_game_kb": round(sim_growth / count / 1024, 1),
            "service_cache_entries": len(cache),
            "service_cache_deep_kb_per_game": round(statistics.fmean(sizes) / 1024, 1)
            if sizes else None,
        }
    finally:
        await shutdown(env, bot)
    return result


async def main(quick: bool) -> dict:
    """Run every scenario and return the figures."""
    logging.getLogger("discord").setLevel(logging.WARNING)
    plan = [(1, 30 if quick else 60), (50, 4 if quick else 10), (200, 3 if quick else 6)]
    with tempfile.TemporaryDirectory(prefix="juwelier-botbench-") as tmp:
        runs = [await latency_run(n, rounds, seed=i, folder=Path(tmp))
                for i, (n, rounds) in enumerate(plan)]
        memory = [await memory_run(n, Path(tmp)) for n in (50, 200)]
    return {
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count(), "discord.py": discord.__version__,
                    "simcord": simcord.__version__},
        "settings": {"seats": "1 human + 2 AI", "quick": quick},
        "latency_and_rest": runs,
        "memory": memory,
    }


def render(figures: dict) -> str:
    """The figures as markdown tables."""
    lines = ["| concurrent games | pick clicks | dispatch→response p50 / p99 ms | "
             "handler→response p50 / p99 ms | full handler p50 / p99 ms | "
             "msg writes / turn | other REST / turn | msg writes / click |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in figures["latency_and_rest"]:
        d, h, f, rest = (r["dispatch_to_response_ms"], r["handler_to_response_ms"],
                         r["handler_total_ms"], r["rest"])
        lines.append(f"| {r['concurrent_games']} | {r['pick_clicks']} | {d['p50']} / {d['p99']}"
                     f" | {h['p50']} / {h['p99']} | {f['p50']} / {f['p99']} | "
                     f"{rest['message_writes_per_turn']} | {rest['other_per_turn']} | "
                     f"{rest['message_writes_per_click']} |")
    lines += ["", "| running games | traced growth KB/game | peak KB/game | bot+engine frames "
              "KB/game | simcord frames KB/game | service cache entries | cache KB/game |",
              "|---:|---:|---:|---:|---:|---:|---:|"]
    for m in figures["memory"]:
        lines.append(f"| {m['games']} | {m['traced_growth_per_game_kb']} | "
                     f"{m['peak_growth_per_game_kb']} | "
                     f"{m['from_bot_or_engine_frames_per_game_kb']} | "
                     f"{m['from_simcord_frames_per_game_kb']} | {m['service_cache_entries']} | "
                     f"{m['service_cache_deep_kb_per_game']} |")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer rounds (a smoke run)")
    args = parser.parse_args()
    result = asyncio.run(main(args.quick))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(render(result))
