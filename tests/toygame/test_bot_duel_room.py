"""Sealed Bid's duel runs in the bot core's private two-player room, like an ESR negotiation:
a thread off the table, a live prompt only the player to move can use, a restart in between,
the settlement in the thread and the channel, and the thread archived."""

from __future__ import annotations

from pathlib import Path

import pytest
from simcord import ChannelHandle, Env, MemberActor

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from bot.core.rooms import ROOM
from tests.bot.driver import labels, no_logged_errors, open_prompt, press, reply_text, room

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


async def bid(bot: JuwelierBot, channel: ChannelHandle, game_id: int, actor: MemberActor,
              amount: int) -> None:
    """Open the private prompt from the table and bid."""
    prompt = await open_prompt(bot, channel, game_id, actor)
    await actor.click(prompt.response, label=f"Bid {amount}")


def text_of(where: ChannelHandle) -> str:
    """Everything said in a channel or thread."""
    return "\n".join(m.content for m in where.history())


async def test_a_duel_is_held_in_a_thread_that_survives_a_restart(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("auction")
    ann, bob, zed = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "zed"))
    await ann.slash(channel, "game new", game="sealed")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    game_id = info.id
    await simcord_bot.timers.stop()
    await bid(simcord_bot, channel, game_id, ann, 2)
    await bid(simcord_bot, channel, game_id, bob, 2)

    (decision,) = await simcord_bot.service.pending(game_id)
    seats = {s.seat: s.user_id for s in info.seats}
    by_id = {ann.id: ann, bob.id: bob}
    mover, partner = by_id[seats[decision.player]], by_id[seats[decision.partner]]
    thread, prompt = await room(simcord_bot, channel, game_id)
    assert thread.is_thread and "⚔" in thread.name
    assert "both bid 2" in text_of(thread) and prompt.mentions[0].id == mover.id
    assert f"You and {partner.name} tied" in prompt.content  # seats are shown as names
    assert labels(prompt) == ["Yield", "Press"]

    refused = await partner.click(prompt, label="Press")
    assert f"It is {mover.name}'s turn to answer" in reply_text(refused)
    stranger = await zed.click(prompt, label="Press")
    assert "take part in this duel" in reply_text(stranger)
    assert (await simcord_bot.service.pending(game_id))[0].key == decision.key

    bot = JuwelierBot(BotSettings(token="simulated", db_path=db_file))
    await simcord_env.restart_bot(bot)
    await simcord_bot.close()
    await bot.timers.stop()

    await press(bot, channel, game_id, mover, "Press")
    thread, prompt = await room(bot, channel, game_id)
    assert prompt.mentions[0].id == partner.id and labels(prompt) == ["Yield", "Split"]
    assert f"{mover.name} presses." in text_of(thread)
    await press(bot, channel, game_id, partner, "Split")

    assert ROOM not in await bot.service.get_messages(game_id)
    assert thread._channel.thread_metadata.archived
    assert "split: nobody wins." in text_of(thread) and "duel is over" in text_of(thread)
    assert "split: nobody wins." in text_of(channel)
    view = (await bot.service.get_view(game_id)).view
    assert (view["round"], view["phase"]) == (2, "bid")
