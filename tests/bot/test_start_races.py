"""Races around a game's start: a Start clicked again a moment after the game began is refused
and the channel hears the start once (the mark of what was told is the start's own)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import discord
import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from engine.service.errors import AlreadyStarted
from tests.bot.driver import no_logged_errors, open_lobby, play_one
from tests.postgres import on_both_backends, postgres_url

__all__ = ["on_both_backends", "postgres_url"]  # every race here runs on both backends

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


async def test_a_start_clicked_again_after_the_game_began_tells_nothing_twice(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann, bob, cem = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cem"))
    game_id = await open_lobby(simcord_bot, channel, ann, [bob, cem])
    await simcord_bot.timers.stop()
    # A second Start that arrived while the first was being carried out: it passed the lobby
    # message's check (the button was still there) and reaches the start itself. (SimCord runs
    # one operation at a time, so the click is handed to the handler as Discord would have.)
    second = SimpleNamespace(user=SimpleNamespace(id=ann.id), permissions=discord.Permissions())
    with pytest.raises(AlreadyStarted):
        await simcord_bot.actions.start(second, game_id)
    version = (await simcord_bot.service.get_game(game_id)).version
    assert await simcord_bot.service.told(game_id) == version, "the mark was left alone"
    await play_one(simcord_bot, channel, game_id, {a.id: a for a in (ann, bob, cem)},
                   random.Random(1))  # the next change is told
    story = "\n".join(m.content for m in channel.history() if not m.flags.ephemeral)
    assert story.count("take their seats") == 1
    assert story.count("Round 1 begins") == 1 and story.count("Round 1 · turn 1") == 1
