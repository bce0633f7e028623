"""Errors of the storage layer."""

from __future__ import annotations

import sqlite3

import asyncpg

from engine.core.errors import EngineError

# A constraint refused a write (a taken channel, a duplicate seat, a gap in the log), as each
# backend says it.
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError,
                                                  asyncpg.IntegrityConstraintViolationError)


class StoreError(EngineError):
    """The database cannot be used as it is."""


class SchemaTooNew(StoreError):
    """The file was written by a newer Juwelier; opening it with this one could damage it."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(
            f"The database has schema version {found}, but this Juwelier knows only up to "
            f"{known}. Upgrade Juwelier instead of opening the file with an older one."
        )
        self.found, self.known = found, known
