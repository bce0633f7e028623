"""Rematch: a finished game's table offers a new lobby here with the same seats."""

from __future__ import annotations

import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from tests.bot.driver import add_ai, no_logged_errors, private, reply_text, table_message

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


async def test_rematch_opens_a_lobby_with_the_same_seats(simcord_env: Env,
                                                         simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann, bob, zed = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "zed"))
    await ann.slash(channel, "game new")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await add_ai(ann, lobby, "greedy")
    await ann.click(lobby, label="Start")
    old = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    await simcord_bot.timers.stop()
    for who in (ann, bob):  # both hand over: the autopilot plays the game to its end
        await who.slash(channel, "game autopilot", mode="on")
    assert (await simcord_bot.service.get_game(old.id)).status == "finished"
    final = await table_message(simcord_bot, channel, old.id)

    stranger = await zed.click(final, label="Rematch")
    assert private(stranger) and "Only its players" in reply_text(stranger)
    result = await bob.click(final, label="Rematch")
    assert private(result) and "Rematch lobby" in reply_text(result)
    new = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert new.status == "lobby" and new.host_id == bob.id and new.kind == old.kind
    assert sorted((s.user_id, s.name, s.ai_level) for s in new.seats if s.is_ai) == \
        [(None, "Greedy AI", "greedy")]
    assert {s.user_id for s in new.seats if not s.is_ai} == {ann.id, bob.id}
    posted = channel.last_message
    assert posted.content.startswith("🔁 Rematch!") and [u.id for u in posted.mentions] == [ann.id]
    again = await ann.click(final, label="Rematch")
    assert private(again) and "already" in reply_text(again)  # the channel has its lobby
