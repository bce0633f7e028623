"""A private prompt follows the game: it moves on to the player's next decision by itself (no
second press of "Your decision"), and a prompt whose decision is over says so and loses its
buttons while Discord still lets the bot edit it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot.core.client import JuwelierBot
from bot.core.live_prompts import EDITABLE
from tests.bot.driver import (
    choose,
    last_reply,
    negotiators,
    no_logged_errors,
    open_prompt,
    play_one,
    press,
    seeded_table,
)

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


def current(channel: ChannelHandle, actor: MemberActor, shown: InteractionResult) -> Any:
    """The prompt message `shown` as it is now (edits included), as its owner sees it."""
    reply = last_reply(shown)
    assert reply is not None and reply.ephemeral
    return next(m for m in channel.history(viewer=actor) if m.id == reply.id)


def buttons(message: Any) -> list[str]:
    """The labels of a message's buttons."""
    return [c.label for row in message.components for c in row.children if hasattr(c, "label")]


async def three_at_the_table(env: Env, bot: JuwelierBot
                             ) -> tuple[ChannelHandle, list[MemberActor], int]:
    _, channel, actors, game_id = await seeded_table(env, bot, ["ann", "bob", "cem"], seed=2)
    return channel, actors, game_id


async def test_a_chosen_action_card_prompt_moves_on_to_the_negotiation(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    env, bot = simcord_env, simcord_bot
    channel, (ann, bob, cem), game_id = await three_at_the_table(env, bot)
    await choose(bot, channel, game_id, [(cem, "Gemstones")])
    prompts = {}
    for actor in (ann, bob):  # each opens their prompt once and picks Money in it
        prompts[actor.id] = shown = await open_prompt(bot, channel, game_id, actor)
        await actor.click(shown.response, label="Money")
    opener, partner = await negotiators(bot, game_id, ann, bob)
    moved = current(channel, opener, prompts[opener.id])
    assert "✅" not in moved.content, "the opener's prompt shows the negotiation now"
    assert any(label.startswith("Offer") for label in buttons(moved)), buttons(moved)
    waiting = current(channel, partner, prompts[partner.id])
    assert buttons(waiting) == [], "the partner has nothing to decide: no buttons"


async def test_a_prompt_answered_elsewhere_loses_its_buttons(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    env, bot = simcord_env, simcord_bot
    channel, (ann, bob, cem), game_id = await three_at_the_table(env, bot)
    await choose(bot, channel, game_id, [(ann, "Money"), (bob, "Money"), (cem, "Gemstones")])
    opener, partner = await negotiators(bot, game_id, ann, bob)
    private = await open_prompt(bot, channel, game_id, opener)
    assert buttons(current(channel, opener, private)), "the opener's offers, privately"
    # The opener answers on the thread's live prompt instead: the private one is out of date.
    await press(bot, channel, game_id, opener, "Offer 🔷")
    after = current(channel, opener, private)
    assert buttons(after) == [], after.content
    assert "Waiting for" in after.content and partner.name in after.content


async def test_it_is_not_your_turn_becomes_your_prompt_when_it_is(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    env, bot = simcord_env, simcord_bot
    channel, (ann, bob, cem), game_id = await three_at_the_table(env, bot)
    await choose(bot, channel, game_id, [(ann, "Money"), (bob, "Money"), (cem, "Gemstones")])
    opener, partner = await negotiators(bot, game_id, ann, bob)
    early = await open_prompt(bot, channel, game_id, partner)
    assert "not your turn" in current(channel, partner, early).content
    await press(bot, channel, game_id, opener, "Offer 🔷")
    now = current(channel, partner, early)
    assert "Accept" in " ".join(buttons(now)), (now.content, buttons(now))


async def dm_prompt(bot: JuwelierBot, channel: ChannelHandle, game_id: int,
                    people: dict[int, MemberActor], ann: MemberActor) -> Any:
    """Play on until a turn's prompt reaches ann by DM; that DM."""
    await ann.slash(channel, "game settings", dm=True)
    rng = random.Random(3)
    while not any(m.components for m in ann.user.dm_channel.history()):  # the next turn's DM
        assert await play_one(bot, channel, game_id, people, rng) is not None
    (dm,) = [m for m in ann.user.dm_channel.history() if m.components]
    return dm


def in_dm(actor: MemberActor, message_id: int) -> Any:
    return next(m for m in actor.user.dm_channel.history() if m.id == message_id)


async def test_a_dm_prompt_is_retired_when_she_opens_the_same_decision_at_the_table(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    env, bot = simcord_env, simcord_bot
    channel, (ann, bob, cem), game_id = await three_at_the_table(env, bot)
    dm = await dm_prompt(bot, channel, game_id, {a.id: a for a in (ann, bob, cem)}, ann)
    shown = await open_prompt(bot, channel, game_id, ann)
    retired = in_dm(ann, dm.id)
    assert not retired.components
    assert retired.content.startswith(dm.content.split("\n⏰")[0])
    assert "A newer prompt replaced this one." in retired.content
    await ann.click(shown.response, label="Money")
    assert buttons(current(channel, ann, shown)), "she may change her choice until all chose"


async def test_a_dm_prompt_whose_decision_is_over_loses_its_buttons(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    env, bot = simcord_env, simcord_bot
    channel, (ann, bob, cem), game_id = await three_at_the_table(env, bot)
    dm = await dm_prompt(bot, channel, game_id, {a.id: a for a in (ann, bob, cem)}, ann)
    await ann.slash(channel, "game autopilot", mode="on")  # decides for her, not in the DM
    if in_dm(ann, dm.id).components:  # a secret choice stays open until everyone has chosen
        await choose(bot, channel, game_id, [(bob, "Money"), (cem, "Event")])
    retired = in_dm(ann, dm.id)
    assert not retired.components
    assert "This decision is over" in retired.content


async def test_a_newer_prompt_retires_the_one_before(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    """Pressing "Your decision" again shows the same decision: only the newest keeps buttons."""
    env, bot = simcord_env, simcord_bot
    channel, (ann, _bob, _cem), game_id = await three_at_the_table(env, bot)
    opened = [await open_prompt(bot, channel, game_id, ann) for _ in range(4)]
    for shown in opened[:-1]:
        old = current(channel, ann, shown)
        assert buttons(old) == [] and "A newer prompt replaced this one." in old.content
    assert buttons(current(channel, ann, opened[-1]))
    assert len(bot.prompts) == 1, "one prompt followed per member and game"


async def test_a_prompt_still_live_when_its_token_runs_out_is_retired_first(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    env, bot = simcord_env, simcord_bot
    channel, (ann, _bob, _cem), game_id = await three_at_the_table(env, bot)
    shown = await open_prompt(bot, channel, game_id, ann)
    await env.advance_time(EDITABLE - 5)
    assert buttons(current(channel, ann, shown)), "still current, still live"
    await env.advance_time(10)
    retired = current(channel, ann, shown)
    assert buttons(retired) == [] and "too old" in retired.content
    assert len(bot.prompts) == 0


def test_a_retired_prompt_keeps_its_text_but_not_its_countdown() -> None:
    from bot.core.live_prompts import _ending

    shown = "Round 3 of 3 · your picks: 🩷 K7\n⏰ Due <t:1900000000:R>."
    over = "🏁 This game is over: nothing more to decide."
    assert _ending(shown, over) == f"Round 3 of 3 · your picks: 🩷 K7\n{over}"
