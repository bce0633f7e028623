"""Fixtures for service tests: a service on a real SQLite file and on a real PostgreSQL
server (each test runs on both), a fake clock, table dumps."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from engine.service import GameInfo, GameService
from tests.postgres import dump_database, fresh_database, postgres_url

__all__ = ["postgres_url"]  # the server fixture, for every service test

TABLES = ("games", "seats", "actions", "snapshots", "deadlines", "messages", "results")


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.now += seconds


def dump_file(path: Path) -> dict[str, list[tuple]]:
    """Every row of every table, read with a separate connection (committed data only)."""
    conn = sqlite3.connect(path)
    try:
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in TABLES}
    finally:
        conn.close()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh database file."""
    return tmp_path / "juwelier.sqlite3"


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, db_path: Path) -> Path | str:
    """The database a test's service opens: the SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return db_path
    return await fresh_database(request.getfixturevalue("postgres_url"))


@pytest.fixture
def clock() -> FakeClock:
    """A hand-driven clock."""
    return FakeClock()


@pytest.fixture
async def service(database: Path | str, clock: FakeClock) -> AsyncIterator[GameService]:
    """A service on a real database, closed after the test."""
    svc = await GameService.open(database, clock=clock, snapshot_every=8)
    yield svc
    await svc.close()


@pytest.fixture
def dump(database: Path | str) -> Callable[[], dict[str, list[tuple]]]:
    """Read back the whole database (to prove that a refused request wrote nothing)."""
    if isinstance(database, str):
        return lambda: dump_database(database, TABLES)
    return lambda: dump_file(database)


NewGame = Callable[..., Awaitable[GameInfo]]


@pytest.fixture
def new_game(service: GameService) -> NewGame:
    """Create, fill and start a game: humans are user ids 1..n named P1..Pn."""
    channels = iter(range(100, 10_000))

    async def make(humans: int = 3, ais: int = 0, *, guild: int = 1, seed: int = 7,
                   deadlines: dict | None = None, start: bool = True) -> GameInfo:
        info = await service.create_lobby(guild, next(channels), 1, "P1", seed=seed,
                                          deadlines=deadlines)
        for user in range(2, humans + 1):
            await service.join(info.id, user, f"P{user}")
        for _ in range(ais):
            await service.add_ai(info.id, 1)
        if start:
            await service.start(info.id, 1)
        return await service.get_game(info.id)

    return make
