"""The tests' own PostgreSQL (tests/postgres.py) runs and keeps the guarantee the store will
rely on across processes: of two transactions updating one row with a version check, exactly
one wins."""

from __future__ import annotations

import asyncio

import asyncpg

from tests.postgres import postgres_url

__all__ = ["postgres_url"]  # the fixture, for this module's tests


async def test_two_connections_updating_one_version_check_see_exactly_one_win(
        postgres_url: str) -> None:
    setup = await asyncpg.connect(postgres_url)
    await setup.execute("DROP TABLE IF EXISTS race; CREATE TABLE race (id int PRIMARY KEY, "
                        "version int NOT NULL); INSERT INTO race VALUES (1, 0)")
    first, second = [await asyncpg.connect(postgres_url) for _ in range(2)]
    try:
        # Two bot processes accept the same decision at version 0 at the same moment.
        results = await asyncio.gather(*(
            conn.execute("UPDATE race SET version = 1 WHERE id = 1 AND version = 0")
            for conn in (first, second)))
        assert sorted(results) == ["UPDATE 0", "UPDATE 1"]
        assert await setup.fetchval("SELECT version FROM race WHERE id = 1") == 1
    finally:
        for conn in (first, second, setup):
            await conn.close()
