"""The coach's stored reviews: one per seat of a finished game, so a second request is instant."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import aiosqlite

from engine.store.query import fetch_one


@dataclass(frozen=True)
class StoredReview:
    """A seat's review as stored: its findings, costliest first, and what it cost."""

    game_id: int
    seat: int
    findings: list[dict[str, Any]]  # step, chosen, best, cost, error, worlds, sure
    judged: int
    cpu_seconds: float


async def fetch(conn: aiosqlite.Connection, game_id: int, seat: int) -> StoredReview | None:
    """The stored review of this seat, if computed."""
    row = await fetch_one(conn, "SELECT findings, judged, cpu_seconds FROM reviews "
                                "WHERE game_id = ? AND seat = ?", (game_id, seat))
    if row is None:
        return None
    return StoredReview(game_id, seat, json.loads(row[0]), int(row[1]), float(row[2]))


async def save(conn: aiosqlite.Connection, review: StoredReview, now: float) -> None:
    """Store a review once (a second one computed meanwhile is dropped: the same game)."""
    await conn.execute(
        "INSERT INTO reviews (game_id, seat, findings, judged, cpu_seconds, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING",
        (review.game_id, review.seat, json.dumps(review.findings), review.judged,
         review.cpu_seconds, now))
