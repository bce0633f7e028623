"""The bot benchmark's paced load: every game's human clicks after a think time, in wall time.

A burst has every player click in the same instant: the worst case, where the last click waits
for all the others. Here each game's human clicks when a player would: they press the table's
button (their private prompt opens), read it, press an option, read the result and the table,
and so on. Every click follows the previous one of its game by a think time drawn from an
exponential distribution with mean `think` seconds, so each game's clicks form a Poisson
process and N games together one of N / think clicks per second, interleaved at random.

Why THINK_S = 10 s a click (20 s a decision: the button, then an option): a player on Discord
sees the table change, presses "Your move", reads a prompt of up to a dozen options (action
cards, offers) and picks one. That takes a few seconds when they are watching and choosing
quickly, tens of seconds when they weigh it up, and the game's deadlines (120 s for the action
choice, 90 s a negotiation step, 60 s otherwise) bound it from above. 10 s sits at the brisk end,
so the load is on the high side: 200 games make 20 interactions a second (10 option clicks).

Determinism. Click times come from a generator seeded per game (seed, game) and are drawn
before the run; the options chosen from another, so the same games are played whatever the
timing. A click never goes out before its game's previous one has been handled (a player cannot
press an option before the prompt shows); then it is late, and counted. Each game clicks until
its next option click would fall after `window` seconds; a game that ends stops there.

Latency starts when the player clicks (the planned time, or the previous response if that came
later). If the event loop is busy then, the driver's wake-up comes late, as a real bot's
gateway read would: that delay is counted in the latency, and reported as the loop delay.
"""

from __future__ import annotations

import asyncio
import gc
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import simcord
from simcord import Env

from benchmarks.bot_sim import (
    Click,
    Driver,
    Game,
    Probe,
    prepare,
    ratio,
    simulated,
    summary_ms,
)
from bot.core.client import JuwelierBot

THINK_S = 10.0  # mean seconds between a player's clicks (see the docstring)
WINDOW_S = 60.0  # seconds of wall time each paced scenario plays
HANDLER_TIMEOUT = 120.0  # a handler that never returns makes the figures meaningless
SPIN_S = 0.002  # the last seconds before a click are waited for by yielding, not by a timer


def click_plan(rng: random.Random, think: float, window: float) -> list[tuple[float, float]]:
    """(open, option) click times in seconds from the start, think times exponential."""
    plan: list[tuple[float, float]] = []
    now = 0.0
    while True:
        opened = now + rng.expovariate(1 / think)
        picked = opened + rng.expovariate(1 / think)
        if picked > window:
            return plan
        plan.append((opened, picked))
        now = picked


class PacedDriver(Driver):
    """Plays every game's clicks at their planned times, all games at once."""

    def __init__(self, env: Env, bot: JuwelierBot, probe: Probe, seed: int) -> None:
        super().__init__(env, bot, probe, seed)
        self.received: dict[int, float] = {}
        self.tokens: dict[int, str] = {}
        self.loop_delay: list[float] = []
        self.late = 0
        self.clicks = 0
        self.ended = 0

    async def play(self, game: Game, plan: Sequence[tuple[float, float]], rng: random.Random,
                   began: float) -> None:
        """One game's human: open the prompt, pick an option, at the planned times."""
        ready = began
        for opened, picked in plan:
            if not await self.owes(game):
                self.ended += 1
                return
            prompt, ready = await self.send(game, None, began + opened, ready)
            pick = self.option_click(game.human, prompt, rng)
            if pick is not None:
                _, ready = await self.send(game, pick, began + picked, ready)

    async def send(self, game: Game, pick: Click | None, planned: float, ready: float
                   ) -> tuple[simcord.InteractionResult, float]:
        """Click `pick` (None: the table's button) at `planned`, or once the previous response
        is in if that is later; wait for the handler. Returns the result and when it returned."""
        clicked = max(planned, ready)
        self.late += ready > planned
        await until(clicked)
        woke = time.perf_counter()
        # The table is looked up now: the bot may have posted a new one meanwhile.
        click = prepare(self.env, pick or await self.open_click(game))
        waiter = self.probe.watch(click.id)
        delay = max(0.0, woke - clicked)  # the loop was busy: the event would wait as long
        self.loop_delay.append(delay)
        self.received[click.id] = time.perf_counter() - delay  # the driver's own work left out
        self.tokens[click.id] = click.token
        self.clicks += 1
        self.env.backend.emit(click.event, click.payload)
        await asyncio.wait_for(waiter, HANDLER_TIMEOUT)
        return click.result, self.probe.done[click.id]


