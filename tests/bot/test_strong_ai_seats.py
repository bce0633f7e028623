"""Strong AI seats search in the AI worker pool, after the click that set them off has been
answered: the player is answered at once, and the strong seats' moves follow by the timer."""

from __future__ import annotations

import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from tests.bot.driver import add_ai, no_logged_errors, open_prompt

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


async def test_strong_seats_move_after_the_start_click_is_answered(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))
    await ann.slash(channel, "game new")
    lobby = channel.last_message
    for _ in range(2):
        await add_ai(ann, lobby, "strong")
    started = await ann.click(lobby, label="Start")
    assert started.acknowledged
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert simcord_bot.service.ai_pool is not None
    for _ in range(100):  # the searches run in worker processes, in real time
        view = await simcord_bot.service.get_view(info.id, ann.id)
        if sum(p["has_chosen"] for p in view.view["players"]) == 2:
            break
        await simcord_env.advance_time(1)
    assert sum(p["has_chosen"] for p in view.view["players"]) == 2, "both strong seats chose"
    prompt = await open_prompt(simcord_bot, channel, info.id, ann)
    assert prompt.ephemeral
