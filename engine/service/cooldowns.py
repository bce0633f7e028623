"""Cooldowns kept in the database, so they hold across processes and restarts."""

from __future__ import annotations

import math

from engine.service.base import ServiceCore
from engine.store import cooldowns


class CooldownOps(ServiceCore):
    """Claim a cooldown before doing what it limits; release it when that did not happen."""

    async def claim_cooldown(self, name: str, seconds: float) -> int:
        """Claim `name` for `seconds`: 0 when claimed, else the whole seconds still to wait.
        One write transaction decides, so of claims arriving together exactly one wins."""
        if seconds <= 0:
            return 0
        async with self._db.transaction(durable=False) as conn:
            now = self._clock()
            until = await cooldowns.claim(conn, name, now, seconds)
        return 0 if not until else max(1, math.ceil(until - now))

    async def release_cooldown(self, name: str) -> None:
        """Give a claim back: what it was claimed for did not happen."""
        async with self._db.transaction(durable=False) as conn:
            await cooldowns.release(conn, name)
