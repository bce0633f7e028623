"""Queries on tournaments: the tournament row, who signed up, each round's tables and seats."""

from __future__ import annotations

import json
from typing import Any, Literal

import aiosqlite
from pydantic import BaseModel, Field

from engine.store.query import fetch_all, fetch_one
from engine.tournament.standings import TableResult

TournamentStatus = Literal["signup", "running", "finished", "cancelled"]
Format = Literal["swiss", "round_robin"]
_COLUMNS = ("id, guild_id, channel_id, organiser_id, kind, format, rounds, table_size, settings, "
            "deadlines, every, status, round, told_round, round_started, created_at, updated_at, "
            "finished_at")


class Entrant(BaseModel):
    """A member who signed up, in join order; `dropped`: the round they left in. An AI
    entrant (added by the organiser) has a negative id and plays every table as an AI seat."""

    user_id: int
    name: str
    joined: int
    dropped: int | None = None


class TableRow(BaseModel):
    """One table of one round: its seats (None for an AI seat), thread, game and result."""

    round: int
    table_no: int
    seats: list[int | None]
    thread_id: int | None = None
    game_id: int | None = None
    result: dict[str, Any] | None = None

    @property
    def people(self) -> list[int]:
        """The entrants at this table (AI entrants too), in seat order."""
        return [s for s in self.seats if s is not None]

    @property
    def members(self) -> list[int]:
        """The Discord members at this table (no AI entrant), in seat order."""
        return [s for s in self.seats if s is not None and s > 0]

    def as_result(self) -> TableResult | None:
        """The table's result as the standings read it (None while it is played)."""
        if self.result is None:
            return None
        result = self.result
        return TableResult(round=self.round, table=self.table_no, seats=tuple(self.seats),
                           places=tuple(result["places"]),
                           scores=tuple(float(s) for s in result["scores"]),
                           forfeited=frozenset(result.get("forfeited", ())),
                           bye=bool(result.get("bye")))

    @property
    def is_bye(self) -> bool:
        """A round robin's bye: one member and no game."""
        return len(self.seats) == 1


class TournamentInfo(BaseModel):
    """A tournament as the service hands it out (no seed)."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    kind: str
    format: Format
    rounds: int
    table_size: int
    settings: dict[str, Any] = Field(default_factory=dict)
    deadlines: dict[str, float | None] = Field(default_factory=dict)
    every: float | None = Field(default=None,
                                description="Seconds from one round's start to the next.")
    status: TournamentStatus
    round: int = Field(description="The round paired last (0: none yet).")
    told_round: int = Field(description="Standings have been told after this round.")
    round_started: float | None = None
    created_at: float
    updated_at: float
    finished_at: float | None = None
    entrants: list[Entrant] = Field(default_factory=list)

    def active(self) -> list[Entrant]:
        """The entrants who have not dropped, in join order."""
        return [e for e in self.entrants if e.dropped is None]

    def ai_entrants(self) -> int:
        """How many AI entrants signed up."""
        return sum(1 for e in self.entrants if e.user_id < 0)

    def entrant(self, user_id: int) -> Entrant | None:
        """The entrant with this id, if they signed up."""
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def names(self) -> dict[int, str]:
        """Each entrant's name by id."""
        return {e.user_id: e.name for e in self.entrants}


async def insert(conn: aiosqlite.Connection, *, guild_id: int, channel_id: int,
                 organiser_id: int, kind: str, format: Format, rounds: int, table_size: int,
                 settings: dict[str, Any], deadlines: dict[str, float | None],
                 every: float | None, seed: int, now: float) -> int:
    """A new tournament in sign-up; an integrity error if the channel has an open one."""
    row = await fetch_one(
        conn,
        "INSERT INTO tournaments (guild_id, channel_id, organiser_id, kind, format, rounds, "
        "table_size, settings, deadlines, every, seed, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (guild_id, channel_id, organiser_id, kind, format, rounds, table_size,
         json.dumps(settings), json.dumps(deadlines), every, seed, now, now))
    return int(row[0])


async def fetch(conn: aiosqlite.Connection, tournament_id: int) -> TournamentInfo | None:
    """One tournament with its entrants, or None."""
    found = await _fetch(conn, "id = ?", (tournament_id,))
    return found[0] if found else None


async def open_in_channel(conn: aiosqlite.Connection, guild_id: int,
                          channel_id: int) -> TournamentInfo | None:
    """The tournament in sign-up or running in this channel, if any."""
    found = await _fetch(conn, "guild_id = ? AND channel_id = ? AND status IN "
                               "('signup', 'running')", (guild_id, channel_id))
    return found[0] if found else None


async def running(conn: aiosqlite.Connection, owned: str = "TRUE") -> list[TournamentInfo]:
    """Every running tournament (`owned`: a condition on the alias t), oldest first."""
    return await _fetch(conn, f"status = 'running' AND {owned}", ())


