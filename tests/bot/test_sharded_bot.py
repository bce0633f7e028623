"""A bot running some of the shards (`--shards`), under SimCord: it holds their leases from
start-up, takes over the games of a shard another process gave up, and a click for a game on a
shard whose lease it lost is answered privately and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot, ShardedJuwelierBot, make_bot
from engine.service import GameService
from engine.service.shards import ShardChange
from tests.bot.driver import no_logged_errors, private, reply_text

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)

SHARD_0, SHARD_1 = 4 << 22 | 1, 7 << 22 | 1  # guild ids on shards 0 and 1 of 2 (Discord's formula)


@pytest.fixture
def simcord_bot(db_file: Path) -> JuwelierBot:
    """A bot process running both shards of 2."""
    return make_bot(BotSettings(token="simulated", db_path=db_file, shards="0-1", shard_count=2))


async def test_a_sharded_bot_serves_its_shards_and_one_it_lost_without_writing(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    assert isinstance(simcord_bot, ShardedJuwelierBot)
    assert simcord_bot.service.owns(SHARD_0) and simcord_bot.service.owns(SHARD_1)
    # Another process holds shard 1 now (this one was paused past its lease, say), while its
    # gateway connection still hands this process that shard's clicks.
    await simcord_bot.service.release_shards([1])
    mine, lost = (simcord_env.create_guild(id=g) for g in (SHARD_0, SHARD_1))
    for guild in (mine, lost):
        ann = guild.add_member(simcord_env.create_user(f"ann{guild.id}"))
        result = await ann.slash(guild.create_text_channel("gems"), "game new")
        if guild is mine:
            assert "is open" in reply_text(result)
        else:
            assert private(result)
            assert "moving to another of the bot's processes" in reply_text(result)
    assert [g.guild_id for g in await simcord_bot.service.open_lobbies()] == [SHARD_0]


async def test_a_shard_given_up_by_another_process_has_its_games_taken_over(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    await simcord_bot.service.release_shards([0])  # handed to another process for a while
    assert await simcord_bot.shard_keeper.renew() == ShardChange()
    other = await GameService.open(db_file)
    try:
        other.use_shards([0], 2)
        await other.renew_shards()
        lobby = await other.create_lobby(SHARD_0, 10, 1, "P1", seed=3)
        for user in (2, 3):
            await other.join(lobby.id, user, f"P{user}")
        await other.start(lobby.id, 1)
        assert await simcord_bot.service.running_games() == []  # not ours while it holds it
        await other.release_shards()
    finally:
        await other.close()
    simcord_bot.service.want_shards([0])  # and back: its games are this process's again
    change = await simcord_bot.shard_keeper.renew()
    assert change.gained == {0}
    assert [g.id for g in simcord_bot.resumed] == [lobby.id]
    assert [g.id for g in await simcord_bot.service.running_games()] == [lobby.id]
