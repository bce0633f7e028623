"""Reads: games, views, pending decisions, statistics and exported records."""

from __future__ import annotations

import random
from typing import Any

import aiosqlite

from engine.core.game import CLOCK, Action, Decision, DecisionUI
from engine.core.record import GameRecord, LoggedAction
from engine.service.base import ServiceCore
from engine.service.errors import GameNotFound, GameNotRunning, NotSeated, StaleDecision
from engine.service.models import PlayerView
from engine.store import games as rows
from engine.store import log, prefs, stats
from engine.store.models import (
    GameInfo,
    HistoryEntry,
    LeaderboardRow,
    LoggedRow,
    UserId,
)


async def started_game(conn: aiosqlite.Connection, game_id: int) -> tuple[GameInfo, int]:
    """A started game's row and seed; GameNotFound, or GameNotRunning for a lobby."""
    info = await rows.fetch_game(conn, game_id)
    if info is None:
        raise GameNotFound(game_id)
    if info.status == "lobby":
        raise GameNotRunning("lobby")
    return info, await rows.fetch_seed(conn, game_id)


class ReadOps(ServiceCore):
    """Everything a front end reads; nothing here changes a game."""

    async def get_game(self, game_id: int) -> GameInfo:
        """A lobby or game with its seats."""
        live = self._committed(game_id)
        if live is not None:
            # A copy: the cached row moves on with every commit, and callers may change theirs.
            return live.info.clone()
        async with self._db.read() as conn:
            info = await rows.fetch_game(conn, game_id)
        if info is None:
            raise GameNotFound(game_id)
        return info

    async def game_in_channel(self, guild_id: int, channel_id: int) -> GameInfo | None:
        """The open lobby or running game in a channel, if any."""
        async with self._db.read() as conn:
            game_id = await rows.open_game_in_channel(conn, guild_id, channel_id)
            return await rows.fetch_game(conn, game_id) if game_id is not None else None

    async def running_games(self) -> list[GameInfo]:
        """Every running game (on start-up: re-arm timers, re-attach the table messages)."""
        async with self._db.read() as conn:
            return await rows.fetch_games_by_status(conn, "running",
                                                    owned=self._owned("games"))

    async def open_lobbies(self) -> list[GameInfo]:
        """Every lobby still waiting to start."""
        async with self._db.read() as conn:
            return await rows.fetch_games_by_status(conn, "lobby", owned=self._owned("games"))

    async def get_view(self, game_id: int, user_id: UserId | None = None) -> PlayerView:
        """The game as this user sees it (a spectator if None or not seated), with their prompt."""
        async with self._lock(game_id):
            live = await self._live(game_id)
            seat = live.seat_index(user_id) if user_id is not None else None
            decision = live.kind.decision_for(live.state, seat) if seat is not None else None
            due = live.deadlines.get(seat) if seat is not None else None
            if decision is not None and decision.ui is DecisionUI.POOL:
                due = live.deadlines.get(CLOCK)  # a pool decision is timed by the game's clock
            return PlayerView(
                game_id=game_id, version=live.version, status=live.info.status, seat=seat,
                view=live.kind.view(live.state, seat), decision=decision,
                due_at=due.due_at if due is not None and decision is not None
                and (due.decision_key == decision.key or due.seat == CLOCK) else None,
            )

    async def pending(self, game_id: int) -> list[Decision]:
        """The decisions owed right now (empty once the game is over)."""
        async with self._lock(game_id):
            live = await self._live(game_id)
            return live.kind.pending(live.state)

    async def suggest(self, game_id: int, user_id: UserId,
                      rng: random.Random | None = None) -> tuple[Decision, Action] | None:
        """A random legal answer to the user's pending decision (for tests and "surprise me")."""
        async with self._lock(game_id):
            live = await self._running(game_id)
            seat = live.seat_index(user_id)
            if seat is None:
                raise NotSeated()
            decision = next((d for d in live.kind.pending(live.state) if d.player == seat), None)
            if decision is None:
                return None
            return decision, live.kind.sample_action(live.state, decision, rng or random.Random())

    async def check(self, game_id: int, user_id: UserId, action: Action,
                    expected_key: str | None = None) -> None:
        """Validate a draft answer (e.g. an offer being built) without changing anything.

        Raises what submit() would: NotSeated, StaleDecision (if `expected_key` is no longer the
        user's decision), NotYourTurn or IllegalAction with a message for the player.
        """
        async with self._lock(game_id):
            live = await self._running(game_id)
            seat = live.seat_index(user_id)
            if seat is None:
                raise NotSeated()
            if expected_key is not None:
                decision = live.kind.decision_for(live.state, seat)
                if decision is None or decision.key != expected_key:
                    raise StaleDecision()
            # The same JSON round trip as submit(), so a draft passes here exactly when it
            # would be accepted; the live state is never touched (apply works on a copy).
            self._apply(live, seat, action)

    async def version(self, game_id: int) -> int:
        """Number of accepted actions of a started game."""
        async with self._lock(game_id):
            return (await self._live(game_id)).version

    async def state_json(self, game_id: int) -> str:
        """The full current state as JSON, secrets included (for tests, debugging, exports)."""
        async with self._lock(game_id):
            live = await self._live(game_id)
            return live.kind.dump(live.state)

    async def action_log(self, game_id: int, after: int = 0) -> list[LoggedRow]:
        """The committed action log (from seq after+1 on)."""
        async with self._db.read() as conn:
            return await log.fetch_actions(conn, game_id, after)

    async def export_record(self, game_id: int) -> GameRecord:
        """Seed, seats and log: enough to replay the game anywhere (reveals hidden information)."""
        async with self._db.read(consistent=True) as conn:
            info, seed = await started_game(conn, game_id)
            actions = await log.fetch_actions(conn, game_id)
        return GameRecord(kind=info.kind, seed=seed, seats=[s.name for s in info.seats],
                          settings=info.settings, rules_revision=info.rules_revision,
                          actions=[LoggedAction(player=a.seat, action=a.action) for a in actions])

    async def get_preference(self, user_id: UserId, key: str, default: Any = None) -> Any:
        """A user's stored preference (e.g. prompts by DM), or `default`."""
        async with self._db.read() as conn:
            value = await prefs.get_preference(conn, user_id, key)
        return default if value is None else value

    async def set_preference(self, user_id: UserId, key: str, value: Any) -> None:
        """Store a user's preference."""
        async with self._db.transaction() as conn:
            await prefs.set_preference(conn, user_id, key, value)

    async def get_meta(self, key: str) -> str | None:
        """A front end's bookkeeping value (e.g. the hash of its synced commands)."""
        async with self._db.read() as conn:
            return await prefs.get_meta(conn, key)

    async def set_meta(self, key: str, value: str) -> None:
        """Store a front end's bookkeeping value."""
        async with self._db.transaction() as conn:
            await prefs.set_meta(conn, key, value)

    async def leaderboard(self, guild_id: int, limit: int = 10, *,
                          practice: bool = False) -> list[LeaderboardRow]:
        """A guild's people ranked by wins, then money, over finished games of two or more
        people (`practice`: games against AI seats only); autopilot seats win nothing."""
        async with self._db.read() as conn:
            return await stats.leaderboard(conn, guild_id, limit, practice=practice)

    async def history(self, user_id: UserId, guild_id: int | None = None,
                      limit: int = 20) -> list[HistoryEntry]:
        """The games a user sat in, newest first (optionally in one guild)."""
        async with self._db.read() as conn:
            return await stats.history(conn, user_id, guild_id, limit)
