"""`/game abandon` and the lobby's Cancel: the host or anyone with Manage Channels, nobody else."""

from __future__ import annotations

import discord
from simcord import Env

from bot.core.client import JuwelierBot
from tests.bot.driver import new_lobby, new_table, private, reply_text, said_in_channel


async def status(bot: JuwelierBot, game_id: int) -> str:
    """The game's status in the database."""
    return (await bot.service.get_game(game_id)).status


async def test_a_seated_player_who_is_not_host_cannot_abandon(simcord_env: Env,
                                                              simcord_bot: JuwelierBot) -> None:
    _, channel, (_ann, bob), game_id = await new_table(simcord_env, simcord_bot, ["ann", "bob"],
                                                       ai=1)
    version = await simcord_bot.service.version(game_id)

    result = await bob.slash(channel, "game abandon")

    assert private(result)
    assert reply_text(result) == "Only the host can abandon the game."
    assert simcord_env.errors == []  # a refusal is an answer, not a failure
    assert await status(simcord_bot, game_id) == "running"
    assert await simcord_bot.service.version(game_id) == version
    assert "abandoned" not in channel.last_message.content


async def test_the_host_abandons_and_the_channel_is_free_again(simcord_env: Env,
                                                               simcord_bot: JuwelierBot) -> None:
    guild, channel, (ann, bob), game_id = await new_table(simcord_env, simcord_bot,
                                                          ["ann", "bob"], ai=1)

    result = await ann.slash(channel, "game abandon")

    assert private(result) and reply_text(result) == "You abandoned the game."
    assert said_in_channel(channel, f"🛑 The game was abandoned by {ann.mention}."), \
        "everyone at the table learns the game is over"
    assert await status(simcord_bot, game_id) == "abandoned"
    assert await simcord_bot.service.game_in_channel(guild.id, channel.id) is None

    await bob.slash(channel, "game new")
    assert channel.last_message.embeds[0].title.endswith("lobby")
    fresh = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert fresh is not None and fresh.id != game_id and fresh.host_id == bob.id
    assert fresh.status == "lobby"


async def test_a_member_with_manage_channels_may_abandon_someone_elses_game(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild, channel, _, game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mod = guild.add_member(simcord_env.create_user("mod"), roles=[mods])

    await mod.slash(channel, "game abandon")

    assert said_in_channel(channel, f"🛑 The game was abandoned by {mod.mention}.")
    assert await status(simcord_bot, game_id) == "abandoned"
    assert await simcord_bot.service.game_in_channel(guild.id, channel.id) is None


async def test_abandon_without_a_game_says_there_is_none(simcord_env: Env,
                                                         simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))
    result = await ann.slash(channel, "game abandon")
    assert private(result)
    assert "There is no game in this channel." in reply_text(result)


async def test_the_hosts_cancel_button_closes_the_lobby(simcord_env: Env,
                                                        simcord_bot: JuwelierBot) -> None:
    guild, channel, (ann, bob), lobby = await new_lobby(simcord_env, ["ann", "bob"])
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    await bob.click(lobby, label="Join")

    refused = await bob.click(lobby, label="Cancel")
    assert private(refused) and reply_text(refused) == "Only the host can abandon the game."
    assert await status(simcord_bot, info.id) == "lobby"

    closed = await ann.click(lobby, label="Cancel")

    assert closed.acknowledged
    assert await status(simcord_bot, info.id) == "abandoned"
    message = next(m for m in channel.history() if m.id == lobby.id)
    assert message.embeds[0].description == "This lobby was closed."
    assert not message.components, "a closed lobby has no buttons left"
    assert await simcord_bot.service.game_in_channel(guild.id, channel.id) is None
    await bob.slash(channel, "game new")
    assert (await simcord_bot.service.game_in_channel(guild.id, channel.id)).host_id == bob.id
