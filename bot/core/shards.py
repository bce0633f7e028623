"""Keeping this process's shard leases (`--shards`): renewed on a timer; a shard gained (its
last owner died or shut down) has its games taken over, a shard lost is left alone."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from engine.service import GameService
from engine.service.shards import ShardChange

log = logging.getLogger(__name__)


class ShardKeeper:
    """Renews the service's shard leases every third of their length."""

    def __init__(self, service: Callable[[], GameService],
                 take_over: Callable[[], Awaitable[None]]) -> None:
        self._service = service
        self._take_over = take_over
        self._task: asyncio.Task[None] | None = None

    async def renew(self) -> ShardChange:
        """Renew once; take the games of gained shards over."""
        change = await self._service().renew_shards()
        if change.lost:
            log.warning("lost the lease on shard(s) %s: another process runs their games now",
                        sorted(change.lost))
        if change.gained:
            log.info("holding shard(s) %s: taking their games over", sorted(change.gained))
            await self._take_over()
        return change

    def start(self) -> None:
        """Start renewing in the background."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="juwelier-shard-leases")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._service().lease_seconds / 3)
            try:
                await self.renew()
            except Exception:  # the database may be away for a moment: try again next time
                log.exception("could not renew the shard leases")

    async def stop(self) -> None:
        """Stop renewing and give the leases up, so the next owner need not wait."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        with contextlib.suppress(Exception):  # shutting down: the leases lapse on their own
            await self._service().release_shards()
