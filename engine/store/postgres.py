"""A PostgreSQL server as the store (asyncpg): a pool of connections, the same transactions
and reads as the SQLite file's Database, and the numbered migrations in migrations/postgresql.

SQLite has one writer, and the service's checks (a seat still free, a lobby still open, a
cooldown not claimed) rely on it: what a write transaction read is still true at its COMMIT.
PostgreSQL keeps that with advisory locks, in the database so they hold across processes: a
write for one game takes that game's lock and shares a global one; any other write takes the
global one alone. So writes for different games run side by side, and everything else is as
serialised as on SQLite. The version check on the game row is the last word either way.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg

from engine.store.db import Migration, bundled_migrations
from engine.store.dialect import PgConnection
from engine.store.errors import SchemaTooNew
from engine.store.leases import Fence

# Advisory lock keys: game ids are positive, so these never meet a game's own lock.
_ALL_WRITES = -1
_MIGRATIONS = -2


def is_postgres_url(target: object) -> bool:
    """Whether a database setting names a PostgreSQL server rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


class PostgresDatabase:
    """A pool of asyncpg connections speaking the store's SQL (engine/store/dialect.py)."""

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url
        self.fence: Fence | None = None  # as Database.fence

    @classmethod
    async def open(cls, url: str, *, migrations: list[Migration] | None = None,
                   pool_size: int = 10) -> PostgresDatabase:
        """Connect and bring the schema up to date."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        try:
            async with pool.acquire() as conn:
                await migrate(conn, bundled_migrations(dialect="postgresql")
                              if migrations is None else migrations)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    @asynccontextmanager
    async def transaction(self, *, durable: bool = True, game: int | None = None,
                          guild: int | None = None, serial: bool = False
                          ) -> AsyncIterator[PgConnection]:
        """One write transaction, as Database.transaction (durable=False: no wait for the
        server's disk sync at COMMIT; `game`: the write is for that game, and runs beside
        writes for other games unless `serial`)."""
        locks = (f"SELECT pg_advisory_xact_lock_shared({_ALL_WRITES}), "
                 f"pg_advisory_xact_lock({int(game):d})" if game is not None and not serial
                 else f"SELECT pg_advisory_xact_lock({_ALL_WRITES})")
        async with self.pool.acquire() as raw, raw.transaction():
            if not durable:
                await raw.execute("SET LOCAL synchronous_commit = off")
            await raw.execute(locks)
            conn = PgConnection(raw)
            if self.fence is not None:
                await self.fence.check(conn, game=game, guild=guild)
            yield conn

    @asynccontextmanager
    async def read(self, *, consistent: bool = False) -> AsyncIterator[PgConnection]:
        """A connection for reads; `consistent` makes several queries see one snapshot."""
        async with self.pool.acquire() as raw:
            if not consistent:
                yield PgConnection(raw)
                return
            async with raw.transaction(isolation="repeatable_read", readonly=True):
                yield PgConnection(raw)

    @property
    def target(self) -> str:
        """What open_store() takes to open this database again: the server's URL."""
        return self.url

    async def close(self) -> None:
        """Close every connection of the pool."""
        await self.pool.close()


async def schema_version(conn: asyncpg.Connection) -> int:
    """The schema version recorded in the database (0 for an empty one)."""
    exists = await conn.fetchval("SELECT to_regclass('juwelier_schema') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT version FROM juwelier_schema") or 0)


async def migrate(conn: asyncpg.Connection, migrations: list[Migration]) -> int:
    """Apply every migration newer than the database's version, all in one transaction; the
    version is kept in a one-row table, as SQLite keeps it in the file's user_version."""
    latest = migrations[-1].number if migrations else 0
    async with conn.transaction():
        # Two processes starting on a new database: the second waits, then applies nothing.
        await conn.execute(f"SELECT pg_advisory_xact_lock({_MIGRATIONS})")
        current = await schema_version(conn)
        if current > latest:
            raise SchemaTooNew(current, latest)
        if current == 0:
            await conn.execute("CREATE TABLE juwelier_schema (version INTEGER NOT NULL); "
                               "INSERT INTO juwelier_schema VALUES (0)")
        for migration in migrations:
            if migration.number > current:
                # One script per file: PL/pgSQL bodies hold semicolons of their own.
                await conn.execute(migration.sql)
        if latest > current:
            await conn.execute("UPDATE juwelier_schema SET version = $1", latest)
    return max(current, latest)
