"""Reads of running games served from memory: never behind the file, and no database trip."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from engine.service import ConcurrentWrite, GameInfo, GameService, MessageRef
from engine.service.reminders import half_time
from engine.service.simulate import play_to_end, random_move
from engine.store import reminders
from tests.postgres import query_database

Snapshot = tuple[GameInfo, dict[str, MessageRef], float | None]


@pytest.fixture
def from_file(database: Path | str, clock) -> Callable[[int], Awaitable[Snapshot]]:
    """What a fresh process reads from the file: the game's row, its messages, decision_due."""

    async def read(game_id: int) -> Snapshot:
        async with await GameService.open(database, clock=clock) as fresh:
            return (await fresh.get_game(game_id), await fresh.get_messages(game_id),
                    await fresh.decision_due(game_id))

    return read


@pytest.fixture
async def db_reads(service: GameService) -> AsyncIterator[list[str]]:
    """The names of the service's database reads (each appended when it starts)."""
    seen: list[str] = []
    read = service.db.read

    def counted(**kwargs: Any) -> Any:
        seen.append("read")
        return read(**kwargs)

    service.db.read = counted  # type: ignore[method-assign]
    yield seen
    del service.db.read


async def snapshot(service: GameService, game_id: int) -> Snapshot:
    """The same three reads through the service under test."""
    return (await service.get_game(game_id), await service.get_messages(game_id),
            await service.decision_due(game_id))


async def test_a_started_games_reads_come_from_memory_and_match_the_file(
        service: GameService, new_game, from_file, db_reads) -> None:
    game = await new_game(humans=2, ais=1)
    await service.set_message(game.id, "table", 5, 6)
    db_reads.clear()

    mine = await snapshot(service, game.id)

    assert db_reads == []
    assert mine == await from_file(game.id)
    assert mine[0].status == "running" and mine[0].started_at is not None


async def test_every_change_through_the_service_is_read_back_at_once(
        service: GameService, new_game, from_file, db_reads, clock) -> None:
    game = await new_game(humans=3, ais=1)
    rng = random.Random(4)
    changes: list[Callable[[], Awaitable[Any]]] = [
        lambda: random_move(service, game.id, rng),             # version, updated_at, deadlines
        lambda: service.set_autopilot(game.id, 2, True),        # a seat's autopilot (+ its moves)
        lambda: service.set_message(game.id, "table", 1, 2),    # a new message
        lambda: service.set_message(game.id, "table", 1, 3),    # ... replaced
        lambda: random_move(service, game.id, rng),
        lambda: service.set_autopilot(game.id, 2, False),       # back: a fresh deadline
        lambda: service.set_message(game.id, "room", 7, 0),
        lambda: service.forget_message(game.id, "room"),        # forgotten
        lambda: service.set_autopilot(game.id, 1, True),
        lambda: service.set_autopilot(game.id, 3, True),        # all humans away: no due time
        lambda: service.set_autopilot(game.id, 1, False),
    ]
    for step, change in enumerate(changes):
        clock.advance(7)
        await change()
        db_reads.clear()
        assert await snapshot(service, game.id) == await from_file(game.id), step
        assert db_reads == [], step
    info, messages, due = await snapshot(service, game.id)
    assert info.seat_of(3).autopilot and not info.seat_of(1).autopilot
    # "told": the start's own mark (nothing told yet)
    assert sorted(messages) == ["table", "told"] and messages["table"].message_id == 3
    assert due is not None


async def test_the_end_of_a_game_is_read_back_at_once(service: GameService, new_game,
                                                      from_file) -> None:
    finished = await new_game(humans=2, ais=1, seed=11)
    await play_to_end(service, finished.id, random.Random(2))
    abandoned = await new_game()
    await service.set_message(abandoned.id, "table", 1, 2)
    await service.abandon(abandoned.id, 1)

    for game_id, status in ((finished.id, "finished"), (abandoned.id, "abandoned")):
        mine = await snapshot(service, game_id)
        assert mine == await from_file(game_id)
        assert mine[0].status == status and mine[0].finished_at is not None


