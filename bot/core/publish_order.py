"""Publishing in commit order. A click's change is committed before it is published; a deadline
falling due in between could otherwise narrate what came after it first."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from engine.service.models import SubmitResult

log = logging.getLogger(__name__)
WAIT = 2.0  # seconds a change waits for the one before it (whose handler may have failed)


def version_range(results: Sequence[SubmitResult]) -> tuple[int, int] | None:
    """The first and last log version the results committed (None: they committed nothing)."""
    seqs = [a.seq for r in results for a in r.accepted]
    return (min(seqs), max(seqs)) if seqs else None


class PublishOrder:
    """Lets a change be published only after every change committed before it."""

    def __init__(self) -> None:
        self._published: dict[int, int] = {}  # game → last version told
        self._changed = asyncio.Condition()

    def forget(self, game_id: int) -> None:
        """Drop a game that ended: nothing more will be published for it in order."""
        self._published.pop(game_id, None)

    def __len__(self) -> int:
        """How many games are tracked."""
        return len(self._published)

    @asynccontextmanager
    async def turn(self, game_id: int, versions: tuple[int, int] | None) -> AsyncIterator[None]:
        """Wait until the versions before `versions` are published, then publish them."""
        if versions is None:  # nothing committed (a notice, a refresh): no place in the order
            yield
            return
        first, last = versions
        async with self._changed:
            # Unknown (a fresh start): everything before this change counts as told.
            self._published.setdefault(game_id, first - 1)
            try:
                await asyncio.wait_for(self._changed.wait_for(
                    lambda: self._published[game_id] >= first - 1), WAIT)
            except TimeoutError:
                log.warning("game %s: version %s was never published; going on with %s",
                            game_id, first - 1, first)
        try:
            yield
        finally:
            async with self._changed:
                self._published[game_id] = max(self._published[game_id], last)
                self._changed.notify_all()
