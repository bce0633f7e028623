"""The real bot starts on a database written before the multi-game reshape."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from simcord import Env

from bot.core.client import JuwelierBot

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "stored_games_v1.sqlite3"


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    """The bot's database is a copy of the stored-games fixture."""
    path = tmp_path / "stored.sqlite3"
    shutil.copyfile(FIXTURE, path)
    return path


async def test_the_bot_resumes_the_games_an_older_version_stored(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    assert sorted(info.id for info in simcord_bot.resumed) == [2, 3]
    await simcord_bot.timers.run_due()  # their deadlines passed long ago: the autopilot acts
    for game_id in (2, 3):
        info = await simcord_bot.service.get_game(game_id)
        assert info.kind == "esr" and info.version > {2: 24, 3: 4}[game_id]
