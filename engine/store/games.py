"""Queries on games and seats (lobbies are games whose status is 'lobby')."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import aiosqlite

from engine.store.models import GameInfo, GameStatus, Seat, UserId
from engine.store.query import fetch_all, fetch_one

_GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, host_id, status, settings, deadlines, max_players, version, "
    "tiebreak, created_at, started_at, updated_at, finished_at, rules_revision"
)
_SEAT_COLUMNS = "game_id, slot, seat, user_id, name, ai_level, autopilot"


async def insert_game(conn: aiosqlite.Connection, *, kind: str, guild_id: int, channel_id: int,
                      host_id: UserId, seed: int, settings: dict[str, Any],
                      deadlines: dict[str, float | None], max_players: int, now: float,
                      rules_revision: int) -> int:
    """Insert a lobby row (`rules_revision`: the revision of its kind's rules it is set up
    under); raises an integrity error (INTEGRITY_ERRORS) if the channel is taken."""
    row = await fetch_one(
        conn,
        "INSERT INTO games (kind, guild_id, channel_id, host_id, status, seed, settings, "
        "deadlines, max_players, created_at, updated_at, rules_revision) "
        "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (kind, guild_id, channel_id, host_id, seed, json.dumps(settings), json.dumps(deadlines),
         max_players, now, now, rules_revision),
    )
    return int(row[0])


async def open_game_in_channel(conn: aiosqlite.Connection, guild_id: int,
                               channel_id: int) -> int | None:
    """The id of the lobby or running game in this channel, if any."""
    row = await fetch_one(
        conn,
        "SELECT id FROM games WHERE guild_id = ? AND channel_id = ? "
        "AND status IN ('lobby', 'running')", (guild_id, channel_id))
    return int(row[0]) if row else None


async def fetch_game(conn: aiosqlite.Connection, game_id: int) -> GameInfo | None:
    """One game with its seats, or None."""
    games = await _fetch_games(conn, "id = ?", (game_id,))
    return games[0] if games else None


async def fetch_games_by_status(conn: aiosqlite.Connection, status: GameStatus, *,
                                owned: str = "TRUE") -> list[GameInfo]:
    """Every game with this status, with seats, oldest first (`owned`: a condition on
    `games`)."""
    return await _fetch_games(conn, f"status = ? AND {owned}", (status,))


async def fetch_seed(conn: aiosqlite.Connection, game_id: int) -> int:
    """The game's seed (kept out of GameInfo: it would reveal the decks)."""
    row = await fetch_one(conn, "SELECT seed FROM games WHERE id = ?", (game_id,))
    if row is None:
        raise LookupError(game_id)
    return int(row[0])


async def fetch_seeds(conn: aiosqlite.Connection, status: GameStatus) -> dict[int, int]:
    """Seeds of every game with this status."""
    rows = await fetch_all(conn, "SELECT id, seed FROM games WHERE status = ?", (status,))
    return {int(r[0]): int(r[1]) for r in rows}


async def _fetch_games(conn: aiosqlite.Connection, where: str,
                       params: tuple[Any, ...]) -> list[GameInfo]:
    rows = await fetch_all(conn, f"SELECT {_GAME_COLUMNS} FROM games WHERE {where} ORDER BY id",
                           params)
    if not rows:
        return []
    seat_rows = await fetch_all(
        conn,
        f"SELECT {_SEAT_COLUMNS} FROM seats WHERE game_id IN "
        f"(SELECT id FROM games WHERE {where}) ORDER BY game_id, COALESCE(seat, slot), slot",
        params,
    )
    seats: dict[int, list[Seat]] = {}
    for r in seat_rows:
        seats.setdefault(int(r[0]), []).append(
            Seat(slot=r[1], seat=r[2], user_id=r[3], name=r[4], ai_level=r[5],
                 autopilot=bool(r[6])))
    return [_game(r, seats.get(int(r[0]), [])) for r in rows]


def _game(r: Iterable[Any], seats: list[Seat]) -> GameInfo:
    (gid, kind, guild, channel, host, status, settings, deadlines, max_players, version,
     tiebreak, created, started, updated, finished, rules_revision) = r
    return GameInfo(
        id=gid, kind=kind, guild_id=guild, channel_id=channel, host_id=host, status=status,
        settings=json.loads(settings), deadlines=json.loads(deadlines), max_players=max_players,
        version=version, tiebreak=tiebreak, created_at=created, started_at=started,
        updated_at=updated, finished_at=finished, seats=seats,
        rules_revision=rules_revision,
    )


