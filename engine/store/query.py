"""Reads in one trip to aiosqlite's thread: execute and fetch as one call, not two.

Every trip is a hand-over to the database thread and back through the event loop; while a read
waits for its trips, it holds the connection's lock, so fewer trips mean less waiting for
the commits queued behind it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import aiosqlite


async def fetch_all(conn: aiosqlite.Connection, sql: str,
                    params: Sequence[Any] = ()) -> list[Any]:
    """Every row of a query."""
    return list(await conn.execute_fetchall(sql, params))


async def fetch_one(conn: aiosqlite.Connection, sql: str,
                    params: Sequence[Any] = ()) -> Any | None:
    """The first row of a query, or None."""
    rows = await fetch_all(conn, sql, params)
    return rows[0] if rows else None
