"""Discord waits 3 seconds for the first answer to an interaction, then shows "This interaction
failed". While a long write holds the database, every click and command must still be
acknowledged at once, and what it asked for is done as soon as the database is free
(Discord's limits respected, even while the database is busy)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from simcord import Env, InteractionResult, SetupError

from bot.core.client import JuwelierBot
from tests.bot.driver import (
    add_ai,
    labels,
    new_table,
    no_logged_errors,
    private,
    reply_text,
    result_buttons,
    room,
    seat_of,
    start_negotiation,
    table_message,
)

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)

BUSY = 10.0  # virtual seconds the database stays held: far beyond Discord's 3 seconds


class DeclaredLock(asyncio.Lock):
    """The database's lock, whose waits SimCord is told are intentional: without this, SimCord
    would report the bot's wait for a busy database as work that never settles."""

    def __init__(self, env: Env) -> None:
        super().__init__()
        self.env = env

    async def acquire(self) -> bool:
        """Wait for the lock; inside the bot's own work, as a declared external wait."""
        if not self.locked():
            return await super().acquire()
        try:
            return await self.env.external_wait(super().acquire(), reason="database busy")
        except SetupError:  # the test itself is waiting, not the bot
            return await super().acquire()


async def while_busy(env: Env, bot: JuwelierBot,
                     interact: Callable[[], Awaitable[InteractionResult]]) -> InteractionResult:
    """Run one interaction while a write transaction holds the database. It must be answered
    before the database frees up; then the clock passes Discord's 3 seconds, the database is
    let go, and the interaction finishes."""
    bot.service.db._lock = DeclaredLock(env)  # a test seam: the store's one lock
    held, release = asyncio.Event(), asyncio.Event()

    async def hold() -> None:
        async with bot.service.db.transaction():
            held.set()
            await release.wait()

    holder = asyncio.get_running_loop().create_task(hold())
    await held.wait()
    try:
        result = await interact()
        assert result.acknowledged, "answered while the database was busy"
        assert not holder.done(), "the database was still busy when the answer came"
        await env.advance_time(BUSY)
    finally:
        release.set()  # never leave the database held: closing it would wait forever
        await holder
    await env.settle()
    return result


async def test_clicks_in_a_running_game_are_answered_while_the_database_is_busy(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild, channel, (ann, bob), game_id = await new_table(simcord_env, simcord_bot,
                                                          ["ann", "bob"], ai=1)
    table = await table_message(simcord_bot, channel, game_id)

    prompt = await while_busy(simcord_env, simcord_bot, lambda: ann.click(
        table, custom_id=f"jw:open:{game_id}"))
    assert private(prompt) and "Choose your action card" in reply_text(prompt)

    picked = await while_busy(simcord_env, simcord_bot, lambda: ann.click(
        prompt.response, label="Money"))
    assert "You chose **Money**" in reply_text(picked)
    log = await simcord_bot.service.action_log(game_id)
    assert [r.action["type"] for r in log] == ["choose"] * 2, "AI 1 and ann have chosen"

    again = await while_busy(simcord_env, simcord_bot, lambda: ann.click(
        picked.response, label="Money"))  # a double click
    assert private(again) and "already" in reply_text(again), reply_text(again)
    stranger = guild.add_member(simcord_env.create_user("dan"))
    refused = await while_busy(simcord_env, simcord_bot, lambda: stranger.click(
        table, custom_id=f"jw:open:{game_id}"))
    assert private(refused) and "You are not playing in this game" in reply_text(refused)
    assert len(await simcord_bot.service.action_log(game_id)) == 2
    assert (await simcord_bot.service.pending(game_id))[0].player == await seat_of(
        simcord_bot, game_id, bob), "only bob still owes his choice"


async def test_lobby_clicks_are_answered_while_the_database_is_busy(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))

    opened = await while_busy(simcord_env, simcord_bot, lambda: ann.slash(channel, "game new"))
    assert private(opened) and "is open" in reply_text(opened)
    lobby = channel.last_message
    await while_busy(simcord_env, simcord_bot, lambda: bob.click(lobby, label="Join"))
    await while_busy(simcord_env, simcord_bot, lambda: add_ai(ann, lobby))
    await while_busy(simcord_env, simcord_bot, lambda: ann.click(lobby, label="Start"))

    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert info is not None and info.status == "running" and len(info.seats) == 3
    assert (await simcord_bot.service.get_messages(info.id)).get("table") is not None


async def test_negotiation_clicks_are_answered_while_the_database_is_busy(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, opener, partner, cem, game_id = await start_negotiation(simcord_env, simcord_bot)
    _, prompt = await room(simcord_bot, channel, game_id)

    stranger = await while_busy(simcord_env, simcord_bot, lambda: cem.click(
        prompt, label=labels(prompt)[0]))
    assert private(stranger) and "take part in this negotiation" in reply_text(stranger)

    builder = await while_busy(simcord_env, simcord_bot, lambda: opener.click(
        prompt, label="Build an offer…"))
    assert private(builder) and "Draft: **nothing**" in reply_text(builder)
    select = result_buttons(builder)
    red = next(v for k, v in select.items() if k.startswith("jw:draft:") and
               k.split(":")[3] == "0")
    drafted = await while_busy(simcord_env, simcord_bot, lambda: opener.select(
        builder.response, ["1"], custom_id=red["custom_id"]))
    send = next(v for k, v in result_buttons(drafted).items() if k.startswith("Send"))
    sent = await while_busy(simcord_env, simcord_bot, lambda: opener.click(
        drafted.response, custom_id=send["custom_id"]))
    assert "You offered" in reply_text(sent)

    _, prompt = await room(simcord_bot, channel, game_id)
    accept = next(text for text in labels(prompt) if text.startswith("Accept"))
    await while_busy(simcord_env, simcord_bot, lambda: partner.click(prompt, label=accept))
    kinds = [r.action["type"] for r in await simcord_bot.service.action_log(game_id)]
    assert kinds[-2:] == ["offer", "accept"]


@pytest.mark.parametrize(("command", "options", "answer"), [
    ("game status", {}, None),
    ("game hand", {}, "Choose your action card"),
    ("game history", {}, "Edel, Stein & Reich ·"),
    ("game leaderboard", {}, None),
    ("game settings", {"dm": False}, "Your prompts stay in the channel"),
    ("game autopilot", {"mode": "on"}, "The autopilot plays your seat now."),
    ("game leave", {}, "You left the game."),
    ("game abandon", {}, "You abandoned the game."),
])
async def test_commands_are_answered_while_the_database_is_busy(
        simcord_env: Env, simcord_bot: JuwelierBot, command: str, options: dict,
        answer: str | None) -> None:
    _, channel, (ann, _bob), game_id = await new_table(simcord_env, simcord_bot,
                                                       ["ann", "bob"], ai=1)

    result = await while_busy(simcord_env, simcord_bot, lambda: ann.slash(
        channel, command, **options))

    reply = result.response
    assert reply is not None and (reply.content or reply.embeds), "the command got its answer"
    if answer is not None:
        assert answer in reply_text(result)
    info = await simcord_bot.service.get_game(game_id)
    if command == "game abandon":
        assert info.status == "abandoned"
    elif command in ("game autopilot", "game leave"):
        assert info.seat_of(ann.id).autopilot, "the change was made once the database was free"
    else:
        assert info.status == "running" and not info.seat_of(ann.id).autopilot