async def add_seat(conn: aiosqlite.Connection, game_id: int, *, user_id: UserId | None,
                   name: str, ai_level: str | None) -> int:
    """Append a seat to a lobby; returns its slot (join order)."""
    row = await fetch_one(
        conn,
        "SELECT COALESCE(MAX(slot), -1) + 1 FROM seats WHERE game_id = ?", (game_id,))
    slot = int((row or (0,))[0])
    await conn.execute(
        "INSERT INTO seats (game_id, slot, user_id, name, ai_level) VALUES (?, ?, ?, ?, ?)",
        (game_id, slot, user_id, name, ai_level),
    )
    return slot


async def remove_seat(conn: aiosqlite.Connection, game_id: int, slot: int) -> None:
    """Remove a seat from a lobby."""
    await conn.execute("DELETE FROM seats WHERE game_id = ? AND slot = ?", (game_id, slot))


async def assign_seats(conn: aiosqlite.Connection, game_id: int, slots: list[int]) -> None:
    """Give each slot its seat number: slots[i] sits in seat i."""
    await conn.executemany(
        "UPDATE seats SET seat = ? WHERE game_id = ? AND slot = ?",
        [(seat, game_id, slot) for seat, slot in enumerate(slots)],
    )


async def set_host(conn: aiosqlite.Connection, game_id: int, host_id: UserId,
                   now: float) -> None:
    """Hand the lobby to another host."""
    await conn.execute("UPDATE games SET host_id = ?, updated_at = ? WHERE id = ?",
                       (host_id, now, game_id))


async def mark_started(conn: aiosqlite.Connection, game_id: int, now: float) -> None:
    """Turn a lobby into a running game."""
    await conn.execute(
        "UPDATE games SET status = 'running', started_at = ?, updated_at = ? WHERE id = ?",
        (now, now, game_id))


async def mark_ended(conn: aiosqlite.Connection, game_id: int, status: GameStatus,
                     now: float) -> None:
    """Close a lobby or game (abandoned), freeing its channel."""
    await conn.execute(
        "UPDATE games SET status = ?, finished_at = ?, updated_at = ? WHERE id = ?",
        (status, now, now, game_id))
    await conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))


async def set_autopilot(conn: aiosqlite.Connection, game_id: int, slot: int, on: bool) -> None:
    """Hand a human seat to the autopilot, or give it back."""
    await conn.execute("UPDATE seats SET autopilot = ? WHERE game_id = ? AND slot = ?",
                       (int(on), game_id, slot))


async def lobbies_unchanged_since(conn: aiosqlite.Connection, cutoff: float, *,
                                  owned: str = "TRUE") -> list[int]:
    """Ids of lobbies nobody has touched since `cutoff` (`owned`: a condition on `games`)."""
    rows = await fetch_all(
        conn,
        f"SELECT id FROM games WHERE status = 'lobby' AND updated_at <= ? AND {owned} "
        "ORDER BY id",
        (cutoff,))
    return [int(r[0]) for r in rows]


async def oldest_lobby_change(conn: aiosqlite.Connection, *,
                              owned: str = "TRUE") -> float | None:
    """When the least recently changed open lobby last changed (`owned`: on `games`)."""
    row = await fetch_one(conn, "SELECT MIN(updated_at) FROM games WHERE status = 'lobby' "
                                f"AND {owned}")
    return float(row[0]) if row and row[0] is not None else None


async def touch(conn: aiosqlite.Connection, game_id: int, now: float) -> None:
    """Record that a lobby changed."""
    await conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))


async def open_seats_of(conn: aiosqlite.Connection, guild_id: int, user_id: UserId) -> int:
    """How many open lobbies and running games of a guild the user sits in."""
    row = await fetch_one(
        conn, "SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id "
              "WHERE s.user_id = ? AND g.guild_id = ? AND g.status IN ('lobby', 'running')",
        (user_id, guild_id))
    return int(row[0]) if row else 0


async def delete_lobby(conn: aiosqlite.Connection, game_id: int) -> None:
    """Delete a lobby and its seats (a lobby has no log, snapshots or results)."""
    await conn.execute("DELETE FROM messages WHERE game_id = ?", (game_id,))
    await conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    await conn.execute("DELETE FROM games WHERE id = ? AND status = 'lobby'", (game_id,))
