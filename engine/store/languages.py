"""The languages servers and channels chose (`/game settings language:`)."""

from __future__ import annotations

import json
from typing import Literal

import aiosqlite

from engine.store.query import fetch_all, fetch_one

Scope = Literal["guild", "channel"]


async def get_language(conn: aiosqlite.Connection, scope: Scope, scope_id: int) -> str | None:
    """The language chosen for a server or channel, or None."""
    row = await fetch_one(conn, "SELECT locale FROM languages WHERE scope = ? AND scope_id = ?",
                          (scope, scope_id))
    return row[0] if row else None


async def set_language(conn: aiosqlite.Connection, scope: Scope, scope_id: int,
                       locale: str | None) -> None:
    """Choose a server's or channel's language; None forgets the choice."""
    if locale is None:
        await conn.execute("DELETE FROM languages WHERE scope = ? AND scope_id = ?",
                           (scope, scope_id))
        return
    await conn.execute(
        "INSERT INTO languages (scope, scope_id, locale) VALUES (?, ?, ?) "
        "ON CONFLICT (scope, scope_id) DO UPDATE SET locale = excluded.locale",
        (scope, scope_id, locale))


async def all_languages(conn: aiosqlite.Connection
                        ) -> tuple[dict[int, str], dict[tuple[Scope, int], str]]:
    """Every member's own language (the 'language' preference) and every place's."""
    members = {int(user_id): json.loads(value) for user_id, value in await fetch_all(
        conn, "SELECT user_id, value FROM preferences WHERE key = 'language'")}
    places = {(scope, int(scope_id)): locale for scope, scope_id, locale in await fetch_all(
        conn, "SELECT scope, scope_id, locale FROM languages")}
    return {u: v for u, v in members.items() if v}, places