async def test_what_a_read_returns_is_a_copy(service: GameService, new_game) -> None:
    game = await new_game()
    await service.set_message(game.id, "table", 1, 2)
    info, messages = await service.get_game(game.id), await service.get_messages(game.id)

    info.seats[0].autopilot = True
    info.version = 99
    messages["table"].message_id = 99
    messages.clear()

    again = await service.get_game(game.id)
    assert again.version == 0 and not again.seats[0].autopilot
    assert (await service.get_messages(game.id))["table"].message_id == 2


def committed_version(database: Path | str, game_id: int) -> int:
    """The version in the database, read by another connection (committed data only)."""
    if isinstance(database, str):
        [[(version,)]] = query_database(database, ("SELECT version FROM games WHERE id = $1",
                                                   (game_id,)))
        return version
    conn = sqlite3.connect(database)
    try:
        return conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0]
    finally:
        conn.close()


async def test_a_read_during_a_submit_is_never_ahead_of_the_file_nor_behind_it_after(
        service: GameService, new_game, database: Path | str) -> None:
    game = await new_game(humans=1, ais=2)  # every human move sets off AI moves, each committed
    for _ in range(5):
        view = await service.get_view(game.id, 1)
        task = asyncio.create_task(service.submit(game.id, 1, view.decision.options[0].action,
                                                  view.decision.key))
        seen = []
        while not task.done():
            seen.append((await service.get_game(game.id)).version)
            assert seen[-1] <= committed_version(database, game.id)
            await asyncio.sleep(0)
        result = await task
        assert seen == sorted(seen) and len(result.accepted) > 1
        assert (await service.get_game(game.id)).version == result.version


async def test_after_a_cancelled_write_reads_match_the_file(service: GameService, new_game,
                                                            from_file) -> None:
    game = await new_game(humans=2, ais=1)

    async def submit() -> None:
        view = await service.get_view(game.id, 1)
        if view.decision is not None:
            await service.submit(game.id, 1, view.decision.options[0].action, view.decision.key)

    async def toggle() -> None:
        info = await service.get_game(game.id)
        await service.set_autopilot(game.id, 2, not info.seat_of(2).autopilot)

    writes = [submit, toggle, lambda: service.set_message(game.id, "table", 1, step),
              lambda: service.forget_message(game.id, "table")]
    for step in range(60):
        task = asyncio.create_task(writes[step % len(writes)]())
        await asyncio.sleep(0.00002 * 1.15**step)  # cancelled somewhere from start to finish
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert await snapshot(service, game.id) == await from_file(game.id), step


async def _submit(service: GameService, game_id: int) -> None:
    view = await service.get_view(game_id, 1)
    await service.submit(game_id, 1, view.decision.options[0].action, view.decision.key)


WRITES: dict[str, Callable[[GameService, int], Awaitable[Any]]] = {
    "submit": _submit,
    "autopilot": lambda service, game_id: service.set_autopilot(game_id, 2, True),
    "set_message": lambda service, game_id: service.set_message(game_id, "table", 1, 3),
    "forget_message": lambda service, game_id: service.forget_message(game_id, "table"),
    "abandon": lambda service, game_id: service.abandon(game_id, 1),
}


@pytest.mark.parametrize("write", list(WRITES))
async def test_a_write_that_failed_after_its_commit_reached_the_file_is_read_from_the_file(
        service: GameService, new_game, from_file, monkeypatch, write: str) -> None:
    game = await new_game(humans=2, ais=1)
    await service.set_message(game.id, "table", 1, 2)
    if service.db.dialect != "sqlite":
        pytest.skip("fails the SQLite connection's COMMIT; PostgreSQL's is asyncpg's own")
    execute = service.db.conn.execute

    async def commit_then_fail(sql: str, *args: Any) -> Any:
        done = await execute(sql, *args)
        if sql == "COMMIT":
            raise sqlite3.OperationalError("lost after the commit")  # as if cancelled there
        return done

    monkeypatch.setattr(service.db.conn, "execute", commit_then_fail)
    with pytest.raises(sqlite3.OperationalError):
        await WRITES[write](service, game.id)
    monkeypatch.undo()
    assert await snapshot(service, game.id) == await from_file(game.id)


