"""Where the database lives and how hard it syncs, from the environment (JUWELIER_DB,
JUWELIER_DATABASE_URL, ...)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class StoreConfig(BaseSettings):
    """Storage settings; each field can be set as JUWELIER_<NAME> in the environment."""

    model_config = SettingsConfigDict(env_prefix="JUWELIER_", extra="ignore")

    # JUWELIER_DB_PATH too: that is the name the bot's settings and the Dockerfile use.
    db: Path = Field(default=Path("juwelier.sqlite3"),
                     validation_alias=AliasChoices("JUWELIER_DB", "JUWELIER_DB_PATH"))
    # A PostgreSQL server instead of the file: postgresql://user:password@host/database.
    database_url: str | None = None
    synchronous: Literal["FULL", "NORMAL"] = "FULL"
    snapshot_every: int = Field(default=32, ge=1)
    # How long a write waits for another process's write lock before giving up (ms).
    busy_timeout: int = Field(default=5000, ge=0)


def default_db_path() -> Path:
    """The database file: $JUWELIER_DB (or $JUWELIER_DB_PATH), else ./juwelier.sqlite3."""
    return StoreConfig().db
