"""The bot benchmark's harness: the real JuwelierBot in SimCord, hooks that time it, a driver.

Benchmark-only hooks (bot/ and engine/ are untouched; several use SimCord 3.2 internals):
  * `virtual_naps`: bot timers of a second or more fire only when the virtual clock reaches
    them (Env._schedule_timer), which it never does here. SimCord backs each virtual timer with
    a wall-clock fallback; the bot's timer task naps until the next reminder (30-60 s), so a
    long run would get reminders and autopilot moves mid-measurement. The first version of this
    script stalled at Start for that reason: its settle timeout (120 s) was longer than the nap,
    and settle waits for every timer due before its deadline.
  * `Burst`: defers Backend.emit and skips the per-click settle, so a burst's events all go out
    together, stamped as they are handed over; Env.settle runs once after all handlers returned.
    `prepare` builds one click's event the same way, for the paced mode to send when it likes.
  * `Probe`: stamps REST requests as SimCord logs them (Backend.http_requests), and wraps the
    Actions handlers (end time), Publisher.publish (state changes, turns) and the service's
    Database.transaction/read (counts, leaving out the driver's own reads: `driver_side`).
  * `Driver.expire_prompts`: stops the private prompts' views after each round, as their 15
    minutes would (the virtual clock stands still); `simulated` seeds `/game new` (the lobby
    module's `secrets`) and makes SimCord's callback records compare by identity (its list
    removals compared them field by field, a cost that grew with every parked timer).
"""

from __future__ import annotations

import asyncio
import contextvars
import random
import re
import time
import types
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord import ChannelHandle, Env, MemberActor
from simcord import _runtime as simcord_runtime
from simcord.results import to_discord_message

from bot.collector import collector_tuned
from bot.config import BotSettings
from bot.core.client import JuwelierBot
from engine.games.esr.events import TurnStarted
from engine.service import SubmitResult, lobby
from tests.bot.driver import ai_menu
from tests.postgres import fresh_database

AI_SEATS = 2
SETTLE_TIMEOUT = 600.0  # a 200-click burst takes seconds; every nap is parked on the virtual clock
LONG_TIMER = 1.0  # seconds: bot timers at least this long fire only on the virtual clock
MESSAGE_WRITE = re.compile(r"^/channels/[^/]+/messages(/[^/]+)?$")
THREAD_MESSAGES = re.compile(r"^/channels/(\d+)/messages")
THREAD_WRITE = re.compile(r"^/threads/[^/]+/messages(/[^/]+)?$")
TOKEN = re.compile(r"^/(?:interactions/\d+|webhooks/\d+)/([^/]+)")
DEFERRALS = (5, 6)  # interaction callback types that only acknowledge
# The Actions handlers timed, by what they answer: the table button or a prompt's option.
HANDLERS = {"open_prompt": "open", "pick": "option", "room_pick": "option"}
# Set while the driver itself calls the service (to find a table, to see whether a game goes
# on): those database reads are not the bot's, and must not count.
DRIVER: contextvars.ContextVar[bool] = contextvars.ContextVar("driver", default=False)


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


