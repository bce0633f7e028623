"""Opening the SQLite file: durability pragmas, one connection, and the migrations runner.

engine/store/postgres.py is the same for a PostgreSQL server; connect.py picks one."""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Literal

import aiosqlite

from engine.store.config import StoreConfig
from engine.store.errors import SchemaTooNew
from engine.store.leases import Fence

Synchronous = Literal["FULL", "NORMAL"]
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class Migration:
    """One numbered .sql file."""

    def __init__(self, number: int, name: str, sql: str) -> None:
        self.number, self.name, self.sql = number, name, sql

    def statements(self) -> list[str]:
        """Split the script into complete statements (triggers included)."""
        out: list[str] = []
        buffer = ""
        for line in self.sql.splitlines(keepends=True):
            buffer += line
            if sqlite3.complete_statement(buffer):
                if buffer.strip():
                    out.append(buffer.strip())
                buffer = ""
        if buffer.strip() and not _only_comments(buffer):
            raise ValueError(f"migration {self.name} ends with an incomplete statement")
        return out


def _only_comments(text: str) -> bool:
    return all(not line.strip() or line.strip().startswith("--") for line in text.splitlines())


def bundled_migrations(folder: Path | None = None, *, dialect: str = "sqlite"
                       ) -> list[Migration]:
    """The migrations shipped in engine/store/migrations (PostgreSQL's in its `postgresql`
    folder), or those in `folder`, in number order."""
    package = "engine.store.migrations" + (".postgresql" if dialect == "postgresql" else "")
    entries = folder.iterdir() if folder is not None else resources.files(package).iterdir()
    found: list[Migration] = []
    for entry in entries:
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda m: m.number)
    numbers = [m.number for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise ValueError(f"migrations must be numbered 1..n without gaps, found {numbers}")
    return found


class Database:
    """One aiosqlite connection; an asyncio lock keeps transactions from interleaving on it."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: Path,
                 synchronous: Synchronous = "FULL") -> None:
        self.conn = conn
        self.path = path
        self.synchronous = synchronous
        # Set when several processes share the database (engine/service/shards.py).
        self.fence: Fence | None = None
        # aiosqlite runs every call on one thread, but a transaction spans several awaits:
        # without this lock a second coroutine's statements would land inside the first's.
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path | None = None, *, synchronous: Synchronous | None = None,
                   migrations: list[Migration] | None = None) -> Database:
        """Open (creating if needed) the file, set the pragmas and bring the schema up to date."""
        config = StoreConfig()
        target = Path(path) if path is not None else config.db
        target.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so nothing commits implicitly.
        conn = await aiosqlite.connect(target, isolation_level=None)
        mode = synchronous or config.synchronous
        try:
            await _configure(conn, mode, config.busy_timeout)
            await migrate(conn, bundled_migrations() if migrations is None else migrations)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, target, mode)

    @asynccontextmanager
    async def transaction(self, *, durable: bool = True, game: int | None = None,
                          guild: int | None = None, serial: bool = False
                          ) -> AsyncIterator[aiosqlite.Connection]:
        """Run the block in one write transaction: committed on success, rolled back on error.

        durable=False skips the disk sync at COMMIT, for what can be rebuilt if a power cut
        loses it (which message shows the table): it reaches the disk with the next durable
        commit, or a checkpoint, and until then a crash of the process alone loses nothing.
        `game` (or `guild`, for a game not yet made) names whose game the block writes: with a
        fence, the write happens only while this process holds that game's shard. SQLite
        runs one write at a time anyway; on PostgreSQL a write for a game runs beside writes
        for other games unless `serial` (it also checks something across games)."""
        async with self._lock:
            relaxed = not durable and self.synchronous != "NORMAL"
            if relaxed:
                # Per connection and outside a transaction; set back before the lock is freed.
                await self.conn.execute("PRAGMA synchronous = NORMAL")
            try:
                async with self._transaction():
                    if self.fence is not None:
                        await self.fence.check(self.conn, game=game, guild=guild)
                    yield self.conn
            finally:
                if relaxed:
                    await self.conn.execute(f"PRAGMA synchronous = {self.synchronous}")

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        try:
            # BEGIN inside the try: if we are cancelled while it runs, it still runs on
            # aiosqlite's thread, and the rollback below must close it.
            await self.conn.execute("BEGIN IMMEDIATE")
            yield self.conn
        except BaseException:
            await _rollback(self.conn)
            raise
        try:
            await self.conn.execute("COMMIT")
        except BaseException:
            # A failed COMMIT may leave the transaction open; never let it leak into the next.
            await _rollback(self.conn)
            raise

    @asynccontextmanager
    async def read(self, *, consistent: bool = False) -> AsyncIterator[aiosqlite.Connection]:
        """Use the connection for reads; `consistent` makes several queries see one snapshot."""
        async with self._lock:
            if not consistent:
                yield self.conn
                return
            try:
                # A read transaction: another process committing between our queries is unseen.
                await self.conn.execute("BEGIN")
                yield self.conn
            finally:
                await _rollback(self.conn)

    @property
    def target(self) -> Path:
        """What open_store() takes to open this database again: the file's path."""
        return self.path

    async def close(self) -> None:
        """Close the connection (a WAL checkpoint happens on the last close)."""
        async with self._lock:
            await self.conn.close()


async def _rollback(conn: aiosqlite.Connection) -> None:
    # Suppressed: no transaction may be open any more (it had committed or never began).
    with contextlib.suppress(sqlite3.Error):
        await conn.execute("ROLLBACK")


async def _configure(conn: aiosqlite.Connection, synchronous: Synchronous,
                     busy_timeout: int = 5000) -> None:
    await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout):d}")
    cursor = await conn.execute("PRAGMA journal_mode = WAL")
    mode = (await cursor.fetchone() or ("?",))[0]
    if str(mode).lower() != "wal":
        raise sqlite3.OperationalError(f"could not switch the database to WAL mode (got {mode})")
    # FULL syncs the WAL on every commit: an acknowledged action survives power loss, not just
    # a process crash (NORMAL in WAL mode may lose the last commits on power loss).
    await conn.execute(f"PRAGMA synchronous = {synchronous}")
    await conn.execute("PRAGMA foreign_keys = ON")


async def schema_version(conn: aiosqlite.Connection) -> int:
    """The schema version recorded in the file (PRAGMA user_version)."""
    cursor = await conn.execute("PRAGMA user_version")
    row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(conn: aiosqlite.Connection, migrations: list[Migration]) -> int:
    """Apply every migration newer than the file's version, all in one transaction."""
    latest = migrations[-1].number if migrations else 0
    # IMMEDIATE takes the write lock first, so two processes opening a new file cannot both
    # decide to apply the same migration.
    try:
        await conn.execute("BEGIN IMMEDIATE")
        current = await schema_version(conn)
        if current > latest:
            raise SchemaTooNew(current, latest)
        for migration in migrations:
            if migration.number > current:
                for statement in migration.statements():
                    await conn.execute(statement)
        if latest > current:
            # user_version lives in the file header and is part of this transaction.
            await conn.execute(f"PRAGMA user_version = {latest:d}")
        await conn.execute("COMMIT")
    except BaseException:
        await _rollback(conn)
        raise
    return max(current, latest)
