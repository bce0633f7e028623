"""Limits against abuse: games per member, a cooldown on /game new, no farmed wins, and no
public answers on behalf of someone who may not post."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
from simcord import Env, GuildHandle, MemberActor

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from tests.bot.driver import add_ai, no_logged_errors, private, reply_text
from tests.postgres import on_both_backends, postgres_url

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


__all__ = ["on_both_backends", "postgres_url"]  # the limits hold on both backends


@pytest.fixture
def simcord_bot(db_file: Path, database_url: str | None,
                request: pytest.FixtureRequest) -> JuwelierBot:
    """The bot with the default limits, or no cooldown where a test opens many games."""
    cooldown = getattr(request, "param", 30.0)
    return JuwelierBot(BotSettings(token="simulated", db_path=db_file, database_url=database_url,
                                   new_game_cooldown=cooldown))


async def open_in(guild: GuildHandle, member: MemberActor, name: str) -> str:
    """`/game new` in a new channel of the guild; the reply."""
    return reply_text(await member.slash(guild.create_text_channel(name), "game new"))


@pytest.mark.parametrize("simcord_bot", [0.0], indirect=True)
async def test_a_member_sits_in_at_most_three_open_games_per_server(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    first = guild.create_text_channel("ann-0")
    assert "is open" in reply_text(await ann.slash(first, "game new"))
    for n in range(1, 3):
        assert "is open" in await open_in(guild, ann, f"ann-{n}")
    assert "already sit in 3 open games" in await open_in(guild, ann, "ann-3")
    bobs = guild.create_text_channel("bob")
    await bob.slash(bobs, "game new")
    joined = await ann.click(bobs.last_message, label="Join")
    assert private(joined) and "already sit in 3 open games" in reply_text(joined)
    other = simcord_env.create_guild()  # the limit is per server
    assert "is open" in await open_in(other, other.add_member(ann.user), "elsewhere")
    await ann.slash(first, "game abandon")
    assert "is open" in await open_in(guild, ann, "ann-again")


async def test_new_games_have_a_cooldown_per_member(simcord_env: Env,
                                                    simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    assert "is open" in await open_in(guild, ann, "one")
    assert "wait 30 more seconds" in await open_in(guild, ann, "two")
    assert "is open" in await open_in(guild, bob, "three")  # per member
    await simcord_env.advance_time(31)
    assert "is open" in await open_in(guild, ann, "four")


async def test_the_cooldown_outlives_a_restart(simcord_env: Env, simcord_bot: JuwelierBot,
                                             db_file: Path, database_url: str | None) -> None:
    guild = simcord_env.create_guild()
    ann = guild.add_member(simcord_env.create_user("ann"))
    assert "is open" in await open_in(guild, ann, "one")
    new = JuwelierBot(BotSettings(token="simulated", db_path=db_file, database_url=database_url,
                                  new_game_cooldown=30.0))
    await simcord_env.restart_bot(new)
    await simcord_bot.close()
    assert "more seconds" in await open_in(guild, ann, "two")


async def test_a_refused_new_game_does_not_start_the_cooldown(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    ann = guild.add_member(simcord_env.create_user("ann"))
    refused = await ann.slash(guild.create_text_channel("bad"), "game new", game="esr", rounds=4)
    assert "no choice of rounds" in reply_text(refused)
    assert "is open" in await open_in(guild, ann, "good")


async def test_letting_the_autopilot_beat_ai_seats_farms_no_win(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("farm")
    ann = guild.add_member(simcord_env.create_user("ann"))
    await ann.slash(channel, "game new")
    lobby = channel.last_message
    for _ in range(2):
        await add_ai(ann, lobby)
    await ann.click(lobby, label="Start")
    await ann.slash(channel, "game autopilot", mode="on")  # plays the whole game at once
    games = await simcord_bot.service.history(ann.id, guild.id)
    assert [g.status for g in games] == ["finished"]
    assert await simcord_bot.service.leaderboard(guild.id) == []
    (practice,) = await simcord_bot.service.leaderboard(guild.id, practice=True)
    assert practice.games == 1 and practice.wins == 0


async def test_the_leaderboard_is_private_for_a_member_who_may_not_post(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    ann, zed = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "zed"))
    channel = guild.create_text_channel("quiet", overwrites={
        zed: discord.PermissionOverwrite(send_messages=False)})
    assert not private(await ann.slash(channel, "game leaderboard"))
    muted = await zed.slash(channel, "game leaderboard")
    assert private(muted) and muted.response.embeds[0].title == "🏆 Leaderboard"


async def test_a_member_who_may_not_post_cannot_open_a_game(simcord_env: Env,
                                                           simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    zed = guild.add_member(simcord_env.create_user("zed"))
    channel = guild.create_text_channel("quiet", overwrites={
        zed: discord.PermissionOverwrite(send_messages=False)})
    result = await zed.slash(channel, "game new")
    assert private(result) and "may not send messages" in reply_text(result)
    assert await simcord_bot.service.game_in_channel(guild.id, channel.id) is None