async def fetch_seed(conn: aiosqlite.Connection, tournament_id: int) -> int:
    """The tournament's seed (its pairings' ties and its tables' games come from it)."""
    row = await fetch_one(conn, "SELECT seed FROM tournaments WHERE id = ?", (tournament_id,))
    if row is None:
        raise LookupError(tournament_id)
    return int(row[0])


async def _fetch(conn: aiosqlite.Connection, where: str,
                 params: tuple[Any, ...]) -> list[TournamentInfo]:
    rows = await fetch_all(conn, f"SELECT {_COLUMNS} FROM tournaments t WHERE {where} "
                                 "ORDER BY id", params)
    if not rows:
        return []
    entrants: dict[int, list[Entrant]] = {}
    for r in await fetch_all(
            conn, "SELECT tournament_id, user_id, name, joined, dropped FROM tournament_players "
                  f"WHERE tournament_id IN (SELECT id FROM tournaments t WHERE {where}) "
                  "ORDER BY tournament_id, joined", params):
        entrants.setdefault(int(r[0]), []).append(
            Entrant(user_id=int(r[1]), name=r[2], joined=r[3], dropped=r[4]))
    infos = []
    for r in rows:
        fields = dict(zip(_COLUMNS.split(", "), r, strict=True))
        fields["settings"] = json.loads(fields["settings"])
        fields["deadlines"] = json.loads(fields["deadlines"])
        infos.append(TournamentInfo(**fields, entrants=entrants.get(int(r[0]), [])))
    return infos


async def add_entrant(conn: aiosqlite.Connection, tournament_id: int, user_id: int,
                      name: str) -> None:
    """Sign a member up, after everyone who signed up before."""
    row = await fetch_one(conn, "SELECT COALESCE(MAX(joined), -1) + 1 FROM tournament_players "
                                "WHERE tournament_id = ?", (tournament_id,))
    await conn.execute("INSERT INTO tournament_players (tournament_id, user_id, name, joined) "
                       "VALUES (?, ?, ?, ?)", (tournament_id, user_id, name, int(row[0])))


