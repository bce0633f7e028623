"""Deadlines on Discord: the table shows them, half time pings, the autopilot answers at the
deadline, lobbies expire, and a restart neither forgets nor repeats any of it.

Time only moves through SimCord's virtual clock (env.advance_time): no test waits for real.
"""

from __future__ import annotations

import re
from pathlib import Path

import discord
from simcord import ChannelHandle, Env, MemberActor

from bot.config import BotSettings
from bot.core.client import JuwelierBot, discord_clock
from bot.core.timers import LOBBY_CLOSED
from tests.bot.driver import (
    button_ids,
    find_message,
    negotiators,
    new_table,
    open_prompt,
    room,
    table_message,
)

HALF_TIME = "half your time is up"


async def restart(env: Env, old: JuwelierBot, db_file: Path) -> JuwelierBot:
    """A new bot process on the same database file."""
    new = JuwelierBot(BotSettings(token="simulated", db_path=db_file))
    await env.restart_bot(new)
    await old.close()
    return new


async def choose(bot: JuwelierBot, channel: ChannelHandle, game_id: int, actor: MemberActor,
                 label: str = "Money") -> None:
    """`actor` opens their prompt from the table and picks an action card."""
    prompt = await open_prompt(bot, channel, game_id, actor)
    assert label in [text for text, _ in button_ids(prompt)]
    await actor.click(prompt.response, label=label)


def messages_with(channel: ChannelHandle, text: str) -> list[discord.Message]:
    """Channel messages whose content contains `text`."""
    return [m for m in channel.history() if text in m.content]


async def seat_of(bot: JuwelierBot, game_id: int, actor: MemberActor) -> int:
    """The actor's seat number."""
    return (await bot.service.get_game(game_id)).seat_of(actor.id).seat


async def test_the_table_shows_when_the_choices_are_due(simcord_env: Env,
                                                        simcord_bot: JuwelierBot) -> None:
    start = discord_clock()
    _, channel, _, game_id = await new_table(simcord_env, simcord_bot, ["ann", "bob", "cem"])
    table = await table_message(simcord_bot, channel, game_id)
    assert f"⏰ Choices due <t:{int(start + 120)}:R>" in table.embeds[0].description


async def test_half_time_pings_only_those_still_choosing_and_only_once(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob, cem), game_id = await new_table(simcord_env, simcord_bot,
                                                           ["ann", "bob", "cem"])
    await choose(simcord_bot, channel, game_id, ann)
    await simcord_env.advance_time(59)
    assert messages_with(channel, HALF_TIME) == []

    await simcord_env.advance_time(1)

    [reminder] = messages_with(channel, HALF_TIME)
    assert {u.id for u in reminder.mentions} == {bob.id, cem.id}
    assert ann.mention not in reminder.content
    # A clock time beside the relative one, so that after the deadline it does not read
    # "Decide 1 minute ago".
    assert re.search(r"by <t:\d+:t> \(<t:\d+:R>\)", reminder.content)
    assert not re.search(r"Decide <t:", reminder.content)
    await simcord_env.advance_time(59)
    assert len(messages_with(channel, HALF_TIME)) == 1


async def test_at_the_deadline_the_autopilot_chooses_and_the_game_goes_on(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob, cem), game_id = await new_table(simcord_env, simcord_bot,
                                                           ["ann", "bob", "cem"])
    await choose(simcord_bot, channel, game_id, ann)
    await simcord_env.advance_time(119)
    assert len(await simcord_bot.service.action_log(game_id)) == 1

    await simcord_env.advance_time(1)

    log = await simcord_bot.service.action_log(game_id)
    late = {await seat_of(simcord_bot, game_id, m) for m in (bob, cem)}
    assert [(r.seat, r.by) for r in log[:3]] == [
        (await seat_of(simcord_bot, game_id, ann), "player"),
        *sorted((s, "autopilot") for s in late)]
    history = [line for m in channel.history() for line in m.content.splitlines()]
    notice = next(i for i, text in enumerate(history) if "ran out of time" in text)
    assert "**bob**" in history[notice] and "**cem**" in history[notice]
    assert "ann" not in history[notice]
    assert not any(card in history[notice] for card in ("Money", "Event", "Gemstones", "💰"))
    reveal = next(i for i, text in enumerate(history) if "**Reveal:**" in text)
    assert reveal > notice, "the choices are revealed only after the notice"
    assert await simcord_bot.service.pending(game_id), "the game goes on"


