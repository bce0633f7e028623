"""Each turn's message is finalised when the next one starts: its whole story, ending
included, and no table, countdown or button any more; only the live message has them."""

from __future__ import annotations

import discord
import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from bot.games.esr.presenter import turn_heading
from tests.bot.driver import no_logged_errors, open_lobby, play_to_end, table_message

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


async def test_past_turn_messages_are_closed_and_each_begins_with_its_turn(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    actors = [guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob")]
    game_id = await open_lobby(simcord_bot, channel, actors[0], actors[1:], ai=1)
    await play_to_end(simcord_bot, channel, game_id, {a.id: a for a in actors}, seed=2)
    live = await table_message(simcord_bot, channel, game_id)
    mine = [m for m in channel.history() if m.author.id == simcord_bot.user.id
            and not (m.embeds and "lobby" in (m.embeds[0].title or ""))]
    assert len(mine) >= 3 * 6 and mine[-1].id == live.id
    for message in mine[:-1]:
        assert not message.embeds and not message.components, message.content[:80]
        assert "deciding" not in message.content and "⏰" not in message.content
    turns = [m for m in mine if "── Round" in m.content]
    for message in turns[1:]:  # a turn's message opens with its heading (after any pings)
        first = next(line for line in message.content.split("\n") if not line.startswith("<@"))
        assert first.startswith("**── Round"), first
    assert live.embeds and [c.label for row in live.components for c in row.children
                            if isinstance(c, discord.Button)] == ["Rematch"]
    assert turn_heading(1, 1) in turns[0].content