async def remove_entrant(conn: aiosqlite.Connection, tournament_id: int, user_id: int) -> None:
    """Take a member off the sign-up list."""
    await conn.execute("DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                       (tournament_id, user_id))


async def mark_dropped(conn: aiosqlite.Connection, tournament_id: int, user_id: int,
                       round_no: int) -> None:
    """A member leaves a running tournament in this round."""
    await conn.execute("UPDATE tournament_players SET dropped = ? WHERE tournament_id = ? "
                       "AND user_id = ? AND dropped IS NULL", (round_no, tournament_id, user_id))


async def set_status(conn: aiosqlite.Connection, tournament_id: int, status: TournamentStatus,
                     now: float) -> None:
    """Move the tournament on (running, finished, cancelled)."""
    ended = now if status in ("finished", "cancelled") else None
    await conn.execute("UPDATE tournaments SET status = ?, updated_at = ?, "
                       "finished_at = COALESCE(?, finished_at) WHERE id = ?",
                       (status, now, ended, tournament_id))


async def set_rounds(conn: aiosqlite.Connection, tournament_id: int, rounds: int) -> None:
    """Fix the number of rounds (a round robin's follows from who started)."""
    await conn.execute("UPDATE tournaments SET rounds = ? WHERE id = ?", (rounds, tournament_id))


async def touch(conn: aiosqlite.Connection, tournament_id: int, now: float) -> None:
    """Record that the tournament changed."""
    await conn.execute("UPDATE tournaments SET updated_at = ? WHERE id = ?",
                       (now, tournament_id))


async def claim_round(conn: aiosqlite.Connection, tournament_id: int, round_no: int,
                      now: float) -> bool:
    """Move the tournament from round_no - 1 to round_no; False if another step did it."""
    row = await fetch_one(
        conn, "UPDATE tournaments SET round = ?, round_started = ?, updated_at = ? "
              "WHERE id = ? AND round = ? RETURNING id",
        (round_no, now, now, tournament_id, round_no - 1))
    return row is not None


async def insert_tables(conn: aiosqlite.Connection, tournament_id: int, round_no: int,
                        tables: list[list[int | None]]) -> None:
    """One round's tables and their seats (a member seated twice in a round is refused)."""
    await conn.executemany(
        "INSERT INTO tournament_tables (tournament_id, round, table_no, seats) "
        "VALUES (?, ?, ?, ?)",
        [(tournament_id, round_no, n, json.dumps(seats)) for n, seats in
         enumerate(tables, start=1)])
    await conn.executemany(
        "INSERT INTO tournament_seats (tournament_id, round, user_id, table_no) "
        "VALUES (?, ?, ?, ?)",
        [(tournament_id, round_no, user, n) for n, seats in enumerate(tables, start=1)
         for user in seats if user is not None])


async def tables(conn: aiosqlite.Connection, tournament_id: int,
                 round_no: int | None = None) -> list[TableRow]:
    """The tables of one round (None: of every round), in order."""
    where, params = ("tournament_id = ?", (tournament_id,)) if round_no is None else \
        ("tournament_id = ? AND round = ?", (tournament_id, round_no))
    rows = await fetch_all(
        conn, "SELECT round, table_no, seats, thread_id, game_id, result FROM tournament_tables "
              f"WHERE {where} ORDER BY round, table_no", params)
    return [TableRow(round=r[0], table_no=r[1], seats=json.loads(r[2]), thread_id=r[3],
                     game_id=r[4], result=json.loads(r[5]) if r[5] else None) for r in rows]


async def table_of_game(conn: aiosqlite.Connection,
                        game_id: int) -> tuple[int, TableRow] | None:
    """The tournament and table a game is played at, if it is a tournament's."""
    row = await fetch_one(conn, "SELECT tournament_id, round, table_no FROM tournament_tables "
                                "WHERE game_id = ?", (game_id,))
    if row is None:
        return None
    found = [t for t in await tables(conn, int(row[0]), int(row[1])) if t.table_no == row[2]]
    return int(row[0]), found[0]


async def set_thread(conn: aiosqlite.Connection, tournament_id: int, round_no: int,
                     table_no: int, thread_id: int) -> None:
    """Remember the thread a table is played in."""
    await conn.execute("UPDATE tournament_tables SET thread_id = ? WHERE tournament_id = ? AND "
                       "round = ? AND table_no = ?", (thread_id, tournament_id, round_no,
                                                      table_no))


async def link_game(conn: aiosqlite.Connection, tournament_id: int, round_no: int,
                    table_no: int, game_id: int) -> bool:
    """Give a table its game; False if it has one already (the table opens once)."""
    row = await fetch_one(
        conn, "UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ? AND round = ? "
              "AND table_no = ? AND game_id IS NULL RETURNING table_no",
        (game_id, tournament_id, round_no, table_no))
    return row is not None


async def set_result(conn: aiosqlite.Connection, tournament_id: int, round_no: int,
                     table_no: int, result: dict[str, Any]) -> bool:
    """Record a table's result once; False if it had one."""
    row = await fetch_one(
        conn, "UPDATE tournament_tables SET result = ? WHERE tournament_id = ? AND round = ? "
              "AND table_no = ? AND result IS NULL RETURNING table_no",
        (json.dumps(result), tournament_id, round_no, table_no))
    return row is not None


async def set_told_round(conn: aiosqlite.Connection, tournament_id: int, round_no: int) -> None:
    """Standings after `round_no` have been told."""
    await conn.execute("UPDATE tournaments SET told_round = ? WHERE id = ? AND told_round < ?",
                       (round_no, tournament_id, round_no))


async def set_message(conn: aiosqlite.Connection, tournament_id: int, name: str,
                      channel_id: int, message_id: int) -> None:
    """Remember a front end's message for the tournament."""
    await conn.execute(
        "INSERT INTO tournament_messages (tournament_id, name, channel_id, message_id) "
        "VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id, name) DO UPDATE SET "
        "channel_id = excluded.channel_id, message_id = excluded.message_id",
        (tournament_id, name, channel_id, message_id))


async def get_messages(conn: aiosqlite.Connection,
                       tournament_id: int) -> dict[str, tuple[int, int]]:
    """Every message remembered for the tournament: name → (channel, message)."""
    rows = await fetch_all(conn, "SELECT name, channel_id, message_id FROM tournament_messages "
                                 "WHERE tournament_id = ?", (tournament_id,))
    return {r[0]: (int(r[1]), int(r[2])) for r in rows}


async def get_guild_setting(conn: aiosqlite.Connection, guild_id: int, name: str) -> str | None:
    """A server's setting, if chosen."""
    row = await fetch_one(conn, "SELECT value FROM guild_settings WHERE guild_id = ? AND "
                                "name = ?", (guild_id, name))
    return None if row is None else str(row[0])


async def set_guild_setting(conn: aiosqlite.Connection, guild_id: int, name: str,
                            value: str | None) -> None:
    """Choose a server's setting (None: unset it)."""
    if value is None:
        await conn.execute("DELETE FROM guild_settings WHERE guild_id = ? AND name = ?",
                           (guild_id, name))
        return
    await conn.execute("INSERT INTO guild_settings (guild_id, name, value) VALUES (?, ?, ?) "
                       "ON CONFLICT (guild_id, name) DO UPDATE SET value = excluded.value",
                       (guild_id, name, value))
