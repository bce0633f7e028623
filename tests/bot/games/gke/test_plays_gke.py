"""Whole games of Große kleine Edelsteine through the real bot under SimCord."""

from __future__ import annotations

import random
import re

import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from bot.games.gke.presenter import GkePresenter
from engine import get_kind
from tests.bot.driver import add_ai
from tests.bot.games.gke.driver import pick_somewhere

GAME = get_kind("gke")


@pytest.fixture(autouse=True)
def edits_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table edit at once: a coalesced edit waits a second of SimCord's clock, which it
    lets pass on the wall clock, and a whole game would wait for each. Coalescing has its own
    test (test_table_edits_are_coalesced)."""
    monkeypatch.setattr(GkePresenter, "coalesce_edits", 0.0)


def story(channel) -> str:
    """The channel's public text."""
    return "\n".join(m.content for m in channel.history() if not m.flags.ephemeral)


async def open_game(env: Env, bot: JuwelierBot, people: int, ais: int = 0,
                    level: str = "hard", timers: bool = False, **options):
    """A started game in a new channel: people ann, bob, cy, dee; AI seats of `level`;
    the bot's timer stopped unless `timers`."""
    guild = env.create_guild()
    channel = guild.create_text_channel("pool")
    actors = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cy", "dee")[:people]]
    await actors[0].slash(channel, "game new", game="gke", **options)
    lobby = channel.last_message
    for actor in actors[1:]:
        await actor.click(lobby, label="Join")
    for _ in range(ais):
        await add_ai(actors[0], lobby, level)
    await actors[0].click(lobby, label="Start")
    game_id = (await bot.service.game_in_channel(guild.id, channel.id)).id
    # SimCord lets a virtual timer's time pass on the wall clock too, so the AI seats' think
    # times would stall the clicks in between: the test moves the clock and runs what fell due.
    if not timers:
        await bot.timers.stop()
    return channel, actors, game_id


async def think(env: Env, bot: JuwelierBot, seconds: float) -> None:
    """Let `seconds` pass, then do what fell due (AI seats' picks, the round's clock)."""
    await env.advance_time(seconds)
    await bot.timers.run_due()


@pytest.mark.parametrize("people,ais", [(2, 0), (1, 2), (2, 2)])
async def test_people_race_ai_seats_through_a_whole_game(simcord_env: Env,
                                                         simcord_bot: JuwelierBot, people, ais):
    channel, actors, game_id = await open_game(simcord_env, simcord_bot, people, ais,
                                               rounds=3)
    rng = random.Random(people * 10 + ais)
    for _step in range(200):
        if (await simcord_bot.service.get_game(game_id)).status != "running":
            break
        picked = False
        for actor in actors:
            if await pick_somewhere(simcord_bot, channel, game_id, actor, rng) is not None:
                picked = True
        if not picked:
            await think(simcord_env, simcord_bot, 10)  # the AI seats think, then reach for a gem
    final = GAME.load(await simcord_bot.service.state_json(game_id))
    assert GAME.is_over(final)
    text = story(channel)
    assert "Round 1 of 3" in text and "Round 3 of 3" in text
    # "1 point:" where nobody scored more (the game's seed is random)
    assert "the game is over" in text and re.search(r"\d+ points?:", text)
    pictures = [[a.filename for a in m.attachments] for m in channel.history() if m.attachments]
    # Each round's message: its picture, then its results; the last round's results end the game.
    assert pictures == [["gke-round-1.png", "gke-results-1.png"],
                        ["gke-round-2.png", "gke-results-2.png"], ["gke-round-3.png"],
                        ["gke-results-3.png"]]
    # A round's pool decisions ping each person once, on the round's new message; its many
    # edits and the results ping nobody.
    people = {a.id for a in actors}
    pinging = [(m.attachments[0].filename if m.attachments else m.content[:30],
                {u.id for u in m.mentions}) for m in channel.history() if m.mentions]
    assert pinging == [(f"gke-round-{n}.png", people) for n in (1, 2, 3)]
