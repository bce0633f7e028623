"""Bot benchmark: the real JuwelierBot inside SimCord (offline simulated Discord).

Run from the repository root:  python -m benchmarks.bot_bench  [--quick]
Writes benchmarks/results/bot.json and prints markdown tables (README-ready). The full run (1, 50
and 200 concurrent games, memory with 200) takes about 2 minutes on 2 cores; --quick about 20 s.

Setup. Each game is 1 human + 2 AI seats in its own guild and channel: `/game new` (default
deadlines), "Add AI" twice and "Start", all through SimCord. AI seats move inside the service's
submit, so every human click moves the game on. The bot runs on a real SQLite file in a temporary
folder with the default durability (WAL, synchronous=FULL: an fsync per commit). Game seeds and
the human's choices are seeded, so every run plays the same games.

Load. A round is two bursts: every running game's human presses the table's button (their
private prompt opens), then every one of them clicks a random option of that prompt. In a burst
the INTERACTION_CREATE events of all games reach the bot back to back before it handles any, so
with N games N handlers run concurrently: N players clicking in the same instant, the worst
case (the last click waits for the N-1 before it). Finished games are replaced between rounds.

(a) Latency in wall time (time.perf_counter), per interaction, from *received* (SimCord hands the
    event to the bot's gateway parser) to:
      response - the REST call that shows the player the result. For an option click, the edit
                 of the private prompt after service.submit returned, i.e. after the COMMIT of
                 the player's move and of the AI seats' replies (each its own fsync'd
                 transaction); for the table button, the private prompt itself;
      ack      - the deferral (Discord wants one within 3 s);
      done     - the handler returned: narration, table and negotiation thread written too.
    One event loop serves everything, so under a burst these include waiting behind the other
    games' handlers, and SimCord's own work (payload copies, task bookkeeping: about a quarter of
    the CPU in a profile) where a real bot would wait on network round trips instead.
(b) REST calls per game turn (TurnStarted events published) and per state change (one accepted
    click: one publish of the player's move and the AI replies it set off), split into
    channel-message writes (POST/PATCH/DELETE /channels/{id}/messages[/{id}], thread messages
    included) and everything else (interaction callbacks and private-prompt webhooks, thread
    creation, membership and archiving). Also the service's database write transactions and
    reads per state change. Counted during the bursts and what they set off, nothing else.
(c) Memory, with tracemalloc (Python allocations; SQLite's page cache is C memory, bounded and
    shared), in a bot of its own, as tracing slows everything down. Warm-up games play until
    discord.py's message cache is full (it is capped at 1,000 messages for the whole bot, so it
    is no per-game cost). Then N guilds with a channel and a member are added: discord.py's
    cache of a guild, game or not, reported per guild. Then a game starts in each and is played
    for a few rounds. Per game = growth of traced memory over that step, minus the growth of
    SimCord's Backend (the simulated Discord's messages and records, deep-sized: Discord's
    memory, not the bot's), divided by N. Peak per game = the highest traced memory during that
    step, the Backend taken out as of the end (low) or the start (high, reported) of the phase
    that peaked, divided by N. Also: the deep size of the service's cached game, of discord.py's
    message cache, and of one private prompt's view (discord.py keeps each for 15 minutes).

Benchmark-only hooks (bot/ and engine/ are untouched; several use SimCord 3.2 internals):
  * `virtual_naps`: bot timers of a second or more fire only when the virtual clock reaches
    them (Env._schedule_timer), which it never does here. SimCord backs each virtual timer with
    a wall-clock fallback; the bot's timer task naps until the next reminder (30-60 s), so a
    long run would get reminders and autopilot moves mid-measurement. The first version of this
    script stalled at Start for that reason: its settle timeout (120 s) was longer than the nap,
    and settle waits for every timer due before its deadline.
  * `Burst`: defers Backend.emit and skips the per-click settle, so a burst's events all go out
    together, stamped as they are handed over; Env.settle runs once after all handlers returned.
  * `Probe`: stamps REST requests as SimCord logs them (Backend.http_requests), and wraps the
    Actions handlers (end time), Publisher.publish (state changes, turns) and the service's
    Database.transaction/read (counts) on this bot instance.
  * `Driver.expire_prompts`: stops the private prompts' views after each round, as their 15
    minutes would (the virtual clock stands still); `simulated` seeds `/game new` (the lobby
    module's `secrets`) and makes SimCord's callback records compare by identity (its list
    removals compared them field by field, a cost that grew with every parked timer).
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import gc
import json
import os
import platform
import random
import re
import subprocess
import sys
import tempfile
import time
import tracemalloc
import types
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script

import discord
import simcord
from discord.state import ConnectionState
from simcord import ChannelHandle, Env, MemberActor
from simcord import _runtime as simcord_runtime
from simcord.results import to_discord_message

from bot.client import JuwelierBot
from bot.config import BotSettings
from engine.esr.events import TurnStarted
from engine.service import lobby
from engine.store import StoreConfig

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "bot.json"
AI_SEATS = 2
SETTLE_TIMEOUT = 600.0  # a 200-click burst takes seconds; every nap is parked on the virtual clock
LONG_TIMER = 1.0  # seconds: bot timers at least this long fire only on the virtual clock
MESSAGE_WRITE = re.compile(r"^/channels/[^/]+/messages(/[^/]+)?$")
TOKEN = re.compile(r"^/(?:interactions/\d+|webhooks/\d+)/([^/]+)")
DEFERRALS = (5, 6)  # interaction callback types that only acknowledge
# The Actions handlers timed, by what they answer: the table button or a prompt's option.
HANDLERS = {"open_prompt": "open", "pick": "option", "negotiate": "option"}
WARM_GAMES = 10
WARM_ROUNDS = 3  # at least: every code path and first-use cache before tracing starts
MAX_WARM_ROUNDS = 200
# What discord.py objects point at without owning it: not counted in their deep size.
SHARED = (discord.Client, ConnectionState, discord.Guild, discord.abc.GuildChannel, discord.Thread,
          discord.Member, discord.User, discord.ClientUser, discord.PartialMessageable,
          asyncio.AbstractEventLoop, contextvars.Context)
FULL_PLAN = [(1, 150), (50, 10), (200, 6)]
QUICK_PLAN = [(1, 20), (10, 3)]


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank) of a non-empty sequence."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def summary_ms(values: Sequence[float]) -> dict[str, float | None]:
    """p50, p99 and max of durations in seconds, in milliseconds."""
    if not values:
        return {"p50": None, "p99": None, "max": None}
    return {"p50": round(percentile(values, 50) * 1000, 1),
            "p99": round(percentile(values, 99) * 1000, 1), "max": round(max(values) * 1000, 1)}


def route_of(method: str, path: str) -> str:
    """A REST request's route with ids and tokens blanked, e.g. 'POST /channels/{id}/messages'."""
    path = re.sub(r"^/(interactions|webhooks)/(\d+)/[^/]+", r"/\1/\2/{token}", path)
    return method + " " + re.sub(r"/\d{6,}", "/{id}", path)


