"""`python -m engine.store migrate-to`: every game of a SQLite file copied into PostgreSQL,
each replayed and checked; the bot then goes on there as if nothing had happened."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.service import GameService
from engine.service.simulate import play_to_end, random_move
from engine.store.__main__ import main, migrate_to
from engine.store.errors import StoreError
from tests.postgres import fresh_database, postgres_url

__all__ = ["postgres_url"]


async def _stored_games(path: Path) -> list[int]:
    """A file with a finished game, a running one, an open lobby and some settings."""
    rng = random.Random(11)
    async with await GameService.open(path, snapshot_every=4) as service:
        ids = []
        for channel, moves in ((1, None), (2, 9), (3, 0)):
            lobby = await service.create_lobby(7, channel, 1, "P1", seed=channel)
            for user in (2, 3):
                await service.join(lobby.id, user, f"P{user}")
            ids.append(lobby.id)
            if moves == 0:
                continue  # stays a lobby
            await service.start(lobby.id, 1)
            await service.set_message(lobby.id, "table", 100 + channel, 200 + channel)
            if moves is None:
                await play_to_end(service, lobby.id, rng)
            for _ in range(moves or 0):
                await random_move(service, lobby.id, rng)
        await service.set_preference(2, "language", "de")
        await service.set_language("guild", 7, "da")
    return ids


async def test_every_game_is_copied_replayed_and_goes_on_in_postgresql(
        tmp_path: Path, postgres_url: str) -> None:
    path, url = tmp_path / "old.sqlite3", await fresh_database(postgres_url)
    ids = await _stored_games(path)
    said: list[str] = []
    assert await migrate_to(url, path, out=said.append) == 0
    assert said[-1] == "all 2 started game(s) replay the same from PostgreSQL"
    async with await GameService.open(path) as old, await GameService.open(url) as new:
        await new.resume()
        for game_id in ids:
            assert await new.get_game(game_id) == await old.get_game(game_id)
            assert await new.action_log(game_id) == await old.action_log(game_id)
            assert await new.get_messages(game_id) == await old.get_messages(game_id)
        assert await new.get_preference(2, "language") == "de"
        assert await new.chosen_languages() == await old.chosen_languages()
        assert await random_move(new, ids[1], random.Random(2)) is not None  # it goes on
        newer = await new.create_lobby(7, 9, 1, "P1")
        assert newer.id == max(ids) + 1  # ids go on after the copied ones


async def test_a_database_that_holds_games_is_not_copied_into(tmp_path: Path,
                                                             postgres_url: str) -> None:
    path, url = tmp_path / "old.sqlite3", await fresh_database(postgres_url)
    await _stored_games(path)
    assert await migrate_to(url, path, out=lambda _: None) == 0
    with pytest.raises(StoreError):
        await migrate_to(url, path, out=lambda _: None)


def test_the_command_refuses_what_is_not_a_postgresql_url_or_a_file(tmp_path: Path) -> None:
    for argv in (["migrate-to", "mysql://x/y", "--from", str(tmp_path / "a.sqlite3")],
                 ["migrate-to", "postgresql://x/y", "--from", str(tmp_path / "missing")]):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2
