"""Tournaments: sign-up, start, each round's tables opened as games, results, the next round.

Every step is one transaction fenced by the tournament's server (its shard's owner alone
writes it) and guarded in the database, so a step repeated after a crash changes nothing:
a round is claimed once (`claim_round`), a member sits at one table per round (the seats'
primary key), a table gets one game (`link_game`) and one result (`set_result`). The front end
calls `advance_tournament` whenever a table's game ends and on every timer pass; it records
what ended, pairs the next round when it is due and finishes the tournament after the last.
"""

from __future__ import annotations

import asyncio
import secrets
import weakref
from collections.abc import Mapping
from typing import Any

import aiosqlite
from pydantic import ValidationError

from engine.core.catalog import _
from engine.core.registry import get_kind
from engine.service.base import ServiceCore
from engine.service.deadlines import DeadlineSettings
from engine.service.errors import GameNotRunning, NotSeated
from engine.service.models import SubmitResult
from engine.service.tournament_errors import TournamentError
from engine.store import games as rows
from engine.store import tournaments as store
from engine.store.errors import INTEGRITY_ERRORS
from engine.store.query import fetch_all
from engine.store.tournaments import Format, TableRow, TournamentInfo
from engine.tournament.pairing import round_robin_rounds, swiss_tables
from engine.tournament.standings import Standing, TableResult, met, standings

MAX_SWISS_ROUNDS = 10
MAX_ENTRANTS = {"swiss": 256, "round_robin": 10}
ORGANISER_ROLE = "tournament_organiser_role"


