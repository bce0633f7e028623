"""Shard leases and the fence: a process writes for a game only while it holds its shard.

A game belongs to the gateway shard of its guild, `(guild_id >> 22) % shard_count` (Discord's
own formula). A lease row per shard says which process holds it and until when; each take-over
raises the shard's token. The fence is the check every write for a game makes inside its own
transaction: the lease row still names this process, with the token it was given, and has not
run out. A take-over takes the database's write lock (SQLite's one writer; on PostgreSQL the
exclusive lock every game write shares), so it never lands in the middle of a checked write.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.catalog import _
from engine.store.dialect import Connection
from engine.store.errors import StoreError
from engine.store.query import fetch_one


class LeaseLost(StoreError):
    """This process no longer holds the shard of the game it was about to write for."""

    def __init__(self, shard: int | None) -> None:
        # Told to the player whose click reached a process that just lost the game's shard:
        # the process that took it over answers the next click.
        super().__init__(_("This game is moving to another of the bot's processes. Nothing was "
                           "changed; please try again in a few seconds."))
        self.shard = shard


def shard_of(guild_id: int, shard_count: int) -> int:
    """The gateway shard a guild's events arrive on (Discord's formula)."""
    return (int(guild_id) >> 22) % shard_count


class Fence:
    """The shards this process holds, with their tokens, checked on every write for a game."""

    def __init__(self, owner: str, shard_count: int, clock: Callable[[], float]) -> None:
        self.owner, self.shard_count, self.clock = owner, shard_count, clock
        self.tokens: dict[int, int] = {}  # shard -> the token of the lease held

    def sql(self, alias: str) -> str:
        """A condition on `alias`.guild_id: the game is in a shard this process holds (ints
        only, written into the query; the held set changes, a query's shape need not)."""
        if not self.tokens:
            return "FALSE"
        shards = ", ".join(str(int(s)) for s in sorted(self.tokens))
        return f"(({alias}.guild_id >> 22) % {int(self.shard_count)}) IN ({shards})"

    def holds(self, guild_id: int) -> bool:
        """Whether this process acts for the guild's games (as far as it knows)."""
        return shard_of(guild_id, self.shard_count) in self.tokens

    async def check(self, conn: Connection, *, game: int | None, guild: int | None) -> None:
        """Raise LeaseLost unless this process still holds the shard of `game` (or `guild`);
        a write for neither (a preference, a language) is not fenced."""
        if game is not None:
            row = await fetch_one(conn, "SELECT guild_id FROM games WHERE id = ?", (game,))
            if row is None:
                return  # no such game: the write finds nothing to change either
            guild = int(row[0])
        if guild is None:
            return
        shard = shard_of(guild, self.shard_count)
        token = self.tokens.get(shard)
        held = await fetch_one(
            conn, "SELECT token FROM shard_leases WHERE shard = ? AND owner = ? "
                  "AND expires_at > ?", (shard, self.owner, self.clock()))
        if token is None or held is None or int(held[0]) != token:
            raise LeaseLost(shard)


async def acquire(conn: Connection, shard: int, owner: str, now: float,
                  seconds: float) -> int | None:
    """Take the shard's lease if it is free, run out, or already ours; its new token, else
    None (another process holds it)."""
    row = await fetch_one(
        conn, "SELECT owner, token, expires_at FROM shard_leases WHERE shard = ?", (shard,))
    if row is None:
        await conn.execute("INSERT INTO shard_leases (shard, owner, token, expires_at) "
                           "VALUES (?, ?, 1, ?)", (shard, owner, now + seconds))
        return 1
    if row[0] != owner and float(row[2]) > now:
        return None
    token = int(row[1]) + 1
    await conn.execute("UPDATE shard_leases SET owner = ?, token = ?, expires_at = ? "
                       "WHERE shard = ?", (owner, token, now + seconds, shard))
    return token


async def renew(conn: Connection, shard: int, owner: str, token: int, now: float,
                seconds: float) -> bool:
    """Extend a lease still held (same owner and token, not run out); False if it was lost."""
    changed = await conn.execute(
        "UPDATE shard_leases SET expires_at = ? WHERE shard = ? AND owner = ? AND token = ? "
        "AND expires_at > ?", (now + seconds, shard, owner, token, now))
    return changed.rowcount == 1


async def release(conn: Connection, shard: int, owner: str, token: int) -> None:
    """Give a lease up at once (a clean shutdown), so the next owner need not wait it out."""
    await conn.execute("UPDATE shard_leases SET expires_at = 0 WHERE shard = ? AND owner = ? "
                       "AND token = ?", (shard, owner, token))
