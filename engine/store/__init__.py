"""Storage for lobbies, games, the action log and results: a SQLite file (aiosqlite) or a
PostgreSQL server (asyncpg), opened by engine.store.connect.open_store."""

from engine.store.config import StoreConfig, default_db_path
from engine.store.db import Database, Migration, bundled_migrations, migrate, schema_version
from engine.store.errors import SchemaTooNew, StoreError
from engine.store.models import (
    DeadlineRow,
    GameInfo,
    GameStatus,
    HistoryEntry,
    LeaderboardRow,
    LoggedRow,
    MessageRef,
    Seat,
    UserId,
)

__all__ = [
    "Database",
    "DeadlineRow",
    "GameInfo",
    "GameStatus",
    "HistoryEntry",
    "LeaderboardRow",
    "LoggedRow",
    "MessageRef",
    "Migration",
    "SchemaTooNew",
    "Seat",
    "StoreConfig",
    "StoreError",
    "UserId",
    "bundled_migrations",
    "default_db_path",
    "migrate",
    "schema_version",
]