async def test_a_deadline_that_passed_while_the_bot_was_down_is_handled_on_start_up(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    _, channel, (ann, _bob, _cem), game_id = await new_table(simcord_env, simcord_bot,
                                                             ["ann", "bob", "cem"])
    await choose(simcord_bot, channel, game_id, ann)
    await simcord_bot.timers.stop()  # the process hangs, then dies: nobody watches the clock
    await simcord_env.advance_time(600)
    assert len(await simcord_bot.service.action_log(game_id)) == 1

    bot = await restart(simcord_env, simcord_bot, db_file)

    log = await bot.service.action_log(game_id)
    assert [r.by for r in log[:3]] == ["player", "autopilot", "autopilot"]
    assert len(messages_with(channel, "ran out of time")) == 1
    assert messages_with(channel, HALF_TIME) == [], "too late for a reminder"
    assert messages_with(channel, "**Reveal:**"), "and the game went on"


async def test_a_reminder_sent_before_a_restart_is_not_sent_again(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    _, channel, _, game_id = await new_table(simcord_env, simcord_bot, ["ann", "bob", "cem"])
    await simcord_env.advance_time(60)
    assert len(messages_with(channel, HALF_TIME)) == 1

    bot = await restart(simcord_env, simcord_bot, db_file)
    await simcord_env.advance_time(59)

    assert len(messages_with(channel, HALF_TIME)) == 1
    assert len(await bot.service.action_log(game_id)) == 0
    await simcord_env.advance_time(1)
    assert [r.by for r in await bot.service.action_log(game_id)][:3] == ["autopilot"] * 3


async def test_a_lobby_nobody_starts_closes_itself(simcord_env: Env,
                                                   simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))
    await ann.slash(channel, "game new")
    lobby = channel.last_message
    await simcord_env.advance_time(1799)
    assert (await simcord_bot.service.game_in_channel(guild.id, channel.id)) is not None

    await simcord_env.advance_time(1)

    assert await simcord_bot.service.game_in_channel(guild.id, channel.id) is None
    closed = find_message(channel, lobby.id)
    assert closed.embeds[0].description == LOBBY_CLOSED
    assert closed.components == [], "no buttons left on a closed lobby"
    await ann.slash(channel, "game new")  # the channel is free again
    assert channel.last_message.id != lobby.id and channel.last_message.embeds


async def test_joining_keeps_a_lobby_open(simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    await ann.slash(channel, "game new")
    lobby = channel.last_message
    await simcord_env.advance_time(1000)
    await bob.click(lobby, label="Join")
    await simcord_env.advance_time(1000)
    assert find_message(channel, lobby.id).components, "still open"
    await simcord_env.advance_time(800)
    assert find_message(channel, lobby.id).embeds[0].description == LOBBY_CLOSED


async def test_a_negotiator_is_reminded_in_the_negotiations_thread(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob, cem), game_id = await new_table(simcord_env, simcord_bot,
                                                           ["ann", "bob", "cem"])
    await choose(simcord_bot, channel, game_id, ann, "Money")
    await choose(simcord_bot, channel, game_id, bob, "Money")
    await choose(simcord_bot, channel, game_id, cem, "Gemstones")
    thread, _ = await room(simcord_bot, channel, game_id)
    assert thread.is_thread
    opener, _ = await negotiators(simcord_bot, game_id, ann, bob)

    await simcord_env.advance_time(45)  # half of the 90 seconds a negotiation step has

    [reminder] = messages_with(thread, HALF_TIME)
    assert [u.id for u in reminder.mentions] == [opener.id]
    assert "the prompt above" in reminder.content
    assert messages_with(channel, HALF_TIME) == [], "not in the channel"
