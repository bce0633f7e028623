"""Memory stays bounded: what the bot keeps per game goes when the game ends.

Sealed Bid is used for its short games; the bookkeeping is the bot core's, for every game."""

from __future__ import annotations

from pathlib import Path

import pytest
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from tests.bot.driver import add_ai

GAMES = 100  # enough to show growth per game; 500 cost a minute of CI


@pytest.fixture
def simcord_bot(db_file: Path) -> JuwelierBot:
    """The bot, without the cooldown on /game new: one member opens game after game."""
    return JuwelierBot(BotSettings(token="simulated", db_path=db_file, new_game_cooldown=0))


@pytest.mark.parametrize("ending", ["finished", "abandoned"])
async def test_per_game_bookkeeping_returns_to_zero_after_many_games(
        simcord_env: Env, simcord_bot: JuwelierBot, ending: str) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("auction")
    ann = guild.add_member(simcord_env.create_user("ann"))
    await simcord_bot.timers.stop()
    games = GAMES if ending == "finished" else GAMES // 5
    for _ in range(games):
        await ann.slash(channel, "game new", game="sealed")
        lobby = channel.last_message
        await add_ai(ann, lobby)
        await ann.click(lobby, label="Start")
        if ending == "finished":
            await ann.slash(channel, "game autopilot", mode="on")  # plays it to the end
        else:
            await ann.slash(channel, "game abandon")
        info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
        assert info is None, "the game is over and the channel free again"
    assert len(await simcord_bot.service.history(ann.id, guild.id, limit=games)) == games
    assert set(simcord_bot.bookkeeping().values()) == {0}, simcord_bot.bookkeeping()
