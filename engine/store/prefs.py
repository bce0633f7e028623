"""Per-user preferences and front-end bookkeeping values."""

from __future__ import annotations

import json
from typing import Any

import aiosqlite

from engine.store.models import UserId
from engine.store.query import fetch_all, fetch_one


async def get_preference(conn: aiosqlite.Connection, user_id: UserId, key: str) -> Any:
    """A user's preference, or None when never set."""
    row = await fetch_one(conn, "SELECT value FROM preferences WHERE user_id = ? AND key = ?",
                          (user_id, key))
    return json.loads(row[0]) if row else None


async def set_preference(conn: aiosqlite.Connection, user_id: UserId, key: str,
                         value: Any) -> None:
    """Store a user's preference (JSON-serialisable)."""
    await conn.execute(
        "INSERT INTO preferences (user_id, key, value) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value",
        (user_id, key, json.dumps(value)))


async def get_meta(conn: aiosqlite.Connection, key: str) -> str | None:
    """A bookkeeping value, or None."""
    row = await fetch_one(conn, "SELECT value FROM meta WHERE key = ?", (key,))
    return row[0] if row else None


async def set_meta(conn: aiosqlite.Connection, key: str, value: str) -> None:
    """Store a bookkeeping value."""
    await conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))


async def metas_under(conn: aiosqlite.Connection, prefix: str) -> dict[str, str]:
    """Every bookkeeping value whose key starts with `prefix`, by key."""
    rows = await fetch_all(conn, "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ? "
                           "ORDER BY key", (len(prefix), prefix))
    return {r[0]: r[1] for r in rows}


async def delete_meta(conn: aiosqlite.Connection, key: str) -> None:
    """Forget a bookkeeping value."""
    await conn.execute("DELETE FROM meta WHERE key = ?", (key,))
