"""The real bot referees Sealed Bid, a game it has never heard of, from `/game new` to the end.

Two humans and one AI seat play a whole game by slash commands and button clicks in SimCord;
only the registered GameKind and its presenter tell the bot what Sealed Bid is.
"""

from __future__ import annotations

import random
import re

from simcord import ChannelHandle, Env

from bot.core.client import JuwelierBot
from tests.bot.driver import add_ai, play_one, table_message
from tests.toygame import GAME

AMOUNT = re.compile(r"\bbid \d")


def channel_text(channel: ChannelHandle) -> str:
    """Everything public in the channel: message texts and embeds."""
    parts = []
    for message in channel.history():
        if not message.flags.ephemeral:
            parts.append(message.content)
            parts += [str(e.to_dict()) for e in message.embeds]
    return "\n".join(parts)


async def test_two_humans_and_an_ai_play_a_whole_game_of_sealed_bid(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("auction")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    opened = await ann.slash(channel, "game new", game="sealed")
    assert opened.response is not None
    lobby = channel.last_message
    assert (await bob.click(lobby, label="Join")).response is not None
    await add_ai(ann, lobby)
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert info is not None and info.kind == "sealed"
    await ann.click(lobby, label="Start")
    game_id = info.id
    await simcord_bot.timers.stop()  # deadlines are not this test's business

    actors = {ann.id: ann, bob.id: bob}
    rng = random.Random(4)
    clicks = 0
    while (await simcord_bot.service.get_game(game_id)).status == "running":
        played = await play_one(simcord_bot, channel, game_id, actors, rng)
        assert played is not None, "a running game always waits for a human here"
        _, label, answered = played
        assert answered.response.ephemeral and label in answered.response.content
        clicks += 1
        assert clicks < 60
        spectator = (await simcord_bot.service.get_view(game_id)).view
        if spectator["phase"] == "bid":
            # Before the reveal the public table says who has bid, never how much.
            table = await table_message(simcord_bot, channel, game_id)
            shown = str(table.embeds[0].to_dict())
            assert not AMOUNT.search(shown), shown
            assert "has bid" in shown

    info = await simcord_bot.service.get_game(game_id)
    assert info.status == "finished"
    text = channel_text(channel)
    for round_no in (1, 2, 3):
        assert f"Round {round_no}: a prize worth" in text
    assert text.count("Bids: ") == 3  # one reveal per round
    assert "Game over:" in text and "Final scores" in text
    final = GAME.load(await simcord_bot.service.state_json(game_id))
    results = GAME.results(final)
    assert results is not None and len(results.standings) == 3
    board = await simcord_bot.service.leaderboard(guild.id)
    assert {row.user_id for row in board} == {ann.id, bob.id}
