"""The SQLite file: pragmas, numbered migrations in one transaction, and schema guarantees."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from engine.store import Database, Migration, SchemaTooNew, bundled_migrations, default_db_path

NEXT = len(bundled_migrations()) + 1
V2 = Migration(NEXT, f"{NEXT:04d}_extra.sql", "CREATE TABLE extra (x INTEGER);\n")


def tables(path: Path) -> set[str]:
    """Names of the tables in the file."""
    conn = sqlite3.connect(path)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()


def user_version(path: Path) -> int:
    """PRAGMA user_version of the file."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


async def test_empty_file_gets_the_whole_schema_and_durable_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    db = await Database.open(path)
    try:
        async with db.read() as conn:
            pragmas = {}
            for name in ("journal_mode", "foreign_keys", "synchronous", "busy_timeout"):
                cursor = await conn.execute(f"PRAGMA {name}")
                pragmas[name] = (await cursor.fetchone())[0]
    finally:
        await db.close()
    assert pragmas == {"journal_mode": "wal", "foreign_keys": 1, "synchronous": 2,
                       "busy_timeout": 5000}
    assert user_version(path) == len(bundled_migrations())
    assert {"games", "seats", "actions", "snapshots", "deadlines", "messages",
            "results"} <= tables(path)


async def test_reopening_applies_nothing_twice_and_keeps_data(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    db = await Database.open(path)
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO games (kind, guild_id, channel_id, host_id, seed, "
                           "max_players, created_at, updated_at) "
                           "VALUES ('esr', 1, 2, 3, 4, 5, 0, 0)")
    await db.close()
    for _ in range(2):
        db = await Database.open(path)
        await db.close()
    assert user_version(path) == len(bundled_migrations())
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
    conn.close()


async def test_upgrade_applies_only_the_new_migration(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    await (await Database.open(path)).close()
    # 0001 would fail with "table games already exists" if it ran again.
    await (await Database.open(path, migrations=[*bundled_migrations(), V2])).close()
    assert user_version(path) == NEXT
    assert "extra" in tables(path)


async def test_a_failing_migration_rolls_back_all_pending_ones(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    broken = Migration(NEXT, "broken.sql", "CREATE TABLE half (x);\nSELECT * FROM nowhere;\n")
    with pytest.raises(sqlite3.OperationalError):
        await Database.open(path, migrations=[*bundled_migrations(), broken])
    assert user_version(path) == 0
    assert tables(path) == set()


async def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    await (await Database.open(path, migrations=[*bundled_migrations(), V2])).close()
    with pytest.raises(SchemaTooNew) as caught:
        await Database.open(path)
    assert "Upgrade Juwelier" in caught.value.message


def test_migration_files_are_split_into_statements_triggers_included() -> None:
    first = bundled_migrations()[0]
    statements = first.statements()
    trigger = next(s for s in statements if "CREATE TRIGGER actions_gap_free" in s)
    assert trigger.rstrip().endswith("END;")
    assert all(sqlite3.complete_statement(s) for s in statements)


def test_default_path_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    monkeypatch.delenv("JUWELIER_DB", raising=False)
    monkeypatch.delenv("JUWELIER_DB_PATH", raising=False)
    assert default_db_path() == Path("juwelier.sqlite3")
    monkeypatch.setenv("JUWELIER_DB_PATH", str(tmp_path / "docker.db"))  # the bot's name for it
    assert default_db_path() == tmp_path / "docker.db"
    monkeypatch.setenv("JUWELIER_DB", str(tmp_path / "elsewhere.db"))
    assert default_db_path() == tmp_path / "elsewhere.db"


async def _game_row(conn, channel: int, status: str = "lobby") -> int:
    cursor = await conn.execute(
        "INSERT INTO games (kind, guild_id, channel_id, host_id, status, seed, max_players, "
        "created_at, updated_at) VALUES ('esr', 1, ?, 1, ?, 1, 5, 0, 0)", (channel, status))
    return cursor.lastrowid


async def test_the_schema_allows_one_open_game_per_channel(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "db.sqlite3")
    try:
        async with db.transaction() as conn:
            await _game_row(conn, 5, "finished")
            await _game_row(conn, 5, "abandoned")
            await _game_row(conn, 5, "lobby")
        with pytest.raises(sqlite3.IntegrityError):
            async with db.transaction() as conn:
                await _game_row(conn, 5, "running")
    finally:
        await db.close()


async def test_the_action_log_refuses_gaps_rewrites_and_deletes(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "db.sqlite3")
    insert = ("INSERT INTO actions (game_id, seq, seat, action, by, decision_key, at) "
              "VALUES (?, ?, 0, '{}', 'player', 'k', 0)")
    try:
        async with db.transaction() as conn:
            game = await _game_row(conn, 1)
            await conn.execute(insert, (game, 1))
        for statement, params in [
            (insert, (game, 3)),  # gap
            (insert, (game, 1)),  # duplicate
            ("UPDATE actions SET action = '{\"x\": 1}'", ()),
            ("DELETE FROM actions", ()),
            (insert, (game + 99, 1)),  # no such game: foreign keys are on
        ]:
            with pytest.raises(sqlite3.IntegrityError):
                async with db.transaction() as conn:
                    await conn.execute(statement, params)
        async with db.read() as conn:
            cursor = await conn.execute("SELECT seq FROM actions")
            assert await cursor.fetchall() == [(1,)]
    finally:
        await db.close()


async def test_version_6_keeps_the_log_and_lets_the_clock_move(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    before_clock = [m for m in bundled_migrations() if m.number < 6]
    db = await Database.open(path, migrations=before_clock)
    insert = ("INSERT INTO actions (game_id, seq, seat, action, by, decision_key, at) "
              "VALUES (?, ?, ?, '{}', ?, 'r1', 0)")
    try:
        async with db.transaction() as conn:
            game = await _game_row(conn, 1)
            await conn.execute(insert, (game, 1, 0, "player"))
        with pytest.raises(sqlite3.IntegrityError):  # version 5 knows no clock
            async with db.transaction() as conn:
                await conn.execute(insert, (game, 2, -1, "clock"))
    finally:
        await db.close()
    db = await Database.open(path)
    try:
        assert user_version(path) == len(bundled_migrations())
        async with db.transaction() as conn:
            await conn.execute(insert, (game, 2, -1, "clock"))
        for statement, params in [(insert, (game, 4, 0, "player")),  # still gap-free
                                  (insert, (game, 3, 0, "someone")),  # still checked
                                  ("UPDATE actions SET by = 'ai'", ()),
                                  ("DELETE FROM actions", ())]:
            with pytest.raises(sqlite3.IntegrityError):
                async with db.transaction() as conn:
                    await conn.execute(statement, params)
        async with db.read() as conn:
            cursor = await conn.execute("SELECT seq, seat, by FROM actions ORDER BY seq")
            assert await cursor.fetchall() == [(1, 0, "player"), (2, -1, "clock")]
    finally:
        await db.close()
