"""The garbage-collector settings of the bot process (bot.collector): set by `python -m bot`,
scoped for harnesses, and startup objects frozen only by a bot that asks for it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot import __main__ as entry
from bot.collector import YOUNG_GENERATION, collector_tuned
from bot.config import BotSettings
from bot.core.client import JuwelierBot


@pytest.fixture(autouse=True)
def collector_restored() -> Iterator[None]:
    """Whatever a test does to the collector, the rest of the run gets it back as it was."""
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_collector_tuned_raises_the_young_generation_and_restores_everything_after() -> None:
    before = gc.get_threshold()
    assert before[0] != YOUNG_GENERATION
    with collector_tuned():
        assert gc.get_threshold() == (YOUNG_GENERATION, *before[1:])
        gc.freeze()
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


async def test_a_bot_that_asks_freezes_what_is_alive_once_it_has_started(tmp_path: Path) -> None:
    for freeze, db in ((False, "plain.sqlite3"), (True, "frozen.sqlite3")):
        bot = JuwelierBot(BotSettings(token="simulated", db_path=tmp_path / db),
                          freeze_after_setup=freeze)
        try:
            async with simcord.run(bot):
                frozen = gc.get_freeze_count()
                gc.unfreeze()
        finally:
            await bot.close()
        assert (frozen > 1000) is freeze, (freeze, frozen)


def test_python_m_bot_tunes_the_collector_and_has_the_bot_freeze(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    seen: list[Any] = []
    monkeypatch.setattr(JuwelierBot, "run", lambda self, token, **kwargs: seen.append(
        (self.freeze_after_setup, gc.get_threshold()[0])))
    assert entry.main() == 0
    assert seen == [(True, YOUNG_GENERATION)]