def is_message_write(method: str, path: str) -> bool:
    """A write of a (channel or thread) message through the bot's channel API."""
    return method in ("POST", "PATCH", "DELETE") and MESSAGE_WRITE.match(path) is not None


# --- benchmark-only hooks --------------------------------------------------------------------


def virtual_naps(env: Env) -> None:
    """Let bot timers of LONG_TIMER seconds or more fire on the virtual clock only.

    Call before env.start(): SimCord binds its timer scheduler when it attaches the bot."""
    schedule = env._schedule_timer

    def schedule_virtual(record: Any, callback: Any, args: Any, context: Any) -> None:
        schedule(record, callback, args, context)
        fallback = record.real_handle
        if fallback is not None and record.when - env._virtual_time >= LONG_TIMER:
            fallback.cancel()  # without a wall-clock fallback, settle sees the nap as parked
            record.real_handle = None

    env._schedule_timer = schedule_virtual  # type: ignore[method-assign]


class StampedLog(list):
    """SimCord's REST log: the requests made while `recording`, each with its perf_counter time."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []
        self.recording = False

    def append(self, entry: Any) -> None:
        """Log a request and stamp it, if recording."""
        if self.recording:
            self.times.append(time.perf_counter())
            super().append(entry)

    def drain(self) -> list[tuple[float, Any]]:
        """The (time, request) pairs so far; empties the log."""
        pairs = list(zip(self.times, self, strict=True))
        self.clear()
        self.times.clear()
        return pairs


@dataclass
class Probe:
    """Timings and counts from hooks on the bot. Counts only while `active` (during a burst and
    its settling), so the driver's own service reads and the setup of games do not count."""

    log: StampedLog = field(default_factory=StampedLog)
    done: dict[int, float] = field(default_factory=dict)
    handler: dict[int, str] = field(default_factory=dict)
    publishes: int = 0
    turns: int = 0
    db: dict[str, int] = field(default_factory=lambda: {"transaction": 0, "read": 0})
    waiting: int = 0
    idle: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def active(self) -> bool:
        """Whether requests, publishes and database use are counted now."""
        return self.log.recording

    @active.setter
    def active(self, value: bool) -> None:
        self.log.recording = value

    def install(self, env: Env, bot: JuwelierBot) -> None:
        """Hook into SimCord's REST log, the click handlers, the publisher and the database."""
        env.backend.http_requests = self.log
        for name, kind in HANDLERS.items():
            setattr(bot.actions, name, self._timed(kind, getattr(bot.actions, name)))
        publish = bot.publisher.publish

        async def counted(game_id: int, events: Sequence[Any], **kwargs: Any) -> None:
            if self.active:
                self.publishes += 1
                self.turns += sum(isinstance(e, TurnStarted) for e in events)
            await publish(game_id, events, **kwargs)

        bot.publisher.publish = counted  # type: ignore[method-assign]
        for name in self.db:
            setattr(bot.service.db, name, self._counted(name, getattr(bot.service.db, name)))

    def _counted(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.db[name] += self.active
            return method(*args, **kwargs)

        return counted

    def _timed(self, kind: str, handler: Callable[..., Any]) -> Callable[..., Any]:
        async def timed(interaction: discord.Interaction, *args: Any, **kwargs: Any) -> None:
            try:
                await handler(interaction, *args, **kwargs)
            finally:
                self.done[interaction.id] = time.perf_counter()
                self.handler[interaction.id] = kind
                self.waiting -= 1
                if self.waiting <= 0:
                    self.idle.set()

        return timed

    def expect(self, handlers: int) -> None:
        """The next burst runs this many handlers."""
        self.waiting = handlers
        self.idle.clear()


@dataclass
class Click:
    """One player's click: on which message, which button."""

    actor: MemberActor
    message: discord.Message | simcord.ResponseMessage
    custom_id: str


class Burst:
    """Dispatch many clicks together; Env.settle runs once, after all their handlers returned."""

    def __init__(self, env: Env, probe: Probe) -> None:
        self.env, self.probe = env, probe
        self.received: dict[int, float] = {}
        self.tokens: dict[int, str] = {}

    async def run(self, clicks: Sequence[Click]) -> list[simcord.InteractionResult]:
        """Emit every click's INTERACTION_CREATE back to back, then wait for the handlers."""
        env, backend = self.env, self.env.backend
        queued: list[tuple[str, Any]] = []
        raw_click = MemberActor.click.__wrapped__  # type: ignore[attr-defined]

        async def no_settle(**_: Any) -> None:
            return None

        # SimCord settles after each click and builds each payload first; queueing the events
        # keeps that driver work out of the bot's time, and all events reach the bot together.
        backend.emit = lambda event, payload: queued.append((event, payload))  # type: ignore
        env._settle_internal = no_settle  # type: ignore[method-assign]
        try:
            results = [await raw_click(c.actor, c.message, custom_id=c.custom_id)
                       for c in clicks]
        finally:
            del backend.emit, env._settle_internal
        self.probe.expect(len(clicks))
        self.probe.active = True
        try:
            for event, payload in queued:
                self.tokens[int(payload["id"])] = payload["token"]
                self.received[int(payload["id"])] = time.perf_counter()
                backend.emit(event, payload)
            try:
                await asyncio.wait_for(self.probe.idle.wait(), SETTLE_TIMEOUT)
            finally:
                await env.settle(timeout=SETTLE_TIMEOUT)  # what the clicks set off, counted too
        finally:
            self.probe.active = False
        return results


def prompt_views() -> list[discord.ui.View]:
    """The views discord.py keeps alive with a timeout task: private prompts, 15 minutes each."""
    views = []
    for task in asyncio.all_tasks():
        coro = task.get_coro()
        if "timeout_task_impl" in getattr(coro, "__qualname__", ""):
            view = coro.cr_frame.f_locals.get("self") if coro.cr_frame else None  # type: ignore
            if isinstance(view, discord.ui.View):
                views.append(view)
    return views


def button_ids(result: simcord.InteractionResult) -> list[str]:
    """custom_id of every enabled button in an interaction's response."""
    if result.response is None:
        return []
    return [item["custom_id"] for row in result.response.components
            for item in row.get("components", [])
            if item.get("type") == 2 and item.get("custom_id") and not item.get("disabled")]


# --- driving games ---------------------------------------------------------------------------


@asynccontextmanager
async def simulated(db_path: Path, seed: int) -> AsyncIterator[tuple[Env, JuwelierBot, Probe]]:
    """The real bot in a started Env, set up like SimCord's pytest plugin and simcord.run do.

    `/game new` draws game seeds from `secrets`; here they come from Random(seed), so every
    run plays the same games (the AI seats and the driver's choices are seeded already)."""
    bot = JuwelierBot(BotSettings(token="simulated", db_path=db_path))
    env = Env(bot, settle_timeout=SETTLE_TIMEOUT)
    virtual_naps(env)
    probe = Probe()
    drawn, record_eq = lobby.secrets, simcord_runtime._CallbackRecord.__eq__
    lobby.secrets = types.SimpleNamespace(randbits=random.Random(seed).getrandbits)  # type: ignore
    # SimCord drops each finished callback from its list with list.remove, comparing records
    # field by field; with hundreds of parked timers that is a real share of each click.
    simcord_runtime._CallbackRecord.__eq__ = object.__eq__  # type: ignore[method-assign]
    try:
        await env.start()
        probe.install(env, bot)
        try:
            with env.time_context():  # driver-side service calls read the virtual clock too
                yield env, bot, probe
        finally:
            await env.shutdown()
            # SimCord never calls bot.close(): close the database here.
            service, bot._service = bot._service, None
            if service is not None:
                await service.close()
    finally:
        lobby.secrets = drawn
        simcord_runtime._CallbackRecord.__eq__ = record_eq  # type: ignore[method-assign]
    env.raise_errors()  # a handler that failed makes the figures meaningless


@dataclass
class Game:
    """One benchmark table: its human player and its game."""

    human: MemberActor
    game_id: int


class Driver:
    """Starts games and plays rounds of bursts, collecting samples."""

    def __init__(self, env: Env, bot: JuwelierBot, probe: Probe, seed: int) -> None:
        self.env, self.bot, self.probe = env, bot, probe
        self.rng = random.Random(seed)
        self.started = 0
        self.samples: dict[str, dict[str, list[float]]] = {
            kind: {"ack": [], "response": [], "done": []} for kind in ("open", "option")}
        self.rest: dict[str, int] = {}
        self.burst_s = {"open": 0.0, "option": 0.0}

    def table(self) -> tuple[ChannelHandle, MemberActor]:
        """A new guild with a channel and one member (no game yet)."""
        self.started += 1
        guild = self.env.create_guild(f"g{self.started}")
        channel = guild.create_text_channel("gems")
        return channel, guild.add_member(self.env.create_user(f"p{self.started}"))

    async def start(self, channel: ChannelHandle, human: MemberActor) -> Game:
        """`/game new`, two AI seats and Start, by clicks."""
        await human.slash(channel, "game new")
        lobby = channel.last_message
        for _ in range(AI_SEATS):
            await human.click(lobby, label="Add AI")
        info = await self.bot.service.game_in_channel(channel.guild.id, channel.id)
        await human.click(lobby, label="Start")
        return Game(human, info.id)

    async def new_games(self, count: int) -> list[Game]:
        """`count` running games, each in a new guild."""
        return await self.start_all([self.table() for _ in range(count)])

    async def start_all(self, tables: Sequence[tuple[ChannelHandle, MemberActor]]
                        ) -> list[Game]:
        """A game in each of `tables`."""
        return [await self.start(*table) for table in tables]

    async def refill(self, games: list[Game]) -> None:
        """Replace finished games by new ones, so the number of running games stays put."""
        for i, game in enumerate(games):
            if (await self.bot.service.get_game(game.game_id)).status != "running":
                games[i] = await self.start(*self.table())

    async def round(self, games: list[Game]) -> None:
        """Every human opens their prompt (one burst), then clicks an option (another burst)."""
        service = self.bot.service
        ready = [g for g in games if await service.pending(g.game_id)]
        opens = []
        for game in ready:
            ref = (await service.get_messages(game.game_id))["table"]
            # One message, not channel.history(): that rebuilds every message of the channel.
            table = to_discord_message(self.env, self.env.backend.get_message(
                ref.channel_id, ref.message_id))
            opens.append(Click(game.human, table, f"jw:open:{game.game_id}"))
        prompts = await self.burst(opens, "open")
        picks = []
        for click, prompt in zip(opens, prompts, strict=True):
            options = [b for b in button_ids(prompt) if b.startswith(("jw:pick:", "jw:neg:"))]
            if options:
                picks.append(Click(click.actor, prompt.response, self.rng.choice(options)))
        await self.burst(picks, "option")

    async def expire_prompts(self) -> None:
        """Stop the views of this round's private prompts, as their 15 minutes would.

        The virtual clock stands still here, so they would pile up, and SimCord's settle
        checks every pending task against every timer: it would slow down quadratically."""
        for view in prompt_views():
            view.stop()
        await self.env.settle(timeout=SETTLE_TIMEOUT)

    async def burst(self, clicks: list[Click], kind: str) -> list[simcord.InteractionResult]:
        """Run one burst and file its latencies and REST calls."""
        if not clicks:
            return []
        burst = Burst(self.env, self.probe)
        results = await burst.run(clicks)
        requests = self.probe.log.drain()
        self.env.backend.transcript.clear()  # SimCord's event log: keep the Backend lean
        answered: dict[str, float] = {}
        acked: dict[str, float] = {}
        for stamp, entry in requests:
            route = route_of(entry.method, entry.path)
            self.rest[route] = self.rest.get(route, 0) + 1
            match = TOKEN.match(entry.path)
            if match is None:
                continue
            token = match[1]
            deferral = (entry.path.endswith("/callback")
                        and (entry.json or {}).get("type") in DEFERRALS)
            (acked if deferral else answered).setdefault(token, stamp)
        for iid, received in burst.received.items():
            token = burst.tokens[iid]
            target = self.samples[self.probe.handler.get(iid, kind)]
            target["done"].append(self.probe.done[iid] - received)
            target["response"].append(answered.get(token, self.probe.done[iid]) - received)
            if token in acked:
                target["ack"].append(acked[token] - received)
        self.burst_s[kind] += max(self.probe.done.values()) - min(burst.received.values())
        self.probe.done.clear()
        self.probe.handler.clear()
        return results


def rest_split(rest: dict[str, int]) -> tuple[int, int]:
    """(channel-message writes, everything else) from request counts by route."""
    writes = sum(n for route, n in rest.items() if is_message_write(*route.split(" ", 1)))
    return writes, sum(rest.values()) - writes


async def latency_run(count: int, rounds: int, seed: int, folder: Path) -> dict[str, Any]:
    """Start `count` games, then play `rounds` rounds of bursts; latencies and REST calls."""
    async with simulated(folder / f"latency_{count}.sqlite3", seed) as (env, bot, probe):
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
    writes, others = rest_split(driver.rest)
    options, opens = driver.samples["option"], driver.samples["open"]
    clicks = len(options["done"])

    def per(total: float, unit: float) -> float | None:
        return round(total / unit, 2) if unit else None

    return {
        "concurrent_games": count, "rounds": rounds, "games_started": driver.started,
        "setup_s": round(setup_s, 1), "measured_s": round(measured_s, 1),
        "option_clicks": clicks, "state_changes": changes, "actions_committed": committed,
        "turns": turns,
        "option_click_ms": {key: summary_ms(values) for key, values in options.items()},
        "open_prompt_ms": {key: summary_ms(values) for key, values in opens.items()},
        "option_clicks_per_s": per(clicks, driver.burst_s["option"]),
        "db_per_state_change": {"write_transactions": per(db["transaction"], changes),
                                "reads": per(db["read"], changes)},
        "actions_per_state_change": per(committed, changes),
        "rest": {
            "channel_message_writes": writes, "other": others,
            "channel_message_writes_per_state_change": per(writes, changes),
            "other_per_state_change": per(others, changes),
            "channel_message_writes_per_turn": per(writes, turns),
            "other_per_turn": per(others, turns),
            "by_route": dict(sorted(driver.rest.items(), key=lambda kv: -kv[1])),
        },
    }


# --- memory ----------------------------------------------------------------------------------


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


async def memory_run(count: int, rounds: int, seed: int, folder: Path,
                     fill_cache: bool = True) -> dict[str, Any]:
    """Memory per guild and per running game for `count` games played `rounds` rounds."""
    was_tracing, view_size = tracemalloc.is_tracing(), 0.0
    async with simulated(folder / f"memory_{count}.sqlite3", seed) as (env, bot, probe):
        driver = Driver(env, bot, probe, seed)
        # Warm-up: imports, caches and first-use allocations must not count as per-game. With
        # `fill_cache`, play on until discord.py's message cache is full, as in a bot that has
        # run for a while: it is capped for the whole bot, so its growth is no per-game cost.
        warm = await driver.new_games(WARM_GAMES)
        limit = bot._connection.max_messages or 0
        for played in range(MAX_WARM_ROUNDS):
            if played >= WARM_ROUNDS and (not fill_cache or len(bot.cached_messages) >= limit):
                break
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
        messages = deep_size(list(bot.cached_messages), shared)
    return {
        "games": count, "rounds": rounds,
        "per_game_kb": round(resident / count / 1024, 1),
        "peak_per_game_kb": round(traced.peak_high / count / 1024, 1),
        "peak_per_game_kb_at_least": round(traced.peak_low / count / 1024, 1),
        "per_guild_kb": round(per_guild / count / 1024, 1),
        "service_cache_per_game_kb": round(cached / 1024, 1),
        "discord_message_cache_kb": round(messages / 1024),
        "discord_cached_messages": len(bot.cached_messages),
        "prompt_view_kb": round(view_size / 1024, 1),
        "message_cache_full_before": fill_cache,
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
                  seed: int = 0, fill_cache: bool = True) -> dict[str, Any]:
    """Run a latency scenario per (games, rounds) of `plan` and a memory one for `memory`
    (games, rounds); return the figures."""
    code, load = code_state(), os.getloadavg()  # before: what ran, and what else was running
    with tempfile.TemporaryDirectory(prefix="juwelier-botbench-") as tmp:
        runs = [await latency_run(n, rounds, seed + i, Path(tmp))
                for i, (n, rounds) in enumerate(plan)]
        mem = (await memory_run(*memory, seed, Path(tmp), fill_cache) if memory
               else None)
    return {
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count(), "discord.py": discord.__version__,
                    "simcord": simcord.__version__,
                    "load_average_before": [round(x, 2) for x in load],
                    "load_average_after": [round(x, 2) for x in os.getloadavg()]},
        "code": code,
        "settings": {"seats": f"1 human + {AI_SEATS} AI", "synchronous": StoreConfig().synchronous,
                     "plan": [list(p) for p in plan], "memory": list(memory) if memory else None},
        "latency_and_rest": runs,
        "memory": mem,
    }


