"""A restart with one damaged game: the others go on, its channel is told once, and
`/game abandon` frees the channel."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from tests.bot.driver import new_table, no_logged_errors, open_prompt, private, reply_text

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


async def restart(env: Env, old: JuwelierBot, db_file: Path) -> JuwelierBot:
    """A new bot process on the same database file."""
    new = JuwelierBot(BotSettings(token="simulated", db_path=db_file))
    await env.restart_bot(new)
    await old.close()
    return new


async def test_a_damaged_game_is_told_once_and_the_others_go_on(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    _, broken_channel, (ann,), broken = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    _, channel, (bob,), healthy = await new_table(simcord_env, simcord_bot, ["bob"], ai=2)
    with sqlite3.connect(db_file) as conn:
        conn.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, "
                     "(SELECT version FROM games WHERE id = ?), '{}')", (broken, broken))

    bot = await restart(simcord_env, simcord_bot, db_file)
    assert [info.id for info in bot.resumed] == [healthy]
    notices = [m for m in broken_channel.history() if "could not be loaded" in m.content]
    assert len(notices) == 1 and f"Game #{broken}" in notices[0].content
    caplog.clear()  # the damage was logged as an error, on purpose
    prompt = await open_prompt(bot, channel, healthy, bob)
    assert prompt.response.components, "the healthy game goes on"
    refused = await open_prompt(bot, broken_channel, broken, ann)
    assert private(refused) and "cannot go on" in reply_text(refused)

    bot = await restart(simcord_env, bot, db_file)
    assert len([m for m in broken_channel.history() if "could not be loaded" in m.content]) == 1
    await ann.slash(broken_channel, "game abandon")
    await simcord_env.advance_time(31)  # ann's cooldown from her first game outlived the restarts
    opened = await ann.slash(broken_channel, "game new")
    assert "is open" in reply_text(opened)
