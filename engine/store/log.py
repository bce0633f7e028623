"""The action log, snapshots, deadlines and results: everything written per accepted action."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import aiosqlite

from engine.core.game import Results
from engine.store.models import By, DeadlineRow, GameStatus, LoggedRow, UserId
from engine.store.query import fetch_all, fetch_one


async def append_action(conn: aiosqlite.Connection, game_id: int, seq: int, *, seat: int,
                        action: dict[str, Any], by: By, decision_key: str, now: float) -> None:
    """Append one accepted action; the schema rejects a duplicate or a gap."""
    await conn.execute(
        "INSERT INTO actions (game_id, seq, seat, action, by, decision_key, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (game_id, seq, seat, json.dumps(action, sort_keys=True), by, decision_key, now),
    )


async def advance_game(conn: aiosqlite.Connection, game_id: int, seq: int, now: float, *,
                       status: GameStatus = "running", tiebreak: str | None = None,
                       moves: int = 1) -> bool:
    """Move the game row from version seq-moves to seq; False if another writer got there first."""
    finished = now if status != "running" else None
    cursor = await conn.execute(
        "UPDATE games SET version = ?, updated_at = ?, status = ?, tiebreak = ?, "
        "finished_at = COALESCE(?, finished_at) "
        "WHERE id = ? AND version = ? AND status = 'running'",
        (seq, now, status, tiebreak, finished, game_id, seq - moves),
    )
    return cursor.rowcount == 1


async def fetch_actions(conn: aiosqlite.Connection, game_id: int,
                        after: int = 0) -> list[LoggedRow]:
    """The log from seq after+1 on, in order."""
    rows = await fetch_all(
        conn,
        "SELECT seq, seat, action, by, decision_key, at FROM actions "
        "WHERE game_id = ? AND seq > ? ORDER BY seq",
        (game_id, after),
    )
    return [_logged(r) for r in rows]


def _logged(r: Iterable[Any]) -> LoggedRow:
    seq, seat, action, by, key, at = r
    return LoggedRow(seq=seq, seat=seat, action=json.loads(action), by=by, decision_key=key, at=at)


async def save_snapshot(conn: aiosqlite.Connection, game_id: int, seq: int, state: str) -> None:
    """Store the state after `seq` actions."""
    await conn.execute("INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?) "
                       "ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state",
                       (game_id, seq, state))


async def latest_snapshot(conn: aiosqlite.Connection, game_id: int,
                          upto: int) -> tuple[int, str] | None:
    """The newest snapshot at or before `upto`, as (seq, state JSON)."""
    row = await fetch_one(
        conn,
        "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? "
        "ORDER BY seq DESC LIMIT 1",
        (game_id, upto),
    )
    return (int(row[0]), str(row[1])) if row else None


async def snapshot_seqs(conn: aiosqlite.Connection, game_id: int) -> list[int]:
    """The seqs at which snapshots exist."""
    rows = await fetch_all(conn, "SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq",
                           (game_id,))
    return [int(r[0]) for r in rows]


async def running_snapshots(conn: aiosqlite.Connection) -> dict[int, tuple[int, str]]:
    """The newest snapshot of every running game, in one query (used on resume)."""
    rows = await fetch_all(
        conn,
        "SELECT s.game_id, s.seq, s.state FROM snapshots s "
        "JOIN (SELECT game_id, MAX(seq) AS seq FROM snapshots WHERE game_id IN "
        "(SELECT id FROM games WHERE status = 'running') GROUP BY game_id) m "
        "ON s.game_id = m.game_id AND s.seq = m.seq"
    )
    return {int(r[0]): (int(r[1]), str(r[2])) for r in rows}


async def running_tails(conn: aiosqlite.Connection) -> dict[int, list[LoggedRow]]:
    """For every running game, the actions after its newest snapshot (used on resume)."""
    rows = await fetch_all(
        conn,
        "SELECT a.game_id, a.seq, a.seat, a.action, a.by, a.decision_key, a.at FROM actions a "
        "JOIN games g ON g.id = a.game_id AND g.status = 'running' "
        "WHERE a.seq > COALESCE((SELECT MAX(seq) FROM snapshots s WHERE s.game_id = a.game_id), 0)"
        " ORDER BY a.game_id, a.seq"
    )
    tails: dict[int, list[LoggedRow]] = {}
    for r in rows:
        tails.setdefault(int(r[0]), []).append(_logged(r[1:]))
    return tails


async def replace_deadlines(conn: aiosqlite.Connection, game_id: int,
                            rows: Iterable[DeadlineRow]) -> None:
    """Set the game's pending deadlines to exactly `rows`."""
    await conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
    await conn.executemany(
        "INSERT INTO deadlines (game_id, seat, decision_key, kind, due_at) VALUES (?, ?, ?, ?, ?)",
        [(game_id, d.seat, d.decision_key, d.kind, d.due_at) for d in rows],
    )


async def fetch_deadlines(conn: aiosqlite.Connection, *, game_id: int | None = None,
                          due_by: float | None = None) -> list[DeadlineRow]:
    """Deadlines of one game, or all those due by a time, earliest first."""
    where, params = ["TRUE"], []
    if game_id is not None:
        where.append("d.game_id = ?")
        params.append(game_id)
    if due_by is not None:
        where.append("d.due_at <= ?")
        params.append(due_by)
    rows = await fetch_all(
        conn,
        "SELECT d.game_id, d.seat, d.decision_key, d.kind, d.due_at FROM deadlines d "
        "JOIN games g ON g.id = d.game_id AND g.status = 'running' "
        f"WHERE {' AND '.join(where)} ORDER BY d.due_at, d.game_id, d.seat",
        params,
    )
    return [DeadlineRow(game_id=r[0], seat=r[1], decision_key=r[2], kind=r[3], due_at=r[4])
            for r in rows]


async def fetch_overdue(conn: aiosqlite.Connection, now: float, *, owned: str = "TRUE"
                        ) -> list[tuple[DeadlineRow, UserId | None, bool]]:
    """Deadlines due by `now`, each with the seat's user id and whether it is an AI seat
    (`owned`: a condition on the game `g`, such as Fence.sql's)."""
    rows = await fetch_all(
        conn,
        "SELECT d.game_id, d.seat, d.decision_key, d.kind, d.due_at, s.user_id, s.ai_level "
        "FROM deadlines d JOIN games g ON g.id = d.game_id AND g.status = 'running' "
        "LEFT JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat "
        f"WHERE d.due_at <= ? AND {owned} ORDER BY d.due_at, d.game_id, d.seat",
        (now,),
    )
    return [(DeadlineRow(game_id=r[0], seat=r[1], decision_key=r[2], kind=r[3], due_at=r[4]),
             r[5], r[6] is not None) for r in rows]


async def next_due(conn: aiosqlite.Connection, *, owned: str = "TRUE") -> float | None:
    """The earliest deadline of any running game (`owned`: a condition on the game `g`)."""
    row = await fetch_one(conn, "SELECT MIN(d.due_at) FROM deadlines d "
                                f"JOIN games g ON g.id = d.game_id WHERE {owned}")
    return float(row[0]) if row and row[0] is not None else None


async def write_results(conn: aiosqlite.Connection, game_id: int, results: Results) -> None:
    """Store the final standings."""
    winners = set(results.winners)
    await conn.executemany(
        "INSERT INTO results (game_id, seat, rank, score, winner, detail) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, s.player, s.rank, s.score, int(s.player in winners), json.dumps(s.detail))
         for s in results.standings],
    )
