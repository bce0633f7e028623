"""Ratings in the service: the backlog of games that ended before ratings existed, and what
players read (each game is rated in the write that ends it: engine/ratings/ended.py)."""

from __future__ import annotations

from engine.ratings.ended import rate_ended
from engine.ratings.model import Change
from engine.service.base import ServiceCore
from engine.store import ratings as store
from engine.store.models import UserId


class RatingOps(ServiceCore):
    """Ratings: the backlog on start-up, and what players read."""

    backlog_rated = False  # set once this process has rated the backlog (resume runs it once)

    async def rate_backlog(self) -> int:
        """Rate every ended game not yet looked at, in the order they ended (games that ended
        before ratings existed; idempotent); how many were looked at. It holds every write of
        every process for a moment (serial), so `resume` runs it once per process, not on every
        shard taken over."""
        async with self._db.transaction(serial=True) as conn:
            games = await store.unlooked_games(conn)
            for game_id in games:
                await rate_ended(conn, game_id)
        self.backlog_rated = True
        return len(games)

    async def rating_changes(self, game_id: int) -> list[Change]:
        """A rated game's changes by seat (empty when it was not rated)."""
        async with self._db.read() as conn:
            return await store.changes(conn, game_id)

    async def rating_board(self, guild_id: int, kind: str, limit: int = 10
                           ) -> list[store.RankedMember]:
        """The server's members by rating in one game, best first."""
        async with self._db.read() as conn:
            return await store.board(conn, guild_id, kind, limit)

    async def rated_kinds(self, guild_id: int) -> list[str]:
        """The games someone on this server has a rating in."""
        async with self._db.read() as conn:
            return await store.rated_kinds(conn, guild_id)

    async def profile(self, guild_id: int, user_id: UserId,
                      kinds: list[str] | None = None) -> list[store.Profile]:
        """A member's profile per game (`kinds`, default: every game they finished here)."""
        async with self._db.read(consistent=True) as conn:
            chosen = kinds or await store.played_kinds(conn, guild_id, user_id)
            return [await store.profile(conn, guild_id, user_id, kind) for kind in chosen]
