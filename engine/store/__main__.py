"""`python -m engine.store migrate-to postgresql://… [--from juwelier.sqlite3]`: copy every
game from a SQLite file into an empty PostgreSQL database, then replay each copied game from
its log and check it against the original's. Nothing is changed in the file."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from engine.core.registry import get_kind
from engine.store import log
from engine.store.config import StoreConfig
from engine.store.connect import Store
from engine.store.copy import copy_rows, game_ids
from engine.store.db import Database
from engine.store.errors import StoreError
from engine.store.postgres import PostgresDatabase, is_postgres_url
from engine.store.replay import read_game, rebuild


async def replayed(db: Store, game_id: int) -> str:
    """The game's state replayed from its whole log, from the set-up on (no snapshot)."""
    async with db.read(consistent=True) as conn:
        rows = await read_game(conn, game_id)
        assert rows is not None
        info, seed = rows[0], rows[1]
        actions = await log.fetch_actions(conn, game_id)
    return get_kind(info.kind).dump(rebuild(info, seed, None, actions))


async def from_snapshot(db: Store, game_id: int) -> str:
    """The game's state as a restarted bot loads it: the newest snapshot and the tail."""
    async with db.read(consistent=True) as conn:
        rows = await read_game(conn, game_id)
    assert rows is not None
    return get_kind(rows[0].kind).dump(rebuild(rows[0], rows[1], rows[2], rows[3]))


async def migrate_to(url: str, path: Path, out: Callable[[str], None] = print) -> int:
    """Copy and check; 0 when every game replays the same on both sides."""
    source = await Database.open(path)
    target = await PostgresDatabase.open(url)
    try:
        counts = await copy_rows(source, target)
        out("copied " + ", ".join(f"{n} {table}" for table, n in counts.items() if n))
        games = await game_ids(target)
        bad = [g for g in games
               if not (await replayed(target, g) == await replayed(source, g)
                       == await from_snapshot(target, g))]
    finally:
        await source.close()
        await target.close()
    if bad:
        out(f"{len(bad)} of {len(games)} game(s) do not replay the same: {bad[:20]}")
        return 1
    out(f"all {len(games)} started game(s) replay the same from PostgreSQL")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m engine.store", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    move = commands.add_parser("migrate-to", help="copy a SQLite file into PostgreSQL")
    move.add_argument("url", help="postgresql://user:password@host/database (empty)")
    move.add_argument("--from", dest="path", type=Path, default=None,
                      help="the SQLite file (default: $JUWELIER_DB_PATH or ./juwelier.sqlite3)")
    args = parser.parse_args(argv)
    if not is_postgres_url(args.url):
        parser.error(f"{args.url!r} is not a postgresql:// URL")
    path = args.path or StoreConfig().db
    if not path.exists():
        parser.error(f"there is no SQLite file at {path}")
    try:
        return asyncio.run(migrate_to(args.url, path))
    except StoreError as exc:
        print(exc, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
