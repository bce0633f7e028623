"""Half-time reminders: the deadlines humans still owe, and which of them were already pinged."""

from __future__ import annotations

import json
from collections.abc import Iterable

import aiosqlite
from pydantic import BaseModel

from engine.store.models import DeadlineRow, UserId
from engine.store.query import fetch_all


class HumanDeadline(BaseModel):
    """A pending deadline of a human seat that decides for itself (no AI, no autopilot)."""

    row: DeadlineRow
    user_id: UserId
    seconds: dict[str, float | None]  # the game's deadline settings, to find the half time
    reminded: bool


async def human_deadlines(conn: aiosqlite.Connection, game_id: int | None = None, *,
                          owned: str = "TRUE") -> list[HumanDeadline]:
    """Deadlines of running games owed by humans not on autopilot (of one game if given;
    `owned`: a condition on the game `g`)."""
    one_game = "" if game_id is None else "AND d.game_id = ? "
    rows = await fetch_all(
        conn,
        "SELECT d.game_id, d.seat, d.decision_key, d.kind, d.due_at, s.user_id, g.deadlines, "
        "  EXISTS (SELECT 1 FROM reminders r WHERE r.game_id = d.game_id AND r.seat = d.seat "
        "          AND r.decision_key = d.decision_key AND r.due_at = d.due_at) "
        "FROM deadlines d JOIN games g ON g.id = d.game_id AND g.status = 'running' "
        "JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat "
        f"WHERE s.ai_level IS NULL AND s.autopilot = 0 AND {owned} {one_game}"
        "ORDER BY d.due_at, d.game_id, d.seat",
        () if game_id is None else (game_id,),
    )
    return [HumanDeadline(row=DeadlineRow(game_id=r[0], seat=r[1], decision_key=r[2], kind=r[3],
                                          due_at=r[4]),
                          user_id=r[5], seconds=json.loads(r[6]), reminded=bool(r[7]))
            for r in rows]


async def earliest_unreminded(conn: aiosqlite.Connection, after: float, *,
                              owned: str = "TRUE") -> list[tuple[str, str, float]]:
    """(decision kind, the game's deadline settings as JSON, earliest due_at) per kind and
    settings, over the deadlines of human_deadlines() due after `after` and not yet reminded."""
    return [(str(r[0]), str(r[1]), float(r[2])) for r in await fetch_all(
        conn,
        "SELECT d.kind, g.deadlines, MIN(d.due_at) "
        "FROM deadlines d JOIN games g ON g.id = d.game_id AND g.status = 'running' "
        "JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat "
        f"WHERE s.ai_level IS NULL AND s.autopilot = 0 AND d.due_at > ? AND {owned} "
        "  AND NOT EXISTS (SELECT 1 FROM reminders r WHERE r.game_id = d.game_id "
        "      AND r.seat = d.seat AND r.decision_key = d.decision_key AND r.due_at = d.due_at) "
        "GROUP BY d.kind, g.deadlines",
        (after,))]


async def mark_reminded(conn: aiosqlite.Connection, rows: Iterable[DeadlineRow],
                        now: float) -> None:
    """Record that these deadlines were reminded, and forget reminders of deadlines now gone."""
    await conn.executemany(
        "INSERT INTO reminders (game_id, seat, decision_key, due_at, sent_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [(d.game_id, d.seat, d.decision_key, d.due_at, now) for d in rows],
    )
    # Only reminders of current deadlines can ever matter again: keep the table that small.
    await conn.execute(
        "DELETE FROM reminders WHERE NOT EXISTS (SELECT 1 FROM deadlines d "
        "WHERE d.game_id = reminders.game_id AND d.seat = reminders.seat "
        "AND d.decision_key = reminders.decision_key AND d.due_at = reminders.due_at)")
