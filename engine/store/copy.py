"""Copying every row of a SQLite file into an empty PostgreSQL database, in one transaction
(`python -m engine.store migrate-to`); the check that each game replays is in __main__."""

from __future__ import annotations

from engine.store.connect import Store
from engine.store.db import Database
from engine.store.errors import StoreError
from engine.store.postgres import PostgresDatabase
from engine.store.query import fetch_all, fetch_one

# Parents before children, so every foreign key finds its row.
TABLES = ("games", "seats", "actions", "snapshots", "deadlines", "messages", "results",
          "preferences", "meta", "reminders", "damaged_games", "languages", "cooldowns",
          "ratings", "rated_games", "rating_changes", "reviews", "tournaments",
          "tournament_players", "tournament_tables", "tournament_seats", "tournament_messages",
          "guild_settings")


async def copy_rows(source: Database, target: PostgresDatabase) -> dict[str, int]:
    """Copy every table's rows; how many per table. Refuses a target that holds games."""
    counts: dict[str, int] = {}
    async with source.read(consistent=True) as read, target.transaction() as write:
        held = await fetch_one(write, "SELECT COUNT(*) FROM games")
        if held and int(held[0]):
            raise StoreError("The PostgreSQL database already holds games: copy into an empty "
                             "one, so no game is mixed with another's.")
        for table in TABLES:
            cursor = await read.execute(f"SELECT * FROM {table}")
            columns = [d[0] for d in cursor.description]
            rows = await cursor.fetchall()
            marks = ", ".join("?" for _ in columns)
            try:
                await write.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                    [_typed(columns, row) for row in rows])
            except (TypeError, ValueError) as exc:
                raise StoreError(f"A row of {table} does not fit PostgreSQL's columns ({exc}); "
                                 "member ids there are Discord's numbers.") from exc
            counts[table] = len(rows)
        # Ids were copied as they were: new games go on after the highest.
        for table in ("games", "tournaments"):
            await write.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")
    return counts


def _typed(columns: list[str], row: tuple) -> tuple:
    """SQLite's untyped member ids as the integers PostgreSQL's BIGINT columns take."""
    ids = {"host_id", "user_id", "organiser_id"}
    return tuple(int(value) if name in ids and isinstance(value, str) else value
                 for name, value in zip(columns, row, strict=True))


async def game_ids(db: Store) -> list[int]:
    """Every started game's id (lobbies have nothing to replay)."""
    async with db.read() as conn:
        rows = await fetch_all(conn, "SELECT id FROM games WHERE status <> 'lobby' ORDER BY id")
    return [int(r[0]) for r in rows]
