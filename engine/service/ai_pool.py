"""Searching AI decisions in a shared pool of worker processes, with a budget per decision that
shrinks when the queue grows.

A search holds the CPU for tenths of a second. On a thread it would also hold the interpreter
lock, and every game's clicks would wait behind it; in worker processes the event loop stays
free. When more decisions wait than there are workers, each gets a smaller share of the full
search (fewer sampled worlds), so a crowd of AI seats slows no one for long. The share is a
function of the queue, not of the clock, so a decision stays reproducible for its budget.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from engine.core.ai import budgeted, get_policy, seated
from engine.core.game import Action, Decision

T = TypeVar("T")
MIN_BUDGET = 0.1  # never less than a tenth of the full search


def _decide(game: str, level: str, state: Any, decision: Decision, rng: random.Random,
            levels: tuple[str | None, ...], budget: float) -> Action:
    """Run in a worker: the level's policy for this decision, within `budget`."""
    from engine.core.registry import get_kind

    with seated(levels), budgeted(budget):
        return get_policy(level)(get_kind(game), state, decision, rng)


class AiPool:
    """Worker processes for searching policies, started on first use."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.waiting = 0
        self.smallest_budget = 1.0  # the lowest share given so far (benchmarks report it)
        self._pool: ProcessPoolExecutor | None = None

    def budget(self) -> float:
        """The share of the full search for a decision that joins the queue now."""
        if self.waiting <= self.workers:
            return 1.0
        return max(MIN_BUDGET, self.workers / self.waiting)

    async def run(self, task: Callable[..., T], *args: Any) -> T:
        """Run a picklable CPU-bound `task(*args, share)` in a worker, with the share of its
        full budget this queue allows (the coach's reviews: engine/service/reviews.py)."""
        self.waiting += 1
        try:
            share = self.budget()
            self.smallest_budget = min(self.smallest_budget, share)
            return await asyncio.get_running_loop().run_in_executor(
                self._executor(), task, *args, share)
        finally:
            self.waiting -= 1

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Spawned, not forked: the server runs threads (SQLite, asyncio) a fork would copy
            # in whatever state they were.
            self._pool = ProcessPoolExecutor(self.workers,
                                             mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def choose(self, game: str, level: str, state: Any, decision: Decision,
                     rng: random.Random, levels: tuple[str | None, ...]) -> Action:
        """The policy's answer, computed in a worker process."""
        return await self.run(_decide, game, level, state, decision, rng, levels)

    def close(self) -> None:
        """Stop the workers."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
