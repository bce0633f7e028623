"""Write transactions: durable ones sync at COMMIT, relaxed ones do not and leave no trace."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.store.db import Database

FULL, NORMAL = 2, 1  # PRAGMA synchronous values


async def _synchronous(db: Database) -> int:
    cursor = await db.conn.execute("PRAGMA synchronous")
    row = await cursor.fetchone()
    assert row is not None
    return int(row[0])


async def test_a_relaxed_transaction_commits_without_sync_and_restores_full(
        tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "j.sqlite3")
    try:
        async with db.transaction(durable=False) as conn:
            assert await _synchronous(db) == NORMAL
            await conn.execute("INSERT INTO messages (game_id, name, channel_id, message_id) "
                               "SELECT 0, 'x', 1, 2 WHERE 0")  # a valid write that adds nothing
        assert await _synchronous(db) == FULL
        async with db.transaction() as conn:
            assert await _synchronous(db) == FULL
    finally:
        await db.close()


async def test_a_failed_relaxed_transaction_rolls_back_and_restores_full(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "j.sqlite3")
    try:
        with pytest.raises(RuntimeError):
            async with db.transaction(durable=False) as conn:
                await conn.execute("CREATE TABLE scratch (x)")
                raise RuntimeError("boom")
        assert await _synchronous(db) == FULL
        async with db.read() as conn:
            cursor = await conn.execute("SELECT name FROM sqlite_master WHERE name = 'scratch'")
            assert await cursor.fetchall() == []
    finally:
        await db.close()


async def test_a_file_opened_with_normal_stays_normal(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "j.sqlite3", synchronous="NORMAL")
    try:
        async with db.transaction(durable=False):
            pass
        async with db.transaction():
            assert await _synchronous(db) == NORMAL
    finally:
        await db.close()


async def test_the_environment_chooses_how_hard_commits_sync(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUWELIER_SYNCHRONOUS", "NORMAL")
    db = await Database.open(tmp_path / "j.sqlite3")
    try:
        assert db.synchronous == "NORMAL" and await _synchronous(db) == NORMAL
    finally:
        await db.close()
    monkeypatch.delenv("JUWELIER_SYNCHRONOUS")
    db = await Database.open(tmp_path / "j.sqlite3")
    try:
        assert db.synchronous == "FULL" and await _synchronous(db) == FULL
    finally:
        await db.close()
