"""Game ownership when several processes share one database: each runs some gateway shards,
holds a lease per shard, and acts only for the games of guilds on those shards.

Without use_shards() a service owns every game, as one process on its own file does. With it,
deadlines, reminders, lobby expiry, catch-up and resume see only owned games (ServiceCore
._owned), and every write for a game is fenced (engine/store/leases.py): a process that lost a
shard's lease (paused past it, cut off, or a second process started on the same shards by
mistake) writes nothing for its games, so two processes never both act on one game.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.service.base import ServiceCore
from engine.store import leases
from engine.store.leases import Fence, shard_of

LEASE_SECONDS = 20.0  # how long a lease lasts unrenewed: a dead process's games wait this long


def process_name() -> str:
    """A name for this process's leases, unique to this run (host, pid, a random part)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


@dataclass
class ShardChange:
    """What a renewal changed: shards newly held (their games to take over) and shards lost."""

    gained: set[int] = field(default_factory=set)
    lost: set[int] = field(default_factory=set)


class ShardOps(ServiceCore):
    """Leases on the shards this process runs; the front end renews them on a timer."""

    _wanted: tuple[int, ...] = ()
    _lease_seconds: float = LEASE_SECONDS

    def use_shards(self, shards: Iterable[int], shard_count: int, *, owner: str | None = None,
                   lease_seconds: float = LEASE_SECONDS) -> None:
        """Run only these shards of `shard_count`; nothing is owned until renew_shards()."""
        wanted = tuple(sorted(set(shards)))
        if shard_count < 1 or not wanted or not all(0 <= s < shard_count for s in wanted):
            raise ValueError(f"shards {wanted} are not among 0..{shard_count - 1}")
        self._wanted, self._lease_seconds = wanted, lease_seconds
        self._db.fence = Fence(owner or process_name(), shard_count, self._clock)

    @property
    def lease_seconds(self) -> float:
        """How long a lease lasts; renew well within it (a third of it, say)."""
        return self._lease_seconds

    def owns(self, guild_id: int) -> bool:
        """Whether this process acts for the guild's games now."""
        fence = self._db.fence
        return fence is None or fence.holds(guild_id)

    async def renew_shards(self) -> ShardChange:
        """Renew the leases held and take those of wanted shards that are free or ran out;
        games of a lost shard are dropped from memory (another process writes them now)."""
        fence, change = self._db.fence, ShardChange()
        if fence is None:
            return change
        now, held = self._clock(), dict(fence.tokens)
        async with self._db.transaction() as conn:
            for shard in self._wanted:
                token = held.get(shard)
                if token is not None and await leases.renew(conn, shard, fence.owner, token, now,
                                                             self._lease_seconds):
                    continue
                taken = await leases.acquire(conn, shard, fence.owner, now, self._lease_seconds)
                if taken is None:
                    held.pop(shard, None)
                else:
                    held[shard] = taken
        # Only once committed: a renewal that failed changed nothing in the database either.
        change.gained = {s for s in held if s not in fence.tokens or held[s] != fence.tokens[s]}
        change.lost = set(fence.tokens) - set(held)
        fence.tokens = held
        self._forget_shards(change.lost)
        return change

    def _forget_shards(self, shards: set[int]) -> None:
        """Drop the cached games of these shards: another process may write them now."""
        fence = self._db.fence
        if fence is None or not shards:
            return
        for game_id in [g for g, live in self._cache.items()
                        if shard_of(live.info.guild_id, fence.shard_count) in shards]:
            self._forget(game_id)

    def want_shards(self, shards: Iterable[int]) -> None:
        """Also run these shards (of the same count) from the next renewal on."""
        fence = self._db.fence
        if fence is None:
            raise ValueError("use_shards() first")
        self._wanted = tuple(sorted({*self._wanted, *shards}))

    async def release_shards(self, shards: Iterable[int] | None = None) -> None:
        """Give these leases (None: every one) up at once and stop wanting them: a clean
        shutdown or a hand-over, so the next owner need not wait for them to lapse."""
        fence = self._db.fence
        if fence is None:
            return
        given = set(fence.tokens if shards is None else shards)
        self._wanted = tuple(s for s in self._wanted if s not in given)
        held = {s: t for s, t in fence.tokens.items() if s in given}
        if held:
            async with self._db.transaction() as conn:
                for shard, token in held.items():
                    await leases.release(conn, shard, fence.owner, token)
        fence.tokens = {s: t for s, t in fence.tokens.items() if s not in given}
        self._forget_shards(given)
