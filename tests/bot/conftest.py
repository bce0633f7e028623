"""The real bot under SimCord (payload validation on), on a real SQLite file per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import JuwelierBot
from bot.config import BotSettings


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    """A fresh SQLite file for the test."""
    return tmp_path / "juwelier.sqlite3"


@pytest.fixture
def simcord_bot(db_file: Path) -> JuwelierBot:
    """SimCord's plugin starts this bot in a simulated Discord."""
    return JuwelierBot(BotSettings(token="simulated", db_path=db_file))
