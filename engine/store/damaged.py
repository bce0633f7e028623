"""Games whose stored state could not be rebuilt, kept apart so the others go on."""

from __future__ import annotations

import aiosqlite

from engine.store.query import fetch_all


async def mark_damaged(conn: aiosqlite.Connection, game_id: int, reason: str,
                       now: float) -> None:
    """Record a game as damaged (once) and drop its deadlines: nothing can act for it."""
    await conn.execute(
        "INSERT INTO damaged_games (game_id, reason, at) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO NOTHING", (game_id, reason[:500], now))
    await conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))


async def damaged_ids(conn: aiosqlite.Connection) -> set[int]:
    """The ids of every damaged game that is still open."""
    rows = await fetch_all(
        conn, "SELECT d.game_id FROM damaged_games d JOIN games g ON g.id = d.game_id "
              "WHERE g.status IN ('lobby', 'running')")
    return {int(r[0]) for r in rows}


async def untold(conn: aiosqlite.Connection, *, owned: str = "TRUE") -> list[int]:
    """Open damaged games whose channel has not been told yet (`owned`: on the game `g`)."""
    rows = await fetch_all(
        conn, "SELECT d.game_id FROM damaged_games d JOIN games g ON g.id = d.game_id "
              f"WHERE d.told = 0 AND g.status IN ('lobby', 'running') AND {owned} "
              "ORDER BY d.game_id")
    return [int(r[0]) for r in rows]


async def mark_told(conn: aiosqlite.Connection, game_id: int) -> None:
    """Its channel has been told."""
    await conn.execute("UPDATE damaged_games SET told = 1 WHERE game_id = ?", (game_id,))