class TournamentOps(ServiceCore):
    """Everything about tournaments; the tables' games are ordinary games."""

    def _tournament_lock(self, tournament_id: int) -> asyncio.Lock:
        """The in-process lock of one tournament's steps (the database guards across them)."""
        locks = self.__dict__.setdefault("_tournament_locks", weakref.WeakValueDictionary())
        lock = locks.get(tournament_id)
        if lock is None:
            lock = locks[tournament_id] = asyncio.Lock()
        return lock

    async def create_tournament(self, guild_id: int, channel_id: int, organiser_id: int, *,
                                kind: str, format: Format, rounds: int, table_size: int,
                                deadlines: Mapping[str, float | None] | None = None,
                                settings: Mapping[str, Any] | None = None,
                                every: float | None = None,
                                seed: int | None = None) -> TournamentInfo:
        """Open a tournament's sign-up in a channel (one open tournament per channel)."""
        game = get_kind(kind)
        if format not in MAX_ENTRANTS:
            raise TournamentError(_("Pick one of the offered formats."))
        if not game.min_players <= table_size <= game.max_players:
            raise TournamentError(_("{game} is for {min_players} to {max_players} players.")
                                  .format(game=game.title, min_players=game.min_players,
                                          max_players=game.max_players))
        if format == "swiss" and not 1 <= rounds <= MAX_SWISS_ROUNDS:
            raise TournamentError(_("A Swiss tournament plays 1 to {most} rounds.").format(
                most=MAX_SWISS_ROUNDS))
        try:
            valid = game.settings(dict(settings or {})).model_dump()
        except ValidationError as exc:
            raise TournamentError(_("Those settings do not work for {game}.").format(
                game=game.title)) from exc
        timing = DeadlineSettings.build(deadlines, game.default_deadlines)
        seed = secrets.randbits(63) if seed is None else seed
        now = self._clock()
        async with self._db.transaction(guild=guild_id) as conn:
            await _ensure_channel_free(conn, guild_id, channel_id)
            try:
                tournament_id = await store.insert(
                    conn, guild_id=guild_id, channel_id=channel_id, organiser_id=organiser_id,
                    kind=game.name, format=format, rounds=rounds if format == "swiss" else 0,
                    table_size=table_size, settings=valid, deadlines=timing.seconds,
                    every=every, seed=seed, now=now)
            except INTEGRITY_ERRORS:
                await _ensure_channel_free(conn, guild_id, channel_id)
                raise
            return await _fetch(conn, tournament_id)

    async def join_tournament(self, tournament_id: int, user_id: int,
                              name: str) -> TournamentInfo:
        """Sign a member up while the sign-up is open."""
        async with self._tournament_lock(tournament_id), self._write(tournament_id) as conn:
            info = await _in_signup(conn, tournament_id)
            if info.entrant(user_id) is not None:
                raise TournamentError(_("You have already joined this tournament."))
            if len(info.entrants) >= MAX_ENTRANTS[info.format]:
                raise TournamentError(_("This tournament is full ({count} players).").format(
                    count=MAX_ENTRANTS[info.format]))
            await store.add_entrant(conn, tournament_id, user_id, name)
            await store.touch(conn, tournament_id, self._clock())
            return await _fetch(conn, tournament_id)

    async def add_ai_entrant(self, tournament_id: int) -> TournamentInfo:
        """Sign up an AI entrant (the caller checked who may): it plays each of its tables as
        an AI seat at the autopilot's level and scores tournament points like anyone."""
        async with self._tournament_lock(tournament_id), self._write(tournament_id) as conn:
            info = await _in_signup(conn, tournament_id)
            if len(info.entrants) >= MAX_ENTRANTS[info.format]:
                raise TournamentError(_("This tournament is full ({count} players).").format(
                    count=MAX_ENTRANTS[info.format]))
            number = min((e.user_id for e in info.entrants), default=0)
            number = min(number, 0) - 1
            await store.add_entrant(conn, tournament_id, number, f"AI player {-number}")
            await store.touch(conn, tournament_id, self._clock())
            return await _fetch(conn, tournament_id)

    async def leave_tournament(self, tournament_id: int, user_id: int) -> TournamentInfo:
        """Take a member off the sign-up list."""
        async with self._tournament_lock(tournament_id), self._write(tournament_id) as conn:
            info = await _in_signup(conn, tournament_id)
            if info.entrant(user_id) is None:
                raise TournamentError(_("You have not joined this tournament."))
            await store.remove_entrant(conn, tournament_id, user_id)
            await store.touch(conn, tournament_id, self._clock())
            return await _fetch(conn, tournament_id)

    async def start_tournament(self, tournament_id: int) -> TournamentInfo:
        """Close the sign-up and pair the first round (the caller checked who may)."""
        async with self._tournament_lock(tournament_id), self._write(tournament_id) as conn:
            info = await _in_signup(conn, tournament_id)
            if len(info.entrants) < 2:
                raise TournamentError(_("A tournament needs at least two players to start."))
            if info.format == "round_robin":
                if len(info.entrants) < 3:
                    raise TournamentError(_("A round robin needs at least three players."))
                schedule = round_robin_rounds([e.user_id for e in info.entrants],
                                              info.table_size)
                await store.set_rounds(conn, tournament_id, len(schedule))
            await store.set_status(conn, tournament_id, "running", self._clock())
            info = await _fetch(conn, tournament_id)
            await self._pair(conn, info, 1)
            return await _fetch(conn, tournament_id)

    async def cancel_tournament(self, tournament_id: int) -> tuple[TournamentInfo, list[int]]:
        """End the tournament where it stands; the ids of its tables' games still open (the
        caller abandons them)."""
        async with self._tournament_lock(tournament_id), self._write(tournament_id) as conn:
            info = await _fetch(conn, tournament_id)
            if info.status not in ("signup", "running"):
                raise TournamentError(_("This tournament has already ended."))
            await store.set_status(conn, tournament_id, "cancelled", self._clock())
            open_games = await _open_games(conn, tournament_id)
            return await _fetch(conn, tournament_id), open_games

    async def drop_from_tournament(self, tournament_id: int,
                                   user_id: int) -> tuple[TournamentInfo, SubmitResult | None]:
        """A member leaves a running tournament: never paired again, their open table's seat
        goes to the autopilot and scores them nothing; the result of that game, if any."""
        async with self._tournament_lock(tournament_id), self._write(tournament_id) as conn:
            info = await _fetch(conn, tournament_id)
            if info.status != "running":
                raise TournamentError(_("Only a running tournament can be left this way."))
            entrant = info.entrant(user_id)
            if entrant is None:
                raise TournamentError(_("You have not joined this tournament."))
            if entrant.dropped is not None:
                raise TournamentError(_("You have already left this tournament."))
            await store.mark_dropped(conn, tournament_id, user_id, info.round)
            table = next((t for t in await store.tables(conn, tournament_id, info.round)
                          if user_id in t.seats and t.result is None and t.game_id), None)
            info = await _fetch(conn, tournament_id)
        if table is None:
            return info, None
        try:  # the others' game goes on; the drop's seat is played by the autopilot
            return info, await self.set_autopilot(table.game_id, user_id, True)  # type: ignore
        except (GameNotRunning, NotSeated):
            return info, None

    async def open_table(self, tournament_id: int, round_no: int,
                         table_no: int) -> SubmitResult | None:
        """Set up and start a table's game in its thread (once: None if it has one running)."""
        async with self._tournament_lock(tournament_id):
            async with self._write(tournament_id) as conn:
                info = await _fetch(conn, tournament_id)
                table = _table(await store.tables(conn, tournament_id, round_no), table_no)
                if info.status != "running" or table.thread_id is None or table.is_bye:
                    return None
                game_id = table.game_id
                if game_id is None:
                    game_id = await self._set_up_game(conn, info, table)
                game = await rows.fetch_game(conn, game_id)
            if game is None or game.status != "lobby":
                return None
            return await self.start(game_id, info.organiser_id, is_admin=True)  # type: ignore

    async def _set_up_game(self, conn: aiosqlite.Connection, info: TournamentInfo,
                           table: TableRow) -> int:
        """The table's game as a full lobby in its thread, linked to the table."""
        seed = await store.fetch_seed(conn, info.id)
        names = info.names()
        game_id = await rows.insert_game(
            conn, kind=info.kind, guild_id=info.guild_id, channel_id=table.thread_id,
            host_id=info.organiser_id, seed=(seed + 7919 * table.round + table.table_no)
            % 2 ** 63, settings=info.settings, deadlines=info.deadlines,
            max_players=len(table.seats), now=self._clock(),
            rules_revision=get_kind(info.kind).rules_revision)
        dropped = {e.user_id for e in info.entrants if e.dropped is not None}
        robots = 0
        for user in table.seats:
            if user is not None and user < 0:  # an AI entrant
                await rows.add_seat(conn, game_id, user_id=None, name=names[user],
                                    ai_level=self._autopilot_level)
            elif user is None or user in dropped:
                robots += 1
                await rows.add_seat(conn, game_id, user_id=None, name=f"AI {robots}",
                                    ai_level=self._autopilot_level)
            else:
                await rows.add_seat(conn, game_id, user_id=user, name=names[user],
                                    ai_level=None)
        if not await store.link_game(conn, info.id, table.round, table.table_no, game_id):
            raise TournamentError(_("This table has already been opened."))
        return game_id

    async def set_table_thread(self, tournament_id: int, round_no: int, table_no: int,
                               thread_id: int) -> None:
        """Remember the thread (or channel) a table is played in."""
        async with self._write(tournament_id, durable=False) as conn:
            await store.set_thread(conn, tournament_id, round_no, table_no, thread_id)

    async def advance_tournament(self, tournament_id: int) -> TournamentInfo:
        """Record the results of the current round's tables that ended; when the round is
        complete, pair the next one if it is due, or finish after the last round."""
        async with self._tournament_lock(tournament_id), self._write(tournament_id) as conn:
            info = await _fetch(conn, tournament_id)
            if info.status != "running":
                return info
            tables = await store.tables(conn, tournament_id, info.round)
            dropped = {e.user_id for e in info.entrants if e.dropped is not None}
            for table in tables:
                if table.result is None:
                    result = await _ended_result(conn, table, dropped)
                    if result is not None:
                        await store.set_result(conn, tournament_id, table.round,
                                               table.table_no, result)
                        table.result = result
            if any(t.result is None for t in tables):
                return info
            now = self._clock()
            if info.round >= info.rounds:
                await store.set_status(conn, tournament_id, "finished", now)
            elif info.every is None or now >= (info.round_started or 0) + info.every:
                await self._pair(conn, info, info.round + 1)
            return await _fetch(conn, tournament_id)

    async def _pair(self, conn: aiosqlite.Connection, info: TournamentInfo,
                    round_no: int) -> None:
        """Seat round `round_no` and claim it (a second pairing of the same round is refused)."""
        if not await store.claim_round(conn, info.id, round_no, self._clock()):
            return
        players = [e.user_id for e in info.entrants]
        dropped = {e.user_id for e in info.entrants if e.dropped is not None}
        if info.format == "round_robin":
            planned = round_robin_rounds(players, info.table_size)[round_no - 1]
            # A drop forfeits the rest: their seats are played by AI seats (no points).
            tables = [[None if s in dropped else s for s in t] for t in planned]
            tables = [t for t in tables if any(s is not None for s in t)
                      and (len(t) > 1 or t[0] is not None)]
        else:
            results = _results(await store.tables(conn, info.id), dropped)
            table = standings(players, results, dropped, info.table_size)
            ranked = [s.user_id for s in table if not s.dropped]
            points = {s.user_id: s.points for s in table}
            seed = await store.fetch_seed(conn, info.id)
            tables = [list(t) for t in swiss_tables(
                ranked, points, met(results), info.table_size, seed + round_no)]
        await store.insert_tables(conn, info.id, round_no, tables)
        # Byes have no game: their result is known at once.
        for number, seats in enumerate(tables, start=1):
            if len(seats) == 1:
                await store.set_result(conn, info.id, round_no, number, _bye_result())

    async def tournament(self, tournament_id: int) -> TournamentInfo:
        """One tournament with its entrants."""
        async with self._db.read() as conn:
            return await _fetch(conn, tournament_id)

    async def tournament_in_channel(self, guild_id: int,
                                    channel_id: int) -> TournamentInfo | None:
        """The tournament signing up or running in this channel, if any."""
        async with self._db.read() as conn:
            return await store.open_in_channel(conn, guild_id, channel_id)

    async def tournament_tables(self, tournament_id: int,
                                round_no: int | None = None) -> list[TableRow]:
        """The tables of one round (None: all rounds)."""
        async with self._db.read() as conn:
            return await store.tables(conn, tournament_id, round_no)

    async def tournament_standings(self, tournament_id: int,
                                   through: int | None = None) -> list[Standing]:
        """Everyone ranked by tournament points after round `through` (None: so far)."""
        async with self._db.read() as conn:
            info = await _fetch(conn, tournament_id)
            tables = await store.tables(conn, tournament_id)
        dropped = {e.user_id for e in info.entrants if e.dropped is not None}
        chosen = [t for t in tables if through is None or t.round <= through]
        return standings([e.user_id for e in info.entrants], _results(chosen, dropped), dropped,
                         info.table_size)

    async def tournament_of_game(self, game_id: int) -> tuple[int, TableRow] | None:
        """The tournament and table a game is played at, if any."""
        async with self._db.read() as conn:
            return await store.table_of_game(conn, game_id)

    async def running_tournaments(self) -> list[TournamentInfo]:
        """Every running tournament this process owns."""
        async with self._db.read() as conn:
            return await store.running(conn, self._owned("t"))

    async def next_round_due(self) -> float | None:
        """When the next scheduled round of a league may open (None: none waits)."""
        times = [t.round_started + t.every for t in await self.running_tournaments()
                 if t.every is not None and t.round_started is not None]
        return min(times, default=None)

    async def set_standings_told(self, tournament_id: int, round_no: int) -> None:
        """The standings after `round_no` have been told in the tournament's channel."""
        async with self._write(tournament_id, durable=False) as conn:
            await store.set_told_round(conn, tournament_id, round_no)

    async def set_tournament_message(self, tournament_id: int, name: str, channel_id: int,
                                     message_id: int) -> None:
        """Remember a front end's message for the tournament (its sign-up, ...)."""
        async with self._write(tournament_id, durable=False) as conn:
            await store.set_message(conn, tournament_id, name, channel_id, message_id)

    async def tournament_messages(self, tournament_id: int) -> dict[str, tuple[int, int]]:
        """The front end's messages for the tournament: name → (channel, message)."""
        async with self._db.read() as conn:
            return await store.get_messages(conn, tournament_id)

    async def organiser_role(self, guild_id: int) -> int | None:
        """The role whose members may run tournaments on the server, if the admins named one."""
        async with self._db.read() as conn:
            value = await store.get_guild_setting(conn, guild_id, ORGANISER_ROLE)
        return int(value) if value else None

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        """Name the role that may run tournaments (None: Manage Server only)."""
        async with self._db.transaction() as conn:
            await store.set_guild_setting(conn, guild_id, ORGANISER_ROLE,
                                          None if role_id is None else str(role_id))

    def _write(self, tournament_id: int, *, durable: bool = True) -> Any:
        """A write transaction for the tournament, fenced by its server's shard."""
        return _Fenced(self, tournament_id, durable)


