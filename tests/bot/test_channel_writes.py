"""Every state change a player must see costs the game's channel one message write: the turn's
story and the table share one live message. When that write is a new message (a new
turn, a ping, a picture), one more edit finalises the message it replaces: the ending of its
turn, and no table or buttons any more, so only the live message carries them (#13, #14)."""

from __future__ import annotations

import random
import re

import pytest
from simcord import ChannelHandle, Env

from bot.core.client import JuwelierBot
from tests.bot.driver import open_lobby, play_one

WRITE = re.compile(r"^/channels/(\d+)/messages(/\d+)?$")  # post or edit a message


def channel_writes(env: Env, channel: ChannelHandle, since: int) -> tuple[int, int, int]:
    """(posts, edits, closings) in the game's channel (not its threads) since request `since`;
    a closing is an edit that only takes a message's buttons away."""
    writes = [r for r in env.http_requests[since:]
              if r.method in ("POST", "PATCH") and (m := WRITE.match(r.path))
              and int(m[1]) == channel.id]
    closing = [r for r in writes if r.method == "PATCH" and r.json.get("components") == []
               and r.json.get("embeds") == []]  # the table and buttons taken off
    posts = [r for r in writes if r.method == "POST"]
    return len(posts), len(writes) - len(posts) - len(closing), len(closing)


@pytest.mark.parametrize(("humans", "ai", "seed"), [(1, 2, 3), (2, 2, 8)])
async def test_every_answer_costs_the_channel_one_message_write(
        simcord_env: Env, simcord_bot: JuwelierBot, humans: int, ai: int, seed: int) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    actors = [guild.add_member(simcord_env.create_user(f"p{i}")) for i in range(humans)]
    game_id = await open_lobby(simcord_bot, channel, actors[0], actors[1:], ai=ai)
    await simcord_bot.timers.stop()  # only the players' answers change the game here
    rng = random.Random(seed)
    per_answer: list[int] = []
    closings = 0
    while (await simcord_bot.service.get_game(game_id)).status == "running":
        before = len(simcord_env.http_requests)
        assert await play_one(simcord_bot, channel, game_id, {a.id: a for a in actors}, rng)
        posts, edits, closed = channel_writes(simcord_env, channel, before)
        per_answer.append(posts + edits)
        assert closed == posts, "each new live message closes the one before it, nothing else"
        closings += closed

    assert len(per_answer) >= 3 * 8, "a whole game was played"
    # One write per visible change; none for one nobody can see (a secret choice changed).
    assert set(per_answer) <= {0, 1} and per_answer.count(1) > len(per_answer) * 0.8, \
        f"writes per answer: {sorted(set(per_answer))}"
    assert closings >= 3 * 6, "every turn's message was closed by the next one"
    assert channel.threads, "negotiations ran in threads (their writes are not the channel's)"
