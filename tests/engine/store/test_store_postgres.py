"""The PostgreSQL store: the same numbered migrations tracked as on SQLite, the same schema
guarantees, the same error for a refused write, and SQL written once for both."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from engine.store import Migration, SchemaTooNew, bundled_migrations
from engine.store.connect import open_store
from engine.store.dialect import numbered
from engine.store.errors import INTEGRITY_ERRORS
from engine.store.postgres import PostgresDatabase, is_postgres_url
from tests.postgres import fresh_database, postgres_url

__all__ = ["postgres_url"]

NEXT = len(bundled_migrations()) + 1


@pytest.fixture
async def url(postgres_url: str) -> str:
    """A fresh, empty database."""
    return await fresh_database(postgres_url)


def test_both_backends_have_the_same_numbered_migrations() -> None:
    sqlite = [(m.number, m.name) for m in bundled_migrations()]
    postgres = [(m.number, m.name) for m in bundled_migrations(dialect="postgresql")]
    assert sqlite == postgres and len(sqlite) >= 8


def test_placeholders_are_numbered_outside_string_literals_only() -> None:
    sql = "SELECT id FROM games WHERE status IN ('lobby', '?') AND guild_id = ? AND id > ?"
    assert numbered(sql) == ("SELECT id FROM games WHERE status IN ('lobby', '?') "
                             "AND guild_id = $1 AND id > $2")


def test_a_postgresql_url_is_told_from_a_file() -> None:
    assert is_postgres_url("postgresql://u@h/db") and is_postgres_url("postgres://h/db")
    assert not is_postgres_url("juwelier.sqlite3")


async def test_a_new_database_gets_every_migration_once_and_a_reopen_applies_none(
        url: str) -> None:
    first, second = await asyncio.gather(open_store(url), open_store(url))  # two processes
    try:
        assert isinstance(first, PostgresDatabase)
        async with first.read() as conn:
            [(version,)] = await conn.execute_fetchall("SELECT version FROM juwelier_schema")
            tables = {r[0] for r in await conn.execute_fetchall(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    finally:
        await first.close()
        await second.close()
    assert version == len(bundled_migrations())
    assert {"games", "seats", "actions", "snapshots", "deadlines", "messages", "results",
            "cooldowns", "shard_leases"} <= tables


async def test_a_newer_schema_is_refused(url: str) -> None:
    extra = Migration(NEXT, f"{NEXT:04d}_extra.sql", "CREATE TABLE extra (x INTEGER);")
    await (await PostgresDatabase.open(
        url, migrations=[*bundled_migrations(dialect="postgresql"), extra])).close()
    with pytest.raises(SchemaTooNew):
        await PostgresDatabase.open(url)


async def test_a_failing_migration_leaves_the_database_as_it_was(url: str) -> None:
    await (await PostgresDatabase.open(url)).close()
    broken = Migration(NEXT, "broken.sql", "CREATE TABLE half (x int); SELECT * FROM nowhere;")
    with pytest.raises(asyncpg.UndefinedTableError):
        await PostgresDatabase.open(url, migrations=[*bundled_migrations(dialect="postgresql"),
                                                     broken])
    conn = await asyncpg.connect(url)
    try:
        assert await conn.fetchval("SELECT version FROM juwelier_schema") == NEXT - 1
        assert await conn.fetchval("SELECT to_regclass('half')") is None
    finally:
        await conn.close()


async def _game(conn, channel: int, status: str = "lobby") -> int:
    [(game_id,)] = await conn.execute_fetchall(
        "INSERT INTO games (kind, guild_id, channel_id, host_id, status, seed, max_players, "
        "created_at, updated_at) VALUES ('esr', ?, ?, 3, ?, 4, 5, 0, 0) RETURNING id",
        (2**62, channel, status))  # a Discord-sized id
    return int(game_id)


async def test_one_open_game_per_channel_and_a_gap_free_append_only_log(url: str) -> None:
    db = await PostgresDatabase.open(url)
    try:
        async with db.transaction() as conn:
            game = await _game(conn, 10, "running")
            await _game(conn, 11, "finished")
            await _game(conn, 11)  # a finished game does not hold its channel
        with pytest.raises(INTEGRITY_ERRORS):
            async with db.transaction() as conn:
                await _game(conn, 10)
        insert = ("INSERT INTO actions (game_id, seq, seat, action, by, decision_key, at) "
                  "VALUES (?, ?, 0, '{}', 'clock', 'k', 0)")
        async with db.transaction(game=game) as conn:
            await conn.execute(insert, (game, 1))
        for sql, params in ((insert, (game, 3)), (insert, (game, 1)),
                            ("UPDATE actions SET seat = 1 WHERE game_id = ?", (game,)),
                            ("DELETE FROM actions WHERE game_id = ?", (game,))):
            with pytest.raises(INTEGRITY_ERRORS):
                async with db.transaction(game=game) as conn:
                    await conn.execute(sql, params)
        async with db.read() as conn:
            assert [tuple(r) for r in await conn.execute_fetchall(
                "SELECT seq, by FROM actions WHERE game_id = ?", (game,))] == [(1, "clock")]
    finally:
        await db.close()


async def test_writes_for_one_game_wait_for_each_other_and_not_for_other_games(
        url: str) -> None:
    db = await PostgresDatabase.open(url)
    try:
        async with db.transaction() as conn:
            first, second = await _game(conn, 20), await _game(conn, 21)
        order: list[str] = []
        held = asyncio.Event()

        async def hold_first() -> None:
            async with db.transaction(game=first):
                held.set()
                await asyncio.sleep(0.3)
                order.append("first done")

        async def write(game: int, name: str) -> None:
            await held.wait()
            async with db.transaction(game=game):
                order.append(name)

        await asyncio.gather(hold_first(), write(second, "other game"),
                             write(first, "same game"))
        assert order == ["other game", "first done", "same game"]
    finally:
        await db.close()
