"""Lobbies: create one per channel, join, leave, AI seats, and start (seats shuffled per ESR-2)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

import aiosqlite
from pydantic import ValidationError

from engine.core.catalog import N_, _
from engine.core.game import GameKind
from engine.core.registry import get_kind, kinds
from engine.core.rng import shuffled_seats
from engine.service import ai
from engine.service.base import ServiceCore
from engine.service.deadlines import DeadlineSettings, plan_deadlines
from engine.service.errors import (
    AlreadySeated,
    AlreadyStarted,
    BadSettings,
    ChannelBusy,
    GameNotFound,
    GameNotRunning,
    LobbyFull,
    NoSuchSeat,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    TooManyGames,
    UnknownAiLevel,
)
from engine.service.live import LiveGame
from engine.service.models import SubmitResult
from engine.service.outbox import NOTHING_TOLD, TOLD
from engine.store import games as rows
from engine.store import log, stats
from engine.store.errors import INTEGRITY_ERRORS
from engine.store.models import DeadlineRow, GameInfo, MessageRef, UserId

LOBBY_EXPIRY = 30 * 60.0  # seconds a lobby may sit unchanged before it closes itself


class LobbyOps(ServiceCore):
    """Everything that happens before the first move."""

    async def create_lobby(self, guild_id: int, channel_id: int, host_id: UserId, host_name: str,
                           *, kind: str | None = None, settings: Mapping[str, Any] | None = None,
                           deadlines: Mapping[str, float | None] | None = None,
                           max_players: int | None = None, seed: int | None = None) -> GameInfo:
        """Open a lobby in a channel with the host seated; ChannelBusy if the channel is taken."""
        game_kind = get_kind(kind) if kind else kinds()[0]
        kind = game_kind.name
        try:
            valid = game_kind.settings(dict(settings or {})).model_dump()
        except ValidationError as exc:
            raise BadSettings(_("Those settings do not work for {game}.").format(
                game=game_kind.title)) from exc
        timing = DeadlineSettings.build(deadlines, game_kind.default_deadlines)
        seats = game_kind.max_players if max_players is None else max_players
        if not game_kind.min_players <= seats <= game_kind.max_players:
            raise BadSettings(_("{game} is for {min_players} to {max_players} players.").format(
                game=game_kind.title, min_players=game_kind.min_players,
                max_players=game_kind.max_players))
        # 63 bits: the seed must fit SQLite's signed 64-bit integer.
        seed = secrets.randbits(63) if seed is None else seed
        now = self._clock()
        async with self._db.transaction(guild=guild_id) as conn:
            await _ensure_channel_free(conn, guild_id, channel_id)
            await self._ensure_room_for(conn, guild_id, host_id)
            try:
                game_id = await rows.insert_game(
                    conn, kind=kind, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                    seed=seed, settings=valid, deadlines=timing.seconds, max_players=seats,
                    now=now, rules_revision=game_kind.rules_revision)
            except INTEGRITY_ERRORS:
                await _ensure_channel_free(conn, guild_id, channel_id)
                raise
            await rows.add_seat(conn, game_id, user_id=host_id, name=host_name, ai_level=None)
            return await _fetch(conn, game_id)

    async def join(self, game_id: int, user_id: UserId, name: str) -> GameInfo:
        """Take a seat in a lobby."""
        async with self._lock(game_id), self._db.transaction(game=game_id, serial=True) as conn:
            info = await _open_lobby(conn, game_id)
            if info.seat_of(user_id) is not None:
                raise AlreadySeated()
            if len(info.seats) >= info.max_players:
                raise LobbyFull(info.max_players)
            await self._ensure_room_for(conn, info.guild_id, user_id)
            await rows.add_seat(conn, game_id, user_id=user_id, name=name, ai_level=None)
            await rows.touch(conn, game_id, self._clock())
            return await _fetch(conn, game_id)

    async def leave(self, game_id: int, user_id: UserId) -> GameInfo:
        """Give up a lobby seat; the host's role passes on, and a lobby without humans closes."""
        async with self._lock(game_id), self._db.transaction(game=game_id) as conn:
            info = await _open_lobby(conn, game_id)
            seat = info.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            now = self._clock()
            await rows.remove_seat(conn, game_id, seat.slot)
            others = [s for s in info.humans() if s.slot != seat.slot]
            if not others:
                await rows.mark_ended(conn, game_id, "abandoned", now)
            elif info.host_id == user_id:
                await rows.set_host(conn, game_id, others[0].user_id, now)  # type: ignore[arg-type]
            else:
                await rows.touch(conn, game_id, now)
            return await _fetch(conn, game_id)

    async def _ensure_room_for(self, conn: aiosqlite.Connection, guild_id: int,
                               user_id: UserId) -> None:
        """TooManyGames if the user already sits in the most open games allowed per guild."""
        limit = self._max_open_per_user
        if limit is not None and await rows.open_seats_of(conn, guild_id, user_id) >= limit:
            raise TooManyGames(limit)

    async def discard_lobby(self, game_id: int) -> None:
        """Delete a lobby as if it had never been opened (its message could not be posted, so
        nobody saw it); a lobby that has moved on (started, ended) is left alone."""
        async with self._lock(game_id), self._db.transaction(game=game_id) as conn:
            await _open_lobby(conn, game_id)
            await rows.delete_lobby(conn, game_id)

    async def add_ai(self, game_id: int, by_user: UserId, level: str = ai.DEFAULT_LEVEL,
                     name: str | None = None) -> GameInfo:
        """Seat a computer player (host only)."""
        if ai.get_policy(level) is None:
            raise UnknownAiLevel(level, ai.levels())
        async with self._lock(game_id), self._db.transaction(game=game_id) as conn:
            info = await _open_lobby(conn, game_id)
            _require_host(info, by_user, N_("Only the host can add AI players."))
            if len(info.seats) >= info.max_players:
                raise LobbyFull(info.max_players)
            taken = {s.name for s in info.seats}
            name = name or next(f"AI {n}" for n in range(1, 100) if f"AI {n}" not in taken)
            await rows.add_seat(conn, game_id, user_id=None, name=name, ai_level=level)
            await rows.touch(conn, game_id, self._clock())
            return await _fetch(conn, game_id)

    async def remove_ai(self, game_id: int, by_user: UserId, slot: int | None = None) -> GameInfo:
        """Remove an AI seat (the given slot, else the last one added; host only)."""
        async with self._lock(game_id), self._db.transaction(game=game_id) as conn:
            info = await _open_lobby(conn, game_id)
            _require_host(info, by_user, N_("Only the host can remove AI players."))
            bots = [s for s in info.seats if s.is_ai and (slot is None or s.slot == slot)]
            if not bots:
                raise NoSuchSeat()
            await rows.remove_seat(conn, game_id, bots[-1].slot)
            await rows.touch(conn, game_id, self._clock())
            return await _fetch(conn, game_id)

    async def expire_lobbies(self, now: float | None = None,
                             older_than: float = LOBBY_EXPIRY) -> list[GameInfo]:
        """Close (as abandoned) every lobby unchanged for `older_than` seconds; returns them."""
        when = self._clock() if now is None else now
        cutoff = when - older_than
        async with self._db.read() as conn:
            stale = await rows.lobbies_unchanged_since(conn, cutoff,
                                                       owned=self._owned("games"))
        closed = []
        for game_id in stale:
            # Re-checked under the game's lock: someone may have joined or started meanwhile.
            async with self._lock(game_id), self._db.transaction(game=game_id) as conn:
                info = await _fetch(conn, game_id)
                if info.status == "lobby" and info.updated_at <= cutoff:
                    await rows.mark_ended(conn, game_id, "abandoned", when)
                    closed.append(await _fetch(conn, game_id))
        return closed

    async def next_lobby_expiry(self, older_than: float = LOBBY_EXPIRY) -> float | None:
        """When the next open lobby expires, if nobody touches it before (None: no lobby)."""
        async with self._db.read() as conn:
            oldest = await rows.oldest_lobby_change(conn, owned=self._owned("games"))
        return None if oldest is None else oldest + older_than

    async def start(self, game_id: int, by_user: UserId, *, is_admin: bool = False
                    ) -> SubmitResult:
        """Shuffle the seats from the seed (ESR-2), deal, and let AI seats make their moves."""
        async with self._lock(game_id):
            async with self._db.transaction(game=game_id) as conn:
                info = await _open_lobby(conn, game_id)
                if not is_admin:
                    _require_host(info, by_user, N_("Only the host can start the game."))
                kind = get_kind(info.kind)
                if len(info.seats) < kind.min_players:
                    raise NotEnoughPlayers(len(info.seats), kind.min_players)
                seed = await rows.fetch_seed(conn, game_id)
                order = shuffled_seats(seed, [s.slot for s in info.seats])
                state, events = kind.new_game(seed, len(order), info.settings, info.rules_revision)
                now = self._clock()
                await rows.assign_seats(conn, game_id, order)
                await rows.mark_started(conn, game_id, now)
                # Nothing told yet, in the start's own transaction: a crash before the telling
                # leaves the catch-up the whole beginning, and a refused second Start (through
                # any process) changes no mark, so the channel never hears the start twice.
                await stats.set_message(conn, game_id, MessageRef(name=TOLD, channel_id=0,
                                                                  message_id=NOTHING_TOLD))
                info = await _fetch(conn, game_id)
                live = LiveGame(info=info, seed=seed, kind=kind, state=state,
                                messages=await stats.get_messages(conn, game_id))
                live.deadlines = _first_deadlines(live, kind, now)
                await log.replace_deadlines(conn, game_id, live.deadlines.values())
            self._cache[game_id] = live
            accepted = await self._play_ai_safely(live, click=True)
            return SubmitResult(game_id=game_id, version=live.version, status=live.info.status,
                                accepted=accepted,
                                events=[*events, *(e for a in accepted for e in a.events)])


def _first_deadlines(live: LiveGame, kind: GameKind, now: float) -> dict[int, DeadlineRow]:
    levels = live.ai_levels()
    return plan_deadlines(live.id, kind, live.state, {}, live.deadline_settings, now, levels,
                          levels)


async def _fetch(conn: aiosqlite.Connection, game_id: int) -> GameInfo:
    info = await rows.fetch_game(conn, game_id)
    if info is None:
        raise GameNotFound(game_id)
    return info


async def _open_lobby(conn: aiosqlite.Connection, game_id: int) -> GameInfo:
    info = await _fetch(conn, game_id)
    if info.status == "running":
        raise AlreadyStarted()
    if info.status != "lobby":
        raise GameNotRunning(info.status)
    return info


def _require_host(info: GameInfo, user_id: UserId, message: str) -> None:
    """NotHost with `message` (marked with N_, translated by NotHost) unless `user_id` hosts."""
    if info.host_id != user_id:
        raise NotHost(message)


async def _ensure_channel_free(conn: aiosqlite.Connection, guild_id: int, channel_id: int) -> None:
    existing = await rows.open_game_in_channel(conn, guild_id, channel_id)
    if existing is not None:
        info = await _fetch(conn, existing)
        raise ChannelBusy(existing, info.status)
