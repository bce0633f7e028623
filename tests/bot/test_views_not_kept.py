"""Every button is a DynamicItem dispatched by its custom id, so discord.py keeps no copy of any
view the bot sends: a kept view would cost memory forever (channel messages) or for 15 minutes
(private prompts), per message. Nor does it cache messages: the bot never reads one back."""

from __future__ import annotations

import asyncio
import random

from simcord import Env

from bot.core.client import JuwelierBot
from tests.bot.driver import new_table, play_one


async def test_no_view_or_message_is_kept_after_a_few_turns_and_the_buttons_still_work(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob), game_id = await new_table(simcord_env, simcord_bot, ["ann", "bob"],
                                                      ai=1)
    rng = random.Random(1)
    for _ in range(12):
        assert await play_one(simcord_bot, channel, game_id, {a.id: a for a in (ann, bob)}, rng)

    assert simcord_bot.persistent_views == []
    assert list(simcord_bot.cached_messages) == [], "discord.py's message cache is off"
    waiting = [t for t in asyncio.all_tasks() if "timeout_task" in t.get_coro().__qualname__]
    assert waiting == [], "no private prompt's view waits out its 15 minutes in memory"
    assert len(await simcord_bot.service.action_log(game_id)) >= 12
