"""The real bot under SimCord (payload validation on), on a real SQLite file per test (or a
PostgreSQL database, where a module asks for both)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    """A fresh SQLite file for the test."""
    return tmp_path / "juwelier.sqlite3"


@pytest.fixture(autouse=True)
def greedy_autopilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot tests' autopilot plays `greedy`, as an operator may set it: the default
    `strong` searches for seconds on a busy test machine, longer than SimCord waits
    for a click to settle. Its play is tested in tests/engine/games/esr/test_ai_autopilot.py."""
    monkeypatch.setenv("JUWELIER_AUTOPILOT_LEVEL", "greedy")


@pytest.fixture
def database_url() -> str | None:
    """No PostgreSQL: the SQLite file. A module imports tests.postgres.on_both_backends to run
    its tests on both."""
    return None


@pytest.fixture
def simcord_bot(db_file: Path, database_url: str | None, greedy_autopilot: None) -> JuwelierBot:
    """SimCord's plugin starts this bot in a simulated Discord."""
    return JuwelierBot(BotSettings(token="simulated", db_path=db_file, database_url=database_url))


@pytest.fixture(autouse=True)
async def close_bot_databases(request: pytest.FixtureRequest, greedy_autopilot: None
                              ) -> AsyncIterator[None]:
    """After SimCord has shut down, close the database of the test's bot (and of the bot a
    restart put in its place). SimCord never calls bot.close(), and an open aiosqlite thread
    kept alive by a failing test's traceback would leave pytest hanging at exit."""
    first = (request.getfixturevalue("simcord_bot") if "simcord_bot" in request.fixturenames
             else None)
    yield
    bots = [first, *(v.bot for v in request.node.funcargs.values() if isinstance(v, Env))]
    for bot in bots:
        service = getattr(bot, "_service", None)
        if isinstance(bot, JuwelierBot) and service is not None:
            bot._service = None
            await service.close()
