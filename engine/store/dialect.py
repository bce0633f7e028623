"""The thin dialect layer: the store's queries are written once, in the SQL both SQLite and
PostgreSQL understand, with `?` placeholders; on PostgreSQL a connection wrapper numbers them
(`$1`, `$2`, …) and answers with the same small surface aiosqlite's connection has.

Chosen over SQLAlchemy Core by benchmarks/store_layer_bench.py (docs/benchmarks.md): the
submit transaction through Core costs 2.6-3.5x the hand-written SQL on SQLite, and the SQLite
path here is aiosqlite itself, untouched.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import asyncpg

# A `?` outside quotes: the store's SQL holds no `?` inside a string literal or a comment.
_PLACEHOLDER = re.compile(r"'[^']*'|\?")


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """The query with its `?` placeholders numbered for PostgreSQL (`$1`, `$2`, …)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(0) != "?":
            return match.group(0)
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(number, sql)


class Changed:
    """What a write reports, as aiosqlite's cursor does: how many rows it changed."""

    def __init__(self, rowcount: int) -> None:
        self.rowcount = rowcount


class Connection(Protocol):
    """The part of a connection the store's queries use (aiosqlite's, or PgConnection)."""

    async def execute(self, sql: str, parameters: Sequence[Any] = ...) -> Any:
        """Run one statement."""

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> Any:
        """Run one statement once per parameter row."""

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ...) -> Iterable[Any]:
        """Run a query and return every row."""


class PgConnection:
    """An asyncpg connection speaking the store's `?` SQL."""

    dialect = "postgresql"

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.raw = conn

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Changed:
        """Run one statement; the result tells how many rows it changed."""
        status = await self.raw.execute(numbered(sql), *parameters)
        # asyncpg answers with the command tag: "UPDATE 1", "INSERT 0 3", "DELETE 0", …
        last = status.rsplit(" ", 1)[-1]
        return Changed(int(last) if last.isdigit() else 0)

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> None:
        """Run one statement for each parameter row (nothing for none)."""
        rows = [tuple(row) for row in parameters]
        if rows:
            await self.raw.executemany(numbered(sql), rows)

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        """Every row of a query (asyncpg records index like tuples)."""
        return list(await self.raw.fetch(numbered(sql), *parameters))
