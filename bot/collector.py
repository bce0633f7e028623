"""Garbage-collector settings for a long-running bot process, where pauses are response time.

CPython's cycle collector stops the event loop while it runs. Every click allocates a few
thousand short-lived objects (payloads, embeds, pydantic models) that are still referenced when
a young collection runs every 700 allocations, so they are promoted and, a few thousand clicks
later, set off a full collection over the whole heap: some 80-100 ms at 200 running games, long
enough to be the slowest click of the hundred. A young generation of 5,000 lets almost all of them
die young instead (the bot benchmark saw no full collection in a minute of 20 clicks/s instead of
three to six); objects alive when the bot has started (modules, classes, the command tree) are
frozen, so the full collections that remain do not scan them.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_GENERATION = 5_000  # CPython's default is 700


def tune_collector() -> None:
    """Collect the young generation every YOUNG_GENERATION allocations (older ones as before)."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_GENERATION, middle, old)


def freeze_startup_objects() -> None:
    """Move what is alive now out of the collector's way: it lives as long as the process."""
    gc.collect()
    gc.freeze()


@contextmanager
def collector_tuned() -> Iterator[None]:
    """The bot process's settings inside the block; the previous ones (and nothing frozen) after.

    For harnesses that run the bot in a process of their own (benchmarks): `python -m bot` sets
    them for good."""
    before = gc.get_threshold()
    tune_collector()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
