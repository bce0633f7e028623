"""One damaged game does not keep the others down: resume isolates it, nothing acts for it,
and abandoning it frees its channel."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from engine.service import GameDamaged, GameService

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "stored_games_v1.sqlite3"
CLOCK = 1_700_000_000.0


def damage(path: Path, game_id: int) -> None:
    """Plant a snapshot that no longer parses, as a bad disk or an old bug might."""
    with sqlite3.connect(path) as conn:
        version = conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        conn.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                     (game_id, version, '{"not": "a state"}'))


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    """The stored-games fixture (running games 2 and 3) with game 2 damaged."""
    path = tmp_path / "stored.sqlite3"
    shutil.copyfile(FIXTURE, path)
    damage(path, 2)
    return path


async def test_resume_skips_a_damaged_game_and_resumes_the_others(stored: Path) -> None:
    async with await GameService.open(stored, clock=lambda: CLOCK) as service:
        assert [info.id for info in await service.resume()] == [3]
        with pytest.raises(GameDamaged, match="#2 cannot go on"):
            await service.get_view(2, 21)
        assert (await service.get_view(3, 31)).decision is not None
        assert {o.game_id for o in await service.overdue(CLOCK + 10**6)} == {3}
        assert [info.id for info in await service.damaged_untold()] == [2]


async def test_a_damaged_game_is_told_once_and_stays_damaged_across_restarts(
        stored: Path) -> None:
    async with await GameService.open(stored, clock=lambda: CLOCK) as service:
        await service.resume()
        await service.damage_told(2)
    async with await GameService.open(stored, clock=lambda: CLOCK) as service:
        assert [info.id for info in await service.resume()] == [3]
        assert await service.damaged_untold() == []
        with pytest.raises(GameDamaged):
            await service.submit(2, 21, {"type": "choose", "card": "money"}, "any")


async def test_abandoning_a_damaged_game_frees_its_channel(stored: Path) -> None:
    async with await GameService.open(stored, clock=lambda: CLOCK) as service:
        await service.resume()
        ended = await service.abandon(2, 21)
        assert ended.status == "abandoned"
        assert await service.game_in_channel(1, 102) is None
        lobby = await service.create_lobby(1, 102, 21, "bob")
        assert lobby.status == "lobby"
        assert await service.damaged_untold() == []


async def test_a_game_found_damaged_after_start_up_is_isolated_too(tmp_path: Path) -> None:
    path = tmp_path / "stored.sqlite3"
    shutil.copyfile(FIXTURE, path)
    async with await GameService.open(path, clock=lambda: CLOCK) as service:
        await service.resume()
        service._forget(3)  # as if evicted, then read again from a file damaged meanwhile
        damage(path, 3)
        with pytest.raises(GameDamaged):
            await service.get_view(3, 31)
        assert [info.id for info in await service.damaged_untold()] == [3]
        assert (await service.get_view(2, 21)).status == "running"