def render(figures: dict[str, Any]) -> str:
    """The figures as markdown tables: latency, REST and database use, memory."""
    runs = figures["latency_and_rest"]
    lines = ["| concurrent games | option clicks | response p50 / p99 ms | done p50 / p99 ms | "
             "ack p99 ms | prompt open p50 / p99 ms | option clicks/s |",
             "|---:|---:|---:|---:|---:|---:|---:|"]
    for r in runs:
        o, p = r["option_click_ms"], r["open_prompt_ms"]
        lines.append(f"| {r['concurrent_games']} | {r['option_clicks']} | "
                     f"{o['response']['p50']} / {o['response']['p99']} | "
                     f"{o['done']['p50']} / {o['done']['p99']} | {o['ack']['p99']} | "
                     f"{p['response']['p50']} / {p['response']['p99']} | "
                     f"{r['option_clicks_per_s']} |")
    lines += ["", "| concurrent games | channel-message writes per state change | other REST "
              "per state change | channel-message writes per turn | other REST per turn | "
              "DB write transactions / reads per state change |",
              "|---:|---:|---:|---:|---:|---:|"]
    for r in runs:
        rest, db = r["rest"], r["db_per_state_change"]
        lines.append(f"| {r['concurrent_games']} | "
                     f"{rest['channel_message_writes_per_state_change']} | "
                     f"{rest['other_per_state_change']} | "
                     f"{rest['channel_message_writes_per_turn']} | {rest['other_per_turn']} | "
                     f"{db['write_transactions']} / {db['reads']} |")
    m = figures.get("memory")
    if m:
        lines += ["", "| running games | per game KB | peak per game KB | of which the service's "
                  "cached game KB | per guild KB | per open prompt KB (15 min) | message cache "
                  "(whole bot) |",
                  "|---:|---:|---:|---:|---:|---:|---:|",
                  f"| {m['games']} | {m['per_game_kb']} | {m['peak_per_game_kb']} | "
                  f"{m['service_cache_per_game_kb']} | {m['per_guild_kb']} | "
                  f"{m['prompt_view_kb']} | {m['discord_message_cache_kb']} KB, "
                  f"{m['discord_cached_messages']} messages |"]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Parse arguments, run, write the results file and print the tables."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bot_bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="1 and 10 games, few rounds (a smoke run, about half a minute)")
    args = parser.parse_args(argv)
    plan = QUICK_PLAN if args.quick else FULL_PLAN
    memory = (10, 2) if args.quick else (200, 3)
    began = time.perf_counter()
    figures = asyncio.run(measure(plan, memory))
    figures["settings"]["quick"] = args.quick
    figures["total_s"] = round(time.perf_counter() - began, 1)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print(render(figures))


if __name__ == "__main__":
    main()
