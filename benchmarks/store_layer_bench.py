"""What a query layer costs on SQLite: the submit's own writes (one action appended, the game's
version moved on under a version check, in one durable write transaction) through today's
store (aiosqlite, hand-written SQL) against SQLAlchemy Core's async engine over the same driver
and file settings — the first piece of evidence for the choice of one query layer for
SQLite and PostgreSQL (its budget: paced click p99 on SQLite at most 10 % worse).

Both write to a copy of the same real schema (the bundled migrations) with WAL and
synchronous=FULL; the variants take turns in blocks so a noisy machine slows both alike.

Variants: "raw" today's store; "core" SQLAlchemy Core's insert/update constructs; "driver" the
same SQLAlchemy connection given our own SQL strings (what its async adapter costs alone).

Run: python -m benchmarks.store_layer_bench [--transactions N] (needs `pip install
"sqlalchemy[asyncio]>=2"`); writes benchmarks/results/store_layer.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.report import print_table, save
from engine.store.db import Database

RESULTS = Path(__file__).resolve().parent / "results" / "store_layer.json"
APPEND = ("INSERT INTO actions (game_id, seq, seat, action, by, decision_key, at) "
          "VALUES (?, ?, ?, ?, ?, ?, ?)")
ADVANCE = ("UPDATE games SET version = ?, updated_at = ? WHERE id = ? AND version = ? "
           "AND status = 'running'")
BLOCK = 50  # transactions per turn
NAMES = ("raw", "core", "driver")


async def running_game(path: Path) -> None:
    """A database with the real schema and one running game at version 0."""
    db = await Database.open(path, synchronous="FULL")
    async with db.transaction() as conn:
        await conn.execute(
            "INSERT INTO games (id, kind, guild_id, channel_id, host_id, status, seed, "
            "max_players, created_at, updated_at) VALUES (1, 'esr', 1, 1, 1, 'running', 1, 4, "
            "0, 0)")
    await db.close()


class Raw:
    """Today's store: our Database over aiosqlite, SQL by hand."""

    def __init__(self, db: Database) -> None:
        self.db, self.version = db, 0

    async def submit(self) -> None:
        """One accepted action."""
        seq = self.version + 1
        async with self.db.transaction() as conn:
            await conn.execute(APPEND, (1, seq, 0, json.dumps({"type": "pick", "n": seq}),
                                        "player", f"k{seq}", time.time()))
            cursor = await conn.execute(ADVANCE, (seq, time.time(), 1, seq - 1))
            assert cursor.rowcount == 1
        self.version = seq


class Core:
    """SQLAlchemy Core's async engine over aiosqlite: the same statements as Table constructs,
    on one connection held open (a pool checkout per transaction cost 5× more again)."""

    def __init__(self, engine: Any, tables: Any) -> None:
        self.engine, self.actions, self.games, self.version = engine, *tables, 0
        self.held: Any = None  # one connection kept open, as today's store keeps its own

    async def submit(self) -> None:
        """One accepted action."""
        from sqlalchemy import insert, update

        seq = self.version + 1
        if self.held is None:
            self.held = await self.engine.connect()
        async with self.held.begin():
            conn = self.held
            await conn.execute(insert(self.actions).values(
                game_id=1, seq=seq, seat=0, action=json.dumps({"type": "pick", "n": seq}),
                by="player", decision_key=f"k{seq}", at=time.time()))
            result = await conn.execute(
                update(self.games).where(self.games.c.id == 1, self.games.c.version == seq - 1,
                                         self.games.c.status == "running")
                .values(version=seq, updated_at=time.time()))
            assert result.rowcount == 1
        self.version = seq


class Driver(Core):
    """The same engine and held connection, the statements as our own SQL strings
    (`exec_driver_sql`): what the layer's async adapter costs without Core's constructs."""

    async def submit(self) -> None:
        """One accepted action."""
        seq = self.version + 1
        if self.held is None:
            self.held = await self.engine.connect()
        async with self.held.begin():
            await self.held.exec_driver_sql(APPEND, (1, seq, 0, json.dumps(
                {"type": "pick", "n": seq}), "player", f"k{seq}", time.time()))
            result = await self.held.exec_driver_sql(ADVANCE, (seq, time.time(), 1, seq - 1))
            assert result.rowcount == 1
        self.version = seq


async def core_engine(path: Path) -> Core:
    """SQLAlchemy's engine on `path`, with our pragmas and BEGIN IMMEDIATE (one writer)."""
    from sqlalchemy import Column, Float, Integer, MetaData, String, Table, event
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(f"sqlite+aiosqlite:///{path}")

    @event.listens_for(engine.sync_engine, "connect")
    def pragmas(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy's own BEGIN below
        cursor = dbapi_connection.cursor()
        for pragma in ("journal_mode = WAL", "synchronous = FULL", "busy_timeout = 5000"):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    meta = MetaData()
    actions = Table("actions", meta, Column("game_id", Integer), Column("seq", Integer),
                    Column("seat", Integer), Column("action", String), Column("by", String),
                    Column("decision_key", String), Column("at", Float))
    games = Table("games", meta, Column("id", Integer), Column("version", Integer),
                  Column("updated_at", Float), Column("status", String))
    return Core(engine, (actions, games))


async def run(transactions: int) -> dict[str, Any]:
    """Time every transaction of both variants, in alternating blocks."""
    folder = Path(tempfile.mkdtemp())
    for name in NAMES:
        await running_game(folder / f"{name}.sqlite3")
    raw = Raw(await Database.open(folder / "raw.sqlite3", synchronous="FULL"))
    core = await core_engine(folder / "core.sqlite3")
    driver_engine = await core_engine(folder / "driver.sqlite3")
    driver = Driver(driver_engine.engine, (driver_engine.actions, driver_engine.games))
    variants: dict[str, Raw | Core] = {"raw": raw, "core": core, "driver": driver}
    times: dict[str, list[float]] = {name: [] for name in NAMES}
    for _ in range(transactions // BLOCK):
        for name, variant in variants.items():
            for _ in range(BLOCK):
                started = time.perf_counter()
                await variant.submit()
                times[name].append(time.perf_counter() - started)
    await raw.db.close()
    for layered in (core, driver):
        await layered.held.close()
        await layered.engine.dispose()

    def figures(values: list[float]) -> dict[str, float]:
        ordered = sorted(values)
        return {"p50_ms": round(statistics.median(ordered) * 1e3, 3),
                "p99_ms": round(ordered[int(len(ordered) * 0.99)] * 1e3, 3)}

    found = {name: figures(values) for name, values in times.items()}
    for name in ("core", "driver"):
        for figure in ("p50", "p99"):
            found[f"{name}_ratio_{figure}"] = round(
                found[name][f"{figure}_ms"] / found["raw"][f"{figure}_ms"], 2)
    found["transactions"] = transactions
    return found


def main() -> None:
    """Run, print, save."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transactions", type=int, default=2000)
    args = parser.parse_args()
    found = asyncio.run(run(args.transactions))
    print_table(["layer", "p50 ms", "p99 ms"],
                [[name, found[name]["p50_ms"], found[name]["p99_ms"]] for name in NAMES])
    for name in ("core", "driver"):
        print(f"{name} / raw: p50 {found[f'{name}_ratio_p50']}×, "
              f"p99 {found[f'{name}_ratio_p99']}×")
    save(RESULTS, found)


if __name__ == "__main__":
    main()
