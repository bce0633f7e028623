"""Cooldowns claimed in the database: one claim wins however many arrive together."""

from __future__ import annotations

import aiosqlite

from engine.store.query import fetch_one


async def claim(conn: aiosqlite.Connection, name: str, now: float, seconds: float) -> float:
    """Claim `name` for `seconds` from `now` inside the caller's write transaction: 0.0 when
    claimed, else the clock time the running claim ends (nothing changed)."""
    await conn.execute("DELETE FROM cooldowns WHERE until <= ?", (now,))  # the table stays small
    row = await fetch_one(conn, "SELECT until FROM cooldowns WHERE name = ?", (name,))
    if row is not None:
        return float(row[0])
    await conn.execute("INSERT INTO cooldowns (name, until) VALUES (?, ?)", (name, now + seconds))
    return 0.0


async def release(conn: aiosqlite.Connection, name: str) -> None:
    """End a claim early (what it was claimed for did not happen)."""
    await conn.execute("DELETE FROM cooldowns WHERE name = ?", (name,))
