"""Opening the store: a SQLite file (the default) or a PostgreSQL server, by one setting."""

from __future__ import annotations

from pathlib import Path

from engine.store.config import StoreConfig
from engine.store.db import Database, Synchronous
from engine.store.postgres import PostgresDatabase, is_postgres_url

Store = Database | PostgresDatabase


def configured_target() -> str | Path:
    """$JUWELIER_DATABASE_URL when set (postgresql://…), else the SQLite file's path."""
    config = StoreConfig()
    return config.database_url or config.db


async def open_store(target: str | Path | None = None, *,
                     synchronous: Synchronous | None = None) -> Store:
    """Open the database `target` names (a postgresql:// URL or a file; None: the
    configured one) and bring its schema up to date."""
    target = configured_target() if target is None else target
    if is_postgres_url(target):
        return await PostgresDatabase.open(str(target))
    return await Database.open(target, synchronous=synchronous or StoreConfig().synchronous)
