"""Who is pinged: each new turn message mentions exactly the players who owe a decision (its
secret choice), a lone decision pings its player, edits ping nobody."""

from __future__ import annotations

import random

import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from tests.bot.driver import no_logged_errors, open_lobby, play_one, table_message

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


async def owing(bot: JuwelierBot, game_id: int) -> set[int]:
    """The humans who owe a decision now, except a room's move (pinged on the room's prompt)."""
    info = await bot.service.get_game(game_id)
    users = {s.seat: s.user_id for s in info.seats if s.user_id is not None}
    return {users[d.player] for d in await bot.service.pending(game_id)
            if d.player in users and d.ui != "room"}


async def test_each_new_table_message_pings_exactly_who_owes_a_decision(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    actors = [guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cem")]
    game_id = await open_lobby(simcord_bot, channel, actors[0], actors[1:])
    await simcord_bot.timers.stop()
    first = await table_message(simcord_bot, channel, game_id)
    assert {u.id for u in first.mentions} == {a.id for a in actors}, "the start pings everyone"
    rng = random.Random(4)
    seen, checked = first.id, 0
    while (await simcord_bot.service.get_game(game_id)).status == "running":
        await play_one(simcord_bot, channel, game_id, {a.id: a for a in actors}, rng)
        table = await table_message(simcord_bot, channel, game_id)
        if table.id != seen and (await simcord_bot.service.get_game(game_id)).status == "running":
            assert {u.id for u in table.mentions} == await owing(simcord_bot, game_id)
            seen, checked = table.id, checked + 1
    assert checked >= 15, "every turn's new message was checked"