class _Fenced:
    """A write transaction for one tournament, fenced by its server's shard."""

    def __init__(self, service: TournamentOps, tournament_id: int, durable: bool) -> None:
        self.service, self.tournament_id, self.durable = service, tournament_id, durable
        self._context: Any = None

    async def __aenter__(self) -> aiosqlite.Connection:
        db = self.service.db
        async with db.read() as conn:
            info = await store.fetch(conn, self.tournament_id)
        if info is None:
            raise TournamentError(_("There is no tournament #{id}.").format(
                id=self.tournament_id))
        self._context = db.transaction(durable=self.durable, guild=info.guild_id, serial=True)
        return await self._context.__aenter__()

    async def __aexit__(self, *exc: Any) -> Any:
        return await self._context.__aexit__(*exc)


def _table(tables: list[TableRow], table_no: int) -> TableRow:
    found = next((t for t in tables if t.table_no == table_no), None)
    if found is None:
        raise TournamentError(_("There is no such table."))
    return found


def _bye_result() -> dict[str, Any]:
    return {"places": [1], "scores": [0], "forfeited": [], "bye": True}


async def _ended_result(conn: aiosqlite.Connection, table: TableRow,
                        dropped: set[int]) -> dict[str, Any] | None:
    """A table's result once its game ended (None while it runs): places and scores per seat
    in the table's order; an abandoned game is a draw with no scores."""
    if table.game_id is None:
        return None
    game = await rows.fetch_game(conn, table.game_id)
    if game is None or game.status in ("lobby", "running"):
        return None
    forfeited = sorted(u for u in table.people if u in dropped)
    count = len(table.seats)
    if game.status == "abandoned":
        return {"places": [1] * count, "scores": [0] * count, "forfeited": forfeited}
    found = {int(r[0]): (int(r[1]), float(r[2])) for r in await fetch_all(
        conn, "SELECT s.slot, r.rank, r.score FROM results r JOIN seats s ON "
              "s.game_id = r.game_id AND s.seat = r.seat WHERE r.game_id = ?", (table.game_id,))}
    places = [found.get(slot, (count, 0.0))[0] for slot in range(count)]
    scores = [found.get(slot, (count, 0.0))[1] for slot in range(count)]
    return {"places": places, "scores": scores, "forfeited": forfeited}


