"""The bot benchmark's memory figures: per guild, per running game, peak, caches.

Measured with tracemalloc (Python allocations; SQLite's page cache is C memory, bounded and
shared), in a bot of its own, as tracing slows everything down. See bot_bench's docstring (c).
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
import sys
import tracemalloc
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord.state import ConnectionState
from simcord import Env

from benchmarks.bot_sim import Driver, prompt_views, simulated

WARM_GAMES = 10
WARM_ROUNDS = 3  # at least: every code path and first-use cache before tracing starts
# What discord.py objects point at without owning it: not counted in their deep size.
SHARED = (discord.Client, ConnectionState, discord.Guild, discord.abc.GuildChannel, discord.Thread,
          discord.Member, discord.User, discord.ClientUser, discord.PartialMessageable,
          asyncio.AbstractEventLoop, contextvars.Context)


def deep_size(root: Any, skip: Callable[[Any], bool] = lambda _: False) -> int:
    """Bytes of an object graph (each object once), not following classes, modules, code,
    functions or what `skip` rejects."""
    opaque = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
              types.MethodType, types.CodeType, types.FrameType)
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, opaque) or skip(item):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        stack.extend(gc.get_referents(item))
    return total


def shared(obj: Any) -> bool:
    """An object many discord.py objects point at without owning it (client, guild, task
    context, ...), or part of SimCord (the simulated Discord, not the bot)."""
    return isinstance(obj, SHARED) or type(obj).__module__.startswith("simcord")


def backend_size(env: Env) -> int:
    """Deep size of SimCord's Backend (the simulated Discord), without its bot subscribers."""
    backend = env.backend
    parts = {k: v for k, v in vars(backend).items() if k != "subscribers"}
    return deep_size(parts)


@dataclass
class Traced:
    """tracemalloc readings in bytes since a baseline, the simulated Discord's share taken out.

    The Backend's size is known between phases only, so a phase's peak lies between its traced
    peak less the Backend's growth up to the end of the phase (low) and up to its start (high)."""

    base: int = 0
    backend_base: int = 0
    peak_low: int = 0
    peak_high: int = 0

    def start(self, env: Env) -> None:
        """Take the baseline."""
        gc.collect()
        self.backend_base = backend_size(env)
        self.base = tracemalloc.get_traced_memory()[0]

    async def phase(self, env: Env, work: Any) -> Any:
        """Await `work`, keeping the highest traced memory it reached."""
        gc.collect()
        before = backend_size(env) - self.backend_base
        tracemalloc.reset_peak()  # after backend_size: its bookkeeping must not count
        result = await work
        peak = tracemalloc.get_traced_memory()[1] - self.base
        after = backend_size(env) - self.backend_base
        self.peak_low = max(self.peak_low, peak - after)
        self.peak_high = max(self.peak_high, peak - before)
        return result

    def growth(self, env: Env) -> int:
        """Traced growth since the baseline."""
        gc.collect()
        current = tracemalloc.get_traced_memory()[0]
        return current - self.base - (backend_size(env) - self.backend_base)


async def memory_run(count: int, rounds: int, seed: int, folder: Path) -> dict[str, Any]:
    """Memory per guild and per running game for `count` games played `rounds` rounds."""
    was_tracing, view_size = tracemalloc.is_tracing(), 0.0
    async with simulated(folder / f"memory_{count}.sqlite3", seed) as (env, bot, probe):
        driver = Driver(env, bot, probe, seed)
        # Warm-up: imports, caches and first-use allocations must not count as per-game.
        warm = await driver.new_games(WARM_GAMES)
        for _ in range(WARM_ROUNDS):
            await driver.refill(warm)
            await driver.round(warm)
            await driver.expire_prompts()
        if not was_tracing:
            tracemalloc.start()
        try:
            guilds = Traced()
            guilds.start(env)
            tables = [driver.table() for _ in range(count)]
            per_guild = guilds.growth(env)
            traced = Traced()
            traced.start(env)
            games = await traced.phase(env, driver.start_all(tables))
            for _ in range(rounds):
                await traced.phase(env, driver.round(games))
                views = prompt_views()
                view_size = deep_size(views, shared) / max(len(views), 1)
                del views
                await driver.expire_prompts()
            resident = traced.growth(env)
        finally:
            if not was_tracing:
                tracemalloc.stop()
        cache = bot.service._cache
        mine = [cache[g.game_id] for g in games if g.game_id in cache]
        kinds = {id(live.kind) for live in mine}
        cached = deep_size(mine, lambda o: id(o) in kinds) / max(len(mine), 1)
    return {
        "games": count, "rounds": rounds,
        "per_game_kb": round(resident / count / 1024, 1),
        "peak_per_game_kb": round(traced.peak_high / count / 1024, 1),
        "peak_per_game_kb_at_least": round(traced.peak_low / count / 1024, 1),
        "per_guild_kb": round(per_guild / count / 1024, 1),
        "service_cache_per_game_kb": round(cached / 1024, 1),
        "discord_cached_messages": len(bot.cached_messages),  # none: the bot keeps no cache
        "prompt_view_kb": round(view_size / 1024, 1),
    }
