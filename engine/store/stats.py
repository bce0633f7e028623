"""Leaderboards, player history and remembered front-end messages."""

from __future__ import annotations

import aiosqlite

from engine.store.models import HistoryEntry, LeaderboardRow, MessageRef, UserId
from engine.store.query import fetch_all

# People at a finished game's table (AI seats have no user).
_PEOPLE = "(SELECT COUNT(*) FROM seats p WHERE p.game_id = g.id AND p.user_id IS NOT NULL)"


async def leaderboard(conn: aiosqlite.Connection, guild_id: int, limit: int = 10, *,
                      practice: bool = False) -> list[LeaderboardRow]:
    """People ranked by wins, then money won, over the guild's finished games that at least
    two people played; `practice`: the games one person played against AI seats instead.
    A seat the autopilot finished earns no win (its player had left or handed it over), so
    nobody farms wins by letting the autopilot beat AI seats."""
    rows = await fetch_all(
        conn,
        "SELECT s.user_id, "
        # the name used in the player's most recent game
        "  (SELECT s2.name FROM seats s2 JOIN games g2 ON g2.id = s2.game_id "
        "   WHERE s2.user_id = s.user_id AND g2.guild_id = ? ORDER BY g2.id DESC LIMIT 1), "
        "  SUM(CASE WHEN r.winner = 1 AND s.autopilot = 0 THEN 1 ELSE 0 END), COUNT(*), "
        "  SUM(r.score) "
        "FROM results r "
        "JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat "
        "JOIN games g ON g.id = r.game_id "
        "WHERE g.guild_id = ? AND g.status = 'finished' AND s.user_id IS NOT NULL "
        f"  AND {_PEOPLE} {'= 1' if practice else '>= 2'} "
        "GROUP BY s.user_id "
        "ORDER BY 3 DESC, SUM(r.score) DESC, COUNT(*) ASC, MIN(g.id) ASC "
        "LIMIT ?",
        (guild_id, guild_id, limit),
    )
    return [LeaderboardRow(user_id=r[0], name=r[1], wins=r[2], games=r[3], money=r[4])
            for r in rows]


async def history(conn: aiosqlite.Connection, user_id: UserId, guild_id: int | None = None,
                  limit: int = 20) -> list[HistoryEntry]:
    """The games (started or not) this user sat in, newest first."""
    in_guild = "" if guild_id is None else "AND g.guild_id = ? "
    rows = await fetch_all(
        conn,
        "SELECT g.id, g.kind, g.guild_id, g.channel_id, g.status, s.seat, "
        "  (SELECT COUNT(*) FROM seats s3 WHERE s3.game_id = g.id), "
        "  r.rank, r.score, r.winner, g.started_at, g.finished_at "
        "FROM seats s JOIN games g ON g.id = s.game_id "
        "LEFT JOIN results r ON r.game_id = g.id AND r.seat = s.seat "
        f"WHERE s.user_id = ? {in_guild}"
        "ORDER BY g.id DESC LIMIT ?",
        (user_id, *(() if guild_id is None else (guild_id,)), limit),
    )
    return [
        HistoryEntry(game_id=r[0], kind=r[1], guild_id=r[2], channel_id=r[3], status=r[4],
                     seat=r[5], players=r[6], rank=r[7], score=r[8], winner=bool(r[9]),
                     started_at=r[10], finished_at=r[11])
        for r in rows
    ]


async def set_message(conn: aiosqlite.Connection, game_id: int, ref: MessageRef) -> None:
    """Remember (or replace) a message under its name."""
    await conn.execute(
        "INSERT INTO messages (game_id, name, channel_id, message_id) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id, name) DO UPDATE SET channel_id = excluded.channel_id, "
        "message_id = excluded.message_id",
        (game_id, ref.name, ref.channel_id, ref.message_id),
    )


async def get_messages(conn: aiosqlite.Connection, game_id: int) -> dict[str, MessageRef]:
    """Every remembered message of a game, by name."""
    rows = await fetch_all(
        conn,
        "SELECT name, channel_id, message_id FROM messages WHERE game_id = ? ORDER BY name",
        (game_id,))
    return {r[0]: MessageRef(name=r[0], channel_id=r[1], message_id=r[2])
            for r in rows}


async def running_messages(conn: aiosqlite.Connection) -> dict[int, dict[str, MessageRef]]:
    """The remembered messages of every running game, by game and name (used on resume)."""
    rows = await fetch_all(
        conn,
        "SELECT m.game_id, m.name, m.channel_id, m.message_id FROM messages m "
        "JOIN games g ON g.id = m.game_id AND g.status = 'running' ORDER BY m.game_id, m.name")
    found: dict[int, dict[str, MessageRef]] = {}
    for r in rows:
        found.setdefault(int(r[0]), {})[r[1]] = MessageRef(name=r[1], channel_id=r[2],
                                                           message_id=r[3])
    return found


async def delete_message(conn: aiosqlite.Connection, game_id: int, name: str) -> None:
    """Forget a message."""
    await conn.execute("DELETE FROM messages WHERE game_id = ? AND name = ?", (game_id, name))