def _results(tables: list[TableRow], dropped: set[int]) -> list[TableResult]:
    """The tables with a result, as the standings read them."""
    return [r for r in (t.as_result() for t in tables) if r is not None]


async def _fetch(conn: aiosqlite.Connection, tournament_id: int) -> TournamentInfo:
    info = await store.fetch(conn, tournament_id)
    if info is None:
        raise TournamentError(_("There is no tournament #{id}.").format(id=tournament_id))
    return info


async def _in_signup(conn: aiosqlite.Connection, tournament_id: int) -> TournamentInfo:
    info = await _fetch(conn, tournament_id)
    if info.status != "signup":
        raise TournamentError(_("The sign-up for this tournament has closed."))
    return info


async def _ensure_channel_free(conn: aiosqlite.Connection, guild_id: int,
                               channel_id: int) -> None:
    existing = await store.open_in_channel(conn, guild_id, channel_id)
    if existing is not None:
        raise TournamentError(_("This channel already has a tournament (#{id}). Let it end or "
                                "cancel it first, or use another channel.").format(
            id=existing.id))


async def _open_games(conn: aiosqlite.Connection, tournament_id: int) -> list[int]:
    rows_ = await fetch_all(
        conn, "SELECT g.id FROM tournament_tables t JOIN games g ON g.id = t.game_id WHERE "
              "t.tournament_id = ? AND g.status IN ('lobby', 'running') ORDER BY g.id",
        (tournament_id,))
    return [int(r[0]) for r in rows_]