async def test_a_write_from_another_process_is_read_once_it_is_noticed(
        database: Path | str, clock, service: GameService, new_game) -> None:
    game = await new_game()
    async with await GameService.open(database, clock=clock) as other:
        await other.resume()
        await random_move(service, game.id, random.Random(1))
        with pytest.raises(ConcurrentWrite):  # its copy was behind: noticed at its next write
            await random_move(other, game.id, random.Random(1))
        assert await other.get_game(game.id) == await service.get_game(game.id)


async def test_a_resumed_service_reads_from_memory_what_the_file_holds(
        database: Path | str, clock, service: GameService, new_game, from_file) -> None:
    game = await new_game(humans=2, ais=1)
    await service.set_message(game.id, "table", 3, 4)
    await random_move(service, game.id, random.Random(5))
    async with await GameService.open(database, clock=clock) as fresh:
        await fresh.resume()
        assert await snapshot(fresh, game.id) == await from_file(game.id)
        assert fresh._committed(game.id) is not None  # served from memory


async def test_decision_due_leaves_out_seats_on_autopilot_even_while_they_owe(
        database: Path | str, clock, from_file) -> None:
    async with await GameService.open(database, clock=clock, auto_ai=False) as service:
        lobby = await service.create_lobby(1, 2, 1, "P1", seed=3)
        for user in (2, 3):
            await service.join(lobby.id, user, f"P{user}")
        await service.start(lobby.id, 1)
        clock.advance(30)
        await service.set_autopilot(lobby.id, 1, True)  # without AI moves: P1 owes, due now
        assert len(await service.deadlines(lobby.id)) == 3
        mine = await snapshot(service, lobby.id)
        assert mine == await from_file(lobby.id)
        assert mine[2] == clock.now - 30 + 120  # the others' choice, not P1's overdue one


async def test_lobbies_are_read_from_the_file(service: GameService, new_game, db_reads) -> None:
    lobby = await new_game(start=False)
    await service.join(lobby.id, 9, "P9")
    db_reads.clear()
    assert (await service.get_game(lobby.id)).seat_of(9) is not None
    assert db_reads == ["read"]


async def test_next_reminder_is_the_earliest_half_time_over_every_setting(
        service: GameService, new_game, clock) -> None:
    await new_game(deadlines={"choose_action": 300})
    await new_game(deadlines={"choose_action": 40})
    clock.advance(5)
    await new_game()
    async with service.db.read() as conn:
        items = await reminders.human_deadlines(conn)
    times = [half_time(i) for i in items if not i.reminded and i.row.due_at > clock.now]
    assert await service.next_reminder() == min(t for t in times if t is not None)
    assert await service.next_reminder() == clock.now - 5 + 20  # 40 s: pinged after 20


def test_a_games_copy_shares_nothing_a_caller_may_change() -> None:
    from engine.store.models import GameInfo, Seat

    info = GameInfo(id=1, kind="esr", guild_id=1, channel_id=2, host_id=3, status="running",
                    max_players=5, created_at=0, updated_at=0, seats=[Seat(slot=0, name="a")],
                    settings={"x": [1]}, deadlines={"choose_action": 120.0})
    copy = info.clone()
    assert copy == info
    copy.seats[0].name = "b"
    copy.settings["x"].append(2)
    copy.deadlines["choose_action"] = 5.0
    copy.seats.append(Seat(slot=1, name="c"))
    assert info.seats == [Seat(slot=0, name="a")]
    assert info.settings == {"x": [1]} and info.deadlines == {"choose_action": 120.0}
