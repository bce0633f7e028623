"""Paces: every deadline of a game follows its timer, up to play by post; no timer, no
deadline; the lobby says the pace in words."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from bot.core.texts import human_duration
from tests.bot.driver import add_ai, no_logged_errors

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)
DAY = 24 * 3600


async def start(env: Env, bot: JuwelierBot, timer: int) -> tuple[int, str, Any]:
    """A game with one human and two AI seats at this timer; (game id, the lobby's footer,
    the channel)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("post")
    ann = guild.add_member(env.create_user("ann"))
    await ann.slash(channel, "game new", timer=timer)
    lobby = channel.last_message
    footer = lobby.embeds[0].footer.text
    for _ in range(2):
        await add_ai(ann, lobby)
    await ann.click(lobby, label="Start")
    info = await bot.service.game_in_channel(guild.id, channel.id)
    return info.id, footer, channel


async def test_a_play_by_post_game_gives_every_decision_hours(simcord_env: Env,
                                                             simcord_bot: JuwelierBot) -> None:
    game_id, footer, _ = await start(simcord_env, simcord_bot, DAY)
    assert footer == "Timer: 24 hours per action"
    info = await simcord_bot.service.get_game(game_id)
    assert info.deadlines == {"choose_action": DAY, "negotiate": DAY * 3 / 4,
                              "default": DAY / 2}
    (deadline,) = await simcord_bot.service.deadlines(game_id)  # the human's action choice
    now = discord.utils.utcnow().timestamp()  # the simulated clock
    assert deadline.due_at - now == pytest.approx(DAY, abs=5)


async def test_a_game_without_a_timer_has_no_deadline(simcord_env: Env,
                                                      simcord_bot: JuwelierBot) -> None:
    game_id, footer, _ = await start(simcord_env, simcord_bot, 0)
    assert footer == "No timer: nobody is hurried"
    assert set((await simcord_bot.service.get_game(game_id)).deadlines.values()) == {None}
    assert await simcord_bot.service.deadlines(game_id) == []
    assert await simcord_bot.service.next_due() is None


def test_durations_read_as_people_say_them() -> None:
    assert [human_duration(s) for s in (1, 45, 60, 90, 3600, 5400, 43200)] == [
        "1 second", "45 seconds", "1 minute", "1½ minutes", "1 hour", "1½ hours", "12 hours"]


async def test_a_play_by_post_reminder_gives_the_date_and_time_of_the_deadline(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, _, channel = await start(simcord_env, simcord_bot, DAY)
    await simcord_env.advance_time(DAY / 2 + 1)
    reminders = [m for m in channel.history() if "half your time is up" in m.content]
    assert len(reminders) == 1
    assert re.search(r"by <t:\d+:f> \(<t:\d+:R>\)", reminders[0].content), "date and time"
