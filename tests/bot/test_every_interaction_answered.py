"""Every click and command gets an answer, even when something unexpected fails: a private,
honest reply (was the move recorded or not?) and a log line naming the game."""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from bot.core.interactions import NOT_RECORDED, RECORDED, tell_safely
from tests.bot.driver import new_table, open_prompt, private, reply_text

BUSY_MS = 200  # the bot's busy timeout in these tests: another process holds the lock longer


@pytest.fixture(autouse=True)
def short_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """A write gives up after 0.2 s of waiting for another process's lock (default 5 s)."""
    monkeypatch.setenv("JUWELIER_BUSY_TIMEOUT", str(BUSY_MS))


async def broken(*args: Any, **kwargs: Any) -> None:
    """A part of the bot that fails in a way nobody planned for."""
    raise RuntimeError("a bug")


class OtherProcess:
    """Another connection to the same file holding the write lock, as another process would."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.held, self.release = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._hold, daemon=True)

    def _hold(self) -> None:
        conn = sqlite3.connect(self.path, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            self.held.set()
            self.release.wait(30)
            conn.execute("ROLLBACK")
        finally:
            conn.close()

    def __enter__(self) -> OtherProcess:
        self.thread.start()
        assert self.held.wait(5)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release.set()
        self.thread.join(5)


async def test_a_database_held_by_another_process_gets_a_private_reply_and_stores_nothing(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    _, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    await simcord_bot.timers.stop()
    prompt = await open_prompt(simcord_bot, channel, game_id, ann)
    version = await simcord_bot.service.version(game_id)
    with OtherProcess(db_file):
        result = await ann.click(prompt.response, label="Money")
        assert private(result) and reply_text(result) == NOT_RECORDED
    assert await simcord_bot.service.version(game_id) == version
    assert f"game #{game_id}" in caplog.text and "database is locked" in caplog.text
    again = await ann.click(prompt.response, label="Money")  # the lock is gone: it works
    assert reply_text(again).startswith("✅ Money")
    assert await simcord_bot.service.version(game_id) > version


async def test_an_unexpected_failure_before_the_move_says_it_was_not_recorded(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    _, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    prompt = await open_prompt(simcord_bot, channel, game_id, ann)
    version = await simcord_bot.service.version(game_id)


    monkeypatch.setattr(simcord_bot.service, "submit", broken)
    result = await ann.click(prompt.response, label="Money")
    assert private(result) and reply_text(result) == NOT_RECORDED
    assert await simcord_bot.service.version(game_id) == version
    assert f"game #{game_id}: jw:pick:{game_id}:" in caplog.text


async def test_a_failure_after_the_move_says_it_was_recorded(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    prompt = await open_prompt(simcord_bot, channel, game_id, ann)
    version = await simcord_bot.service.version(game_id)


    monkeypatch.setattr(simcord_bot.publisher, "publish", broken)
    result = await ann.click(prompt.response, label="Money")
    assert private(result) and reply_text(result) == RECORDED
    assert await simcord_bot.service.version(game_id) > version


async def test_a_command_that_fails_unexpectedly_is_answered_privately(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _, channel, (ann,), _ = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)


    monkeypatch.setattr(simcord_bot.service, "set_autopilot", broken)
    result = await ann.slash(channel, "game autopilot", mode="on")
    assert private(result) and reply_text(result) == NOT_RECORDED


class _Expired:
    """An interaction Discord no longer accepts answers for."""

    id = 42

    class response:
        @staticmethod
        def is_done() -> bool:
            return True

    class followup:
        calls = 0

        @classmethod
        async def send(cls, *args: Any, **kwargs: Any) -> None:
            cls.calls += 1
            raise discord.NotFound(type("R", (), {"status": 404, "reason": "Not Found"})(),
                                   {"code": 10062, "message": "Unknown interaction"})


async def test_an_expired_interaction_is_logged_once_and_not_answered_again(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="bot.core.interactions"):
        await tell_safely(_Expired(), "too late")  # type: ignore[arg-type]
    assert _Expired.followup.calls == 1
    assert [r.levelno for r in caplog.records if "has expired" in r.getMessage()] == \
        [logging.INFO]


@pytest.fixture(autouse=True)
def _no_stray_task_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """No 'Task exception was never retrieved': every failure is handled where it happens."""
    yield
    assert "never retrieved" not in caplog.text


async def test_a_refused_command_is_an_answer_not_a_failure(simcord_env: Env,
                                                           simcord_bot: JuwelierBot) -> None:
    guild, channel, _, _ = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    result = await guild.add_member(simcord_env.create_user("cem")).slash(channel, "game new")
    assert private(result) and "already" in reply_text(result)
    assert simcord_env.errors == []  # nothing reached discord.py's error handlers


@pytest.mark.parametrize("code", [10062, 40060])
async def test_an_expired_or_answered_interaction_is_logged_once_as_a_warning(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture, code: int) -> None:
    _, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)

    async def expired(*args: Any, **kwargs: Any) -> None:
        # What discord.py raises when Discord refuses the answer (Unknown interaction: the
        # three seconds passed; or: already acknowledged).
        response = type("Response", (), {"status": 404 if code == 10062 else 400,
                                          "reason": "refused"})()
        error = discord.NotFound if code == 10062 else discord.HTTPException
        raise error(response, {"code": code, "message": "refused"})

    monkeypatch.setattr(discord.InteractionResponse, "defer", expired)
    caplog.clear()
    with caplog.at_level(logging.INFO):
        await open_prompt(simcord_bot, channel, game_id, ann)
    ours = [r for r in caplog.records if r.name.startswith("bot.")]
    assert [(r.levelno, r.exc_info) for r in ours] == [(logging.WARNING, None)]
    assert "could not be answered" in ours[0].getMessage() and str(code) in ours[0].getMessage()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
