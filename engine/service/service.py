"""GameService: the one facade every front end (Discord, terminal, tests) goes through."""

from __future__ import annotations

import time
from pathlib import Path
from types import TracebackType

from engine.service.ai import DEFAULT_LEVEL
from engine.service.ai_pool import AiPool
from engine.service.autopilot import AutopilotOps
from engine.service.base import Clock
from engine.service.cooldowns import CooldownOps
from engine.service.games import PlayOps
from engine.service.languages import LanguageOps
from engine.service.live import assemble
from engine.service.lobby import LobbyOps
from engine.service.messages import MessageOps
from engine.service.outbox import OutboxOps
from engine.service.ratings import RatingOps
from engine.service.reads import ReadOps
from engine.service.reminders import ReminderOps
from engine.service.reviews import ReviewOps
from engine.service.shards import ShardOps
from engine.service.tournaments import TournamentOps
from engine.store import damaged, log, stats
from engine.store import games as rows
from engine.store.config import StoreConfig
from engine.store.connect import open_store
from engine.store.db import Synchronous
from engine.store.models import GameInfo


class GameService(LobbyOps, PlayOps, AutopilotOps, ReminderOps, MessageOps, ReadOps, OutboxOps,
                  LanguageOps, CooldownOps, ShardOps, RatingOps, ReviewOps, TournamentOps):
    """Lobbies, moves, deadlines and reads over one database (a SQLite file or a PostgreSQL
    server); no front-end types in here."""

    @classmethod
    async def open(cls, path: str | Path | None = None, *, clock: Clock = time.time,
                   snapshot_every: int | None = None, synchronous: Synchronous | None = None,
                   auto_ai: bool = True, autopilot_level: str = DEFAULT_LEVEL,
                   max_open_per_user: int | None = None,
                   ai_workers: int | None = None) -> GameService:
        """Open the database and its migrations: `path` is a SQLite file or a postgresql:// URL
        (default: $JUWELIER_DATABASE_URL, else $JUWELIER_DB or ./juwelier.sqlite3).
        `ai_workers`: run searching AI decisions in that many worker processes (0: one per
        core); None runs them on a thread."""
        config = StoreConfig()
        db = await open_store(path, synchronous=synchronous)
        return cls(db, clock=clock, snapshot_every=snapshot_every or config.snapshot_every,
                   auto_ai=auto_ai, autopilot_level=autopilot_level,
                   max_open_per_user=max_open_per_user,
                   ai_pool=AiPool(ai_workers) if ai_workers is not None else None)

    async def close(self) -> None:
        """Close the database and the AI workers; the cache is dropped."""
        if self.ai_pool is not None:
            self.ai_pool.close()
        self._cache.clear()
        await self._db.close()

    async def __aenter__(self) -> GameService:
        """Use as `async with await GameService.open(...) as service:`."""
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        """Close on leaving the block."""
        await self.close()

    async def resume(self) -> list[GameInfo]:
        """Load every running game into memory, move those set up under older rules onto
        today's (GameKind.upgrade) and play AI moves a crash left owed.

        Call once on start-up, before serving requests; the result tells a front end which
        games to re-attach (see get_messages) and which timers to re-arm (see deadlines).
        """
        if not self.backlog_rated:  # once per process: games that ended before ratings existed
            await self.rate_backlog()
        async with self._db.read(consistent=True) as conn:
            infos = await rows.fetch_games_by_status(conn, "running",
                                                     owned=self._owned("games"))
            seeds = await rows.fetch_seeds(conn, "running")
            snapshots = await log.running_snapshots(conn)
            tails = await log.running_tails(conn)
            deadlines = await log.fetch_deadlines(conn)
            messages = await stats.running_messages(conn)
            self._damaged |= await damaged.damaged_ids(conn)
        due: dict[int, list] = {}
        for row in deadlines:
            due.setdefault(row.game_id, []).append(row)
        for info in infos:
            if info.id in self._cache or info.id in self._damaged or self._lock(info.id).locked():
                continue  # already live here (at least as new), or known to be damaged
            try:
                self._cache[info.id] = assemble(
                    info, seeds[info.id], snapshots.get(info.id), tails.get(info.id, []),
                    due.get(info.id, []), messages.get(info.id, {}))
            except Exception as exc:  # one damaged game must not keep the others down
                await self._mark_damaged(info.id, exc)
        for info in infos:
            live = self._cache.get(info.id)
            if live is not None and live.kind.upgrade(live.state) is not None:
                async with self._lock(info.id):
                    await self._upgrade_rules(live)
        for info in infos:
            live = self._cache.get(info.id)
            if live is not None and any(d.player in self._robots(live)
                                        for d in live.kind.pending(live.state)):
                async with self._lock(info.id):
                    await self._play_ai_safely(live)
        return [live.info.clone() for info in infos
                if (live := self._cache.get(info.id)) is not None]

    async def damaged_untold(self) -> list[GameInfo]:
        """Open games found damaged whose channel has not been told yet (see damage_told)."""
        async with self._db.read() as conn:
            found = [await rows.fetch_game(conn, game_id)
                     for game_id in await damaged.untold(conn, owned=self._owned())]
        return [info for info in found if info is not None]

    async def damage_told(self, game_id: int) -> None:
        """The damaged game's channel has been told: never again."""
        async with self._db.transaction(durable=False, game=game_id) as conn:
            await damaged.mark_told(conn, game_id)
