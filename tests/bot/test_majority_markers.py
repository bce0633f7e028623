"""A whole game through the bot: after every click the live table, and every private
prompt, show what the real round scoring would pay if the round ended then — checked against
the engine's own scoring of the stored state — and the finished game's table hides nothing."""

from __future__ import annotations

import random
import re

import discord
import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from bot.games.esr.majorities import FORECAST_MARK
from bot.games.esr.narrate import COLOUR_EMOJI
from engine import get_kind
from engine.games.esr.events import RoundScored
from engine.games.esr.scoring import score_round
from engine.games.esr.table import Table
from tests.bot.driver import (
    button_ids,
    choose,
    no_logged_errors,
    open_prompt,
    seeded_table,
    table_message,
)

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)

KIND = get_kind("esr")
SCORED_NOW = re.compile(r"📊 if scored now: \+(\d+)M")
PAYS_YOU = re.compile(r"📊 A scoring now would pay you (\d+) million")


async def real_scoring(bot: JuwelierBot, game_id: int) -> RoundScored | None:
    """The engine's round scoring of a copy of the stored state, as if the round ended now."""
    state = KIND.load(await bot.service.state_json(game_id))
    if state.phase == "over":
        return None
    table = Table(state)
    score_round(table)
    return next(e for e in table.events if isinstance(e, RoundScored))


def check_table(embed: discord.Embed, names: list[str], scored: RoundScored) -> None:
    """Each player's 'if scored now' and each colour's leaders are the real scoring's."""
    fields = {f.name: f.value or "" for f in embed.fields}
    for seat, name in enumerate(names):
        (shown,) = SCORED_NOW.findall(fields[name])
        assert int(shown) == scored.totals[seat], (name, fields[name], scored.totals)
    (majorities,) = [v for k, v in fields.items() if k and k.startswith(FORECAST_MARK)]
    lines = majorities.splitlines()
    for line, colour in zip(lines, scored.colours, strict=False):
        assert line.startswith(COLOUR_EMOJI[colour.colour])
        leaders = colour.majority
        if not leaders:
            assert "nobody holds any" in line
        elif len(leaders) == 1:
            assert f"**{names[leaders[0]]}** leads · +{colour.base}M" in line
        else:
            assert "tied: " in line and all(names[s] in line or "everyone" in line
                                            for s in leaders)
            assert f"+{colour.base // len(leaders)}M each" in line


async def test_the_table_and_the_prompts_show_what_the_scoring_would_pay_all_game(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob), game_id = await seeded_table(simcord_env, simcord_bot,
                                                         ["ann", "bob"], ai=2, seed=6)
    await simcord_bot.timers.stop()
    info = await simcord_bot.service.get_game(game_id)
    names = [s.name for s in sorted(info.seats, key=lambda s: s.seat)]
    actors = {ann.id: ann, bob.id: bob}
    seats = {s.seat: s.user_id for s in info.seats}
    rng = random.Random(6)
    tables = prompts = 0
    while (await simcord_bot.service.get_game(game_id)).status == "running":
        scored = await real_scoring(simcord_bot, game_id)
        table = await table_message(simcord_bot, channel, game_id)
        assert scored is not None
        check_table(table.embeds[0], names, scored)
        tables += 1
        decision = next(d for d in await simcord_bot.service.pending(game_id)
                        if seats[d.player] is not None)
        actor = actors[seats[decision.player]]
        prompt = await actor.click(table, custom_id=f"jw:open:{game_id}")
        (pays,) = PAYS_YOU.findall(prompt.response.content)
        assert int(pays) == scored.totals[decision.player]
        prompts += 1
        _, custom_id = rng.choice(button_ids(prompt))
        await actor.click(prompt.response, custom_id=custom_id)
    assert tables > 40 and prompts == tables

    final = (await table_message(simcord_bot, channel, game_id)).embeds[0]
    text = str(final.to_dict())
    assert "Game over" in text
    assert "(hidden)" not in text, "ESR-1 hides a laid-aside card with 4 players, not at the end"
    assert FORECAST_MARK not in text, "after the last scoring there is nothing to forecast"


async def test_the_half_scoring_prompt_and_story_tell_what_each_colour_pays(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    from tests.bot.test_event_prompts import answer, channel_text, seed_with_face_up

    _, channel, (ann, bob, cem), game_id = await seeded_table(
        simcord_env, simcord_bot, ["ann", "bob", "cem"], seed=seed_with_face_up("half_scoring",
                                                                                3))
    await choose(simcord_bot, channel, game_id, [(ann, "Event"), (bob, "Money"),
                                                 (cem, "Gemstones")])
    prompt = await open_prompt(simcord_bot, channel, game_id, ann)
    prompt = await answer(simcord_bot, game_id, ann, prompt, "Take Half scoring")
    prompt = await answer(simcord_bot, game_id, ann, prompt, "Carry it out")

    # Everyone holds 3 of each: a three-way tie in every colour (7 // 3 = 2, 6 // 3 = 2, …).
    text = prompt.response.content
    assert "which colour do you score at half proceeds?" in text
    j = "\u2060"
    (red,) = [line for line in text.splitlines() if line.startswith("• Red: ")]
    assert red.startswith(f"• Red: You get 2 million and return 🔺{j}2. "), "the reader first"
    for other in ("bob", "cem"):
        assert f"{other} gets 2 million and returns 🔺{j}2." in red
    assert f"• Blue: You get 1 million and return 🔷{j}2." in text
    await answer(simcord_bot, game_id, ann, prompt, "Red")
    (story,) = [line for line in channel_text(channel).splitlines()
                if "carries out **Half scoring**" in line]
    assert story.startswith("ann carries out **Half scoring** and scores 🔺 red at half "
                            "proceeds: ")
    for player in ("ann", "bob", "cem"):
        assert f"{player} +2 million, returns 🔺{j}2" in story
