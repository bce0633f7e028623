"""The playground's time: SimCord's clock stands still until someone moves it, so without this a
`/game new` cooldown never ends, lobbies never expire and AI replies that the bot's timer plays
wait for the next click. The ticker moves the simulated clock with the wall clock and lets the
open pages show whatever the bot did meanwhile (the pages poll; SimCord rebuilds what they read
only when asked)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from bot.playground.previews import Previews

log = logging.getLogger(__name__)
TICK = 0.5  # seconds between two moves of the clock: the pages poll about as often


def start_at_wall_clock(env: Any) -> None:
    """Let the simulated clock show today's date and time (SimCord starts on 2026-01-01).
    Only before the bot starts: a timer that slept by the old date would oversleep."""
    clock = getattr(env.backend, "clock", None)
    epoch = getattr(clock, "_epoch", None)
    if isinstance(epoch, datetime) and clock is not None:
        wall = datetime.now(UTC) - (clock.now() - epoch)
        clock._epoch = max(epoch, wall)  # never backwards: message ids grow with time


def only_the_ticker_moves_time(env: Any) -> None:
    """Let the bot's timers fire only when the ticker moves the simulated clock.

    SimCord gives every timer a wall-clock fallback and settles a click only once no timer is
    due within its settle timeout (the playground's is two minutes, for the AI workers'
    start). A round clock shorter than that (Große kleine Edelsteine's 30 s) would hold every
    click until the round closed. The ticker already moves the clock with the wall clock, so
    the fallbacks add nothing: without them a waiting timer is parked and the click settles.
    Leans on a SimCord internal (`Env._schedule_timer`), pinned by tests/bot/test_playground.py."""
    schedule = env._schedule_timer

    def virtual_only(record: Any, *args: Any) -> None:
        schedule(record, *args)
        if record.real_handle is not None:
            record.real_handle.cancel()
            record.real_handle = None

    env._schedule_timer = virtual_only


class WallClock:
    """Moves the simulated clock with `wall` (seconds, e.g. time.monotonic) every tick."""

    def __init__(self, env: Any, previews: Previews, wall: Callable[[], float] = time.monotonic,
                 tick: float = TICK) -> None:
        self.env, self.previews, self.wall, self.tick = env, previews, wall, tick
        self._last = wall()
        self._task: asyncio.Task[None] | None = None
        self.ticks = 0  # moves made so far (tests wait for one)
        self.on_tick: list[Callable[[], Awaitable[None]]] = []  # run after every move

    def start(self) -> None:
        """Start ticking in the background."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self.step()
            except Exception:  # a failed tick must not stop time
                log.exception("the playground's clock could not move on")

    async def step(self) -> None:
        """Catch the simulated clock up with the wall clock, then refresh the pages."""
        async with self.previews.lock:
            now = self.wall()
            elapsed, self._last = max(now - self._last, 0.0), now
            if elapsed > 0:
                try:
                    await self.env.advance_time(elapsed)
                except TimeoutError:  # the bot is still busy (a long AI search): next tick
                    log.debug("the bot did not settle within this tick")
            for hook in self.on_tick:
                await hook()
            self.previews.republish()
            self.ticks += 1

    async def stop(self) -> None:
        """Stop ticking."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