async def until(moment: float) -> None:
    """Sleep until perf_counter() reaches `moment`, late only if the event loop is busy.

    A timer alone wakes up to a millisecond late (epoll rounds its timeout up to whole
    milliseconds), which would count as loop delay: the last stretch yields instead."""
    await asyncio.sleep(max(0.0, moment - time.perf_counter() - SPIN_S))
    while time.perf_counter() < moment:
        await asyncio.sleep(0)


class CollectorWatch:
    """The garbage collector's full passes while active: each stops the event loop."""

    def __init__(self) -> None:
        self.full_ms: list[float] = []
        self._started = 0.0

    def __enter__(self) -> CollectorWatch:
        gc.callbacks.append(self._observe)
        return self

    def __exit__(self, *_: object) -> None:
        gc.callbacks.remove(self._observe)

    def _observe(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        elif info["generation"] == 2:
            self.full_ms.append((time.perf_counter() - self._started) * 1000)


def _rng(seed: int, game: int, stream: int) -> random.Random:
    """A generator of its own per game and purpose (click times, choices)."""
    return random.Random(seed * 1_000_003 + game * 2 + stream)


async def paced_run(count: int, seed: int, folder: Path, think: float = THINK_S,
                    window: float = WINDOW_S, ai_level: str = "random",
                    ai_seats: int | None = None) -> dict[str, Any]:
    """Start `count` games, then play each at a player's pace for `window` seconds; the games'
    AI seats play `ai_level` (searching levels in the bot's AI worker pool)."""
    async with simulated(folder / f"paced_{count}_{ai_level}.sqlite3", seed) as (env, bot,
                                                                                  probe):
        driver = PacedDriver(env, bot, probe, seed)
        driver.ai_level = ai_level
        driver.ai_seats = ai_seats if ai_seats is not None else driver.ai_seats
        began = time.perf_counter()
        games = await driver.new_games(count)
        setup_s = time.perf_counter() - began
        plans = [click_plan(_rng(seed, i, 0), think, window) for i in range(count)]
        cpu, began = time.process_time(), time.perf_counter()
        probe.active = True
        try:
            with CollectorWatch() as collector:
                await asyncio.gather(*(driver.play(game, plan, _rng(seed, i, 1), began)
                                       for i, (game, plan) in enumerate(zip(games, plans,
                                                                            strict=True))))
            played_s = time.perf_counter() - began
            cpu = time.process_time() - cpu
            await env.settle()  # what the last clicks set off, counted too
        finally:
            probe.active = False
        driver.file(driver.received, driver.tokens, "option")
        await driver.expire_prompts()
        changes, db = probe.publishes, dict(probe.db)
        pool = bot.service.ai_pool
        budget = pool.smallest_budget if pool is not None else None
    options, opens = driver.samples["option"], driver.samples["open"]
    return {
        "concurrent_games": count, "think_s": think, "window_s": window,
        "ai": f"{driver.ai_seats} x {ai_level}", "smallest_ai_budget": budget,
        "setup_s": round(setup_s, 1), "played_s": round(played_s, 1),
        "clicks": driver.clicks, "option_clicks": len(options["done"]),
        "clicks_per_s": ratio(driver.clicks, played_s),
        "late_clicks": driver.late, "games_ended": driver.ended,
        "cpu_share_of_one_core": ratio(cpu, played_s),
        "loop_delay_ms": summary_ms(driver.loop_delay),
        "full_collections": len(collector.full_ms),
        "full_collection_ms_max": round(max(collector.full_ms, default=0.0), 1),
        "commit_ms": summary_ms(probe.commit_s),
        "option_click_ms": {key: summary_ms(values) for key, values in options.items()},
        "open_prompt_ms": {key: summary_ms(values) for key, values in opens.items()},
        "state_changes": changes,
        "db_per_state_change": {"write_transactions": ratio(db["transaction"], changes),
                                "reads": ratio(db["read"], changes)},
    }