def ratio(total: float, unit: float) -> float | None:
    """total / unit to two decimals (None if unit is 0)."""
    return round(total / unit, 2) if unit else None


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
    commit_s: list[float] = field(default_factory=list)
    waiting: int = 0
    idle: asyncio.Event = field(default_factory=asyncio.Event)
    finished: dict[int, asyncio.Future[None]] = field(default_factory=dict)

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

        async def counted(game_id: int, published: Any = (), **kwargs: Any) -> None:
            # A catch-up's publish (no change of its own) is not a state change.
            if self.active and published:
                self.publishes += 1
                self.turns += sum(isinstance(e, TurnStarted) for e in events_in(published))
            await publish(game_id, published, **kwargs)

        bot.publisher.publish = counted  # type: ignore[method-assign]
        for name in self.db:
            setattr(bot.service.db, name, self._counted(name, getattr(bot.service.db, name)))
        bot.service.db.transaction = self._timed_commit(bot.service.db.transaction)

    def _timed_commit(self, transaction: Callable[..., Any]) -> Callable[..., Any]:
        """Time each write transaction's COMMIT (with synchronous=FULL: the fsync)."""

        @asynccontextmanager
        async def timed(**kwargs: Any) -> AsyncIterator[Any]:
            async with transaction(**kwargs) as conn:
                yield conn
                began = time.perf_counter()  # the block is done: what follows is the COMMIT
            if self.active:
                self.commit_s.append(time.perf_counter() - began)

        return timed

    def _counted(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.db[name] += self.active and not DRIVER.get()
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
                waiter = self.finished.pop(interaction.id, None)
                if waiter is not None and not waiter.done():
                    waiter.set_result(None)

        return timed

    def expect(self, handlers: int) -> None:
        """The next burst runs this many handlers."""
        self.waiting = handlers
        self.idle.clear()

    def watch(self, interaction_id: int) -> asyncio.Future[None]:
        """A future done when the handler of this interaction has returned."""
        waiter = self.finished[interaction_id] = asyncio.get_running_loop().create_future()
        return waiter


def events_in(published: Any) -> list[Any]:
    """The game events of what Publisher.publish was given: events, or one or more
    SubmitResults (the publisher has taken both)."""
    items = [published] if isinstance(published, SubmitResult) else list(published)
    return [e for item in items for e in (item.events if isinstance(item, SubmitResult)
                                          else [item])]


@contextmanager
def driver_side() -> Iterator[None]:
    """Mark the service calls in the block as the driver's: their database reads do not count."""
    token = DRIVER.set(True)
    try:
        yield
    finally:
        DRIVER.reset(token)


@dataclass
class Click:
    """One player's click: on which message, which button."""

    actor: MemberActor
    message: discord.Message | simcord.ResponseMessage
    custom_id: str


@dataclass
class Prepared:
    """A click's INTERACTION_CREATE, built but not yet sent, and where its result will show."""

    event: str
    payload: dict[str, Any]
    result: simcord.InteractionResult

    @property
    def id(self) -> int:
        """The interaction id."""
        return int(self.payload["id"])

    @property
    def token(self) -> str:
        """The interaction token (its REST calls carry it in their path)."""
        return str(self.payload["token"])


def prepare(env: Env, click: Click) -> Prepared:
    """Build a click's event without sending it, and without SimCord's settle after it.

    Backend.emit and the settle are patched only while SimCord's click runs, which must not
    suspend (it is driven by hand here): so no other task, the bot's included, runs meanwhile
    and sees the patches. SimCord builds the payload (copies, permission checks) in the click:
    keeping that apart keeps the driver's work out of the bot's time."""
    backend = env.backend
    queued: list[tuple[str, Any]] = []
    raw_click = MemberActor.click.__wrapped__  # type: ignore[attr-defined]

    async def no_settle(**_: Any) -> None:
        return None

    backend.emit = lambda event, payload: queued.append((event, payload))  # type: ignore
    env._settle_internal = no_settle  # type: ignore[method-assign]
    try:
        step = raw_click(click.actor, click.message, custom_id=click.custom_id)
        try:
            step.send(None)
        except StopIteration as stop:
            result = stop.value
        else:
            step.close()
            raise RuntimeError("SimCord's click suspended: this SimCord is not the one measured")
    finally:
        del backend.emit, env._settle_internal
    [(event, payload)] = queued
    return Prepared(event, payload, result)


class Burst:
    """Dispatch many clicks together; Env.settle runs once, after all their handlers returned."""

    def __init__(self, env: Env, probe: Probe) -> None:
        self.env, self.probe = env, probe
        self.received: dict[int, float] = {}
        self.tokens: dict[int, str] = {}

    async def run(self, clicks: Sequence[Click]) -> list[simcord.InteractionResult]:
        """Emit every click's INTERACTION_CREATE back to back, then wait for the handlers."""
        env = self.env
        # All events are built first, so they all reach the bot together.
        prepared = [prepare(env, click) for click in clicks]
        self.probe.expect(len(clicks))
        self.probe.active = True
        try:
            for click in prepared:
                self.tokens[click.id] = click.token
                self.received[click.id] = time.perf_counter()
                env.backend.emit(click.event, click.payload)
            try:
                await asyncio.wait_for(self.probe.idle.wait(), SETTLE_TIMEOUT)
            finally:
                await env.settle(timeout=SETTLE_TIMEOUT)  # what the clicks set off, counted too
        finally:
            self.probe.active = False
        return [click.result for click in prepared]


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


# A PostgreSQL server's URL (bot_bench --backends): each simulated bot then gets a fresh
# database of its own on it instead of the SQLite file.
POSTGRES_SERVER: str | None = None


@asynccontextmanager
async def simulated(db_path: Path, seed: int) -> AsyncIterator[tuple[Env, JuwelierBot, Probe]]:
    """The real bot in a started Env, set up like SimCord's pytest plugin and simcord.run do.

    `/game new` draws game seeds from `secrets`; here they come from Random(seed), so every
    run plays the same games (the AI seats and the driver's choices are seeded already)."""
    # Set up as `python -m bot` runs: collector tuned, startup objects frozen (bot.collector).
    url = (None if POSTGRES_SERVER is None
           else await fresh_database(POSTGRES_SERVER))
    bot = JuwelierBot(BotSettings(token="simulated", db_path=db_path, database_url=url),
                      freeze_after_setup=True)
    env = Env(bot, settle_timeout=SETTLE_TIMEOUT)
    virtual_naps(env)
    probe = Probe()
    drawn, record_eq = lobby.secrets, simcord_runtime._CallbackRecord.__eq__
    lobby.secrets = types.SimpleNamespace(randbits=random.Random(seed).getrandbits)  # type: ignore
    # SimCord drops each finished callback from its list with list.remove, comparing records
    # field by field; with hundreds of parked timers that is a real share of each click.
    simcord_runtime._CallbackRecord.__eq__ = object.__eq__  # type: ignore[method-assign]
    try:
        with collector_tuned():
            async with _started(env, bot, probe) as started:
                yield started
    finally:
        lobby.secrets = drawn
        simcord_runtime._CallbackRecord.__eq__ = record_eq  # type: ignore[method-assign]
    env.raise_errors()  # a handler that failed makes the figures meaningless


@asynccontextmanager
async def _started(env: Env, bot: JuwelierBot, probe: Probe
                   ) -> AsyncIterator[tuple[Env, JuwelierBot, Probe]]:
    """Start the Env, hook the probe in; shut it down and close the database after."""
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


@dataclass
class Game:
    """One benchmark table: its human player and its game."""

    human: MemberActor
    game_id: int


class Driver:
    """Starts games and plays rounds of bursts, collecting samples."""

    def __init__(self, env: Env, bot: JuwelierBot, probe: Probe, seed: int,
                 ai_level: str = "random", ai_seats: int = AI_SEATS) -> None:
        self.env, self.bot, self.probe = env, bot, probe
        self.ai_level, self.ai_seats = ai_level, ai_seats
        self.rng = random.Random(seed)
        self.started = 0
        self.samples: dict[str, dict[str, list[float]]] = {
            kind: {"ack": [], "response": [], "done": []} for kind in ("open", "option")}
        self.rest: dict[str, int] = {}
        self.game_channels: set[int] = set()  # anything else written to is a thread
        self.burst_s = {"open": 0.0, "option": 0.0}

    def table(self) -> tuple[ChannelHandle, MemberActor]:
        """A new guild with a channel and one member (no game yet)."""
        self.started += 1
        guild = self.env.create_guild(f"g{self.started}")
        channel = guild.create_text_channel("gems")
        self.game_channels.add(channel.id)
        return channel, guild.add_member(self.env.create_user(f"p{self.started}"))

    async def start(self, channel: ChannelHandle, human: MemberActor) -> Game:
        """`/game new`, two AI seats and Start, by clicks."""
        await human.slash(channel, "game new")
        lobby = channel.last_message
        for _ in range(self.ai_seats):
            await human.select(lobby, [self.ai_level], custom_id=ai_menu(lobby))
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
            with driver_side():
                running = (await self.bot.service.get_game(game.game_id)).status == "running"
            if not running:
                games[i] = await self.start(*self.table())

    async def owes(self, game: Game) -> bool:
        """Whether the game goes on (its human owes a decision: the AI seats never keep it)."""
        with driver_side():
            return bool(await self.bot.service.pending(game.game_id))

    async def open_click(self, game: Game) -> Click:
        """The human's click on the table's button (which opens their private prompt)."""
        with driver_side():
            ref = (await self.bot.service.get_messages(game.game_id))["table"]
        # One message, not channel.history(): that rebuilds every message of the channel.
        table = to_discord_message(self.env, self.env.backend.get_message(
            ref.channel_id, ref.message_id))
        return Click(game.human, table, f"jw:open:{game.game_id}")

    @staticmethod
    def option_click(actor: MemberActor, prompt: simcord.InteractionResult,
                     rng: random.Random) -> Click | None:
        """A click on a random option of a private prompt (None if it offers none)."""
        options = [b for b in button_ids(prompt) if b.startswith(("jw:pick:", "jw:neg:"))]
        if not options or prompt.response is None:
            return None
        return Click(actor, prompt.response, rng.choice(options))

    async def round(self, games: list[Game]) -> None:
        """Every human opens their prompt (one burst), then clicks an option (another burst)."""
        opens = [await self.open_click(game) for game in games if await self.owes(game)]
        prompts = await self.burst(opens, "open")
        picks = [pick for click, prompt in zip(opens, prompts, strict=True)
                 if (pick := self.option_click(click.actor, prompt, self.rng)) is not None]
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
        self.file(burst.received, burst.tokens, kind)
        self.burst_s[kind] += max(self.probe.done.values()) - min(burst.received.values())
        self.probe.done.clear()
        self.probe.handler.clear()
        return results

    def thread_path(self, path: str) -> str:
        """A thread's message writes as /threads/...: the game channels and their negotiation
        threads are counted apart (the target is about the game's channel)."""
        match = THREAD_MESSAGES.match(path)
        if match and int(match[1]) not in self.game_channels:
            return "/threads/" + path.removeprefix("/channels/")
        return path

    def file(self, received: dict[int, float], tokens: dict[int, str], kind: str) -> None:
        """File the latencies of these interactions (by id: when received, their token) and
        the REST calls logged so far; `kind` is for a handler the probe did not time."""
        requests = self.probe.log.drain()
        self.env.backend.transcript.clear()  # SimCord's event log: keep the Backend lean
        answered: dict[str, float] = {}
        acked: dict[str, float] = {}
        for stamp, entry in requests:
            route = route_of(entry.method, self.thread_path(entry.path))
            self.rest[route] = self.rest.get(route, 0) + 1
            match = TOKEN.match(entry.path)
            if match is None:
                continue
            token = match[1]
            deferral = (entry.path.endswith("/callback")
                        and (entry.json or {}).get("type") in DEFERRALS)
            (acked if deferral else answered).setdefault(token, stamp)
        for iid, at in received.items():
            token = tokens[iid]
            target = self.samples[self.probe.handler.get(iid, kind)]
            target["done"].append(self.probe.done[iid] - at)
            target["response"].append(answered.get(token, self.probe.done[iid]) - at)
            if token in acked:
                target["ack"].append(acked[token] - at)


def rest_split(rest: dict[str, int]) -> tuple[int, int, int]:
    """(game-channel message writes, thread message writes, everything else) by route."""
    writes = sum(n for route, n in rest.items() if is_message_write(*route.split(" ", 1)))
    threads = sum(n for route, n in rest.items()
                  if route.split(" ", 1)[0] in ("POST", "PATCH", "DELETE")
                  and THREAD_WRITE.match(route.split(" ", 1)[1]))
    return writes, threads, sum(rest.values()) - writes - threads

