"""Event cards and Free Choice: the taker is pinged, and one private prompt walks them through
every choice the card needs, offering only the engine's legal options (ESR-8, ESR-11)."""

from __future__ import annotations

from functools import cache

import pytest
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot.core.client import JuwelierBot
from bot.core.texts import option_label, seat_names
from bot.games.esr.narrate import gem
from engine import get_kind
from engine.games.esr.cards import cards
from tests.bot.driver import (
    button_ids,
    choose,
    no_logged_errors,
    open_prompt,
    seat_of,
    seeded_table,
    state,
)

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)

# What the taker answers after "Carry it out", per Instant card (ESR-8).
ANSWERS = {
    "one_plus_one": [],
    "half_scoring": ["Red"],
    "exchange": ["Red", "bob", "Blue"],
    "remove": ["Red", "Green"],
    "trio": ["Green"],
    "halve_all": [],
}


@cache
def seed_with_face_up(effect: str, players: int) -> int:
    """A seed whose first face-up event card has this effect (chosen, not edited in)."""
    kind = get_kind("esr")
    for seed in range(5000):
        first, _ = kind.new_game(seed, players)
        if cards().event[first.face_up_event].effect == effect:
            return seed
    raise AssertionError(f"no seed turns up {effect} first")


def channel_text(channel: ChannelHandle) -> str:
    """Everything said in the channel."""
    return "\n".join(m.content for m in channel.history())


async def gems(bot: JuwelierBot, game_id: int, actor: MemberActor) -> list[int]:
    """A player's gemstones."""
    return (await state(bot, game_id))["players"][await seat_of(bot, game_id, actor)]["gems"]


async def legal_labels(bot: JuwelierBot, game_id: int) -> list[str]:
    """The engine's options for the pending decision, labelled as the bot shows them."""
    (decision,) = await bot.service.pending(game_id)
    names = seat_names(await bot.service.get_game(game_id))
    return [option_label(o, names) for o in decision.options]


async def answer(bot: JuwelierBot, game_id: int, actor: MemberActor, prompt: InteractionResult,
                 label: str) -> InteractionResult:
    """Click `label` in the private prompt after checking it offers exactly the legal options."""
    assert [text for text, _ in button_ids(prompt)] == await legal_labels(bot, game_id)
    result = await actor.click(prompt.response, label=label)
    assert result.acknowledged and result.response.ephemeral
    return result


def pings(channel: ChannelHandle, actor: MemberActor) -> list[str]:
    """The channel's 'your move' lines for one player."""
    return [line for line in channel_text(channel).splitlines()
            if line.startswith(f"<@{actor.id}>, your move")]


@pytest.mark.parametrize("use", ["Carry it out", "Forgo it"])
@pytest.mark.parametrize("effect", list(ANSWERS))
async def test_an_instant_card_is_carried_out_or_forgone_through_the_takers_prompt(
        simcord_env: Env, simcord_bot: JuwelierBot, effect: str, use: str) -> None:
    seed = seed_with_face_up(effect, 3)
    _, channel, (ann, bob, cem), game_id = await seeded_table(
        simcord_env, simcord_bot, ["ann", "bob", "cem"], seed=seed)
    card = cards().event[(await state(simcord_bot, game_id))["face_up_event"]]
    await choose(simcord_bot, channel, game_id, [(ann, "Event"), (bob, "Money"),
                                                 (cem, "Gemstones")])
    # ann chose first: the reveal after cem's click hands her the card, so she is pinged.
    assert pings(channel, ann) == [f"<@{ann.id}>, your move: Event: take the face-up card or "
                                   "draw the top card blind? (press **Your decision** on the "
                                   "table)."]
    assert any(ann.id in [u.id for u in m.mentions] for m in channel.history())
    before = {a.name: await gems(simcord_bot, game_id, a) for a in (ann, bob, cem)}

    prompt = await open_prompt(simcord_bot, channel, game_id, ann)
    prompt = await answer(simcord_bot, game_id, ann, prompt, f"Take {card.name}")
    assert f"{card.name}: {card.text} Carry it out or forgo it?" in prompt.response.content
    prompt = await answer(simcord_bot, game_id, ann, prompt, use)

    if use == "Forgo it":
        assert f"ann forgoes **{card.name}** (chose not to carry it out)." in \
            channel_text(channel)
        assert {a.name: await gems(simcord_bot, game_id, a) for a in (ann, bob)} == {
            k: before[k] for k in ("ann", "bob")}
        return
    for label in ANSWERS[effect]:
        if effect == "exchange" and label == "Blue":
            assert "which gemstone do you take from bob?" in prompt.response.content
        prompt = await answer(simcord_bot, game_id, ann, prompt, label)
    assert prompt.response.content.startswith("✅") and not button_ids(prompt)
    assert f"ann carries out **{card.name}**" in channel_text(channel)
    assert len(pings(channel, ann)) == 1, "the follow-up choices were in front of her"
    await assert_effect(simcord_bot, game_id, effect, card, (ann, bob, cem), before)


async def assert_effect(bot: JuwelierBot, game_id: int, effect: str, card: object,
                        actors: tuple[MemberActor, ...], before: dict[str, list[int]]) -> None:
    """The card did what ESR-8 says (gems of ann and bob; cem takes gems after the event)."""
    ann, bob, _ = actors
    mine, theirs = await gems(bot, game_id, ann), await gems(bot, game_id, bob)
    if effect == "one_plus_one":
        for colour in card.colours:  # type: ignore[attr-defined]
            assert mine[["red", "yellow", "green", "blue"].index(colour)] == 4
    elif effect == "half_scoring":  # three tied on red: 7 split, 2 each returned
        assert mine[0] == before["ann"][0] - 2
        assert (await state(bot, game_id))["players"][await seat_of(bot, game_id, ann)][
            "money"] == 7 // 3
    elif effect == "exchange":
        assert mine == [before["ann"][0] - 1, *before["ann"][1:3], before["ann"][3] + 1]
        assert theirs == [before["bob"][0] + 1, *before["bob"][1:3], before["bob"][3] - 1]
    elif effect == "remove":
        assert mine == before["ann"]
        assert sum(theirs) == sum(before["bob"]) - 1
    elif effect == "trio":
        assert mine[2] == before["ann"][2] + 3
    else:
        assert mine == [n - n // 2 for n in before["ann"]]
        assert theirs == [n - n // 2 for n in before["bob"]]


async def test_free_choice_alone_returns_one_and_takes_two_through_one_prompt(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, actors, game_id = await seeded_table(
        simcord_env, simcord_bot, ["ann", "bob", "cem", "dan", "eve"], seed=7)
    ann, bob, cem, dan, eve = actors
    await choose(simcord_bot, channel, game_id, [(ann, "Free Choice"), (bob, "Money"),
                                                 (cem, "Gemstones"), (dan, "Gemstones"),
                                                 (eve, "Gemstones")])
    assert len(pings(channel, ann)) == 1
    before = await gems(simcord_bot, game_id, ann)

    prompt = await open_prompt(simcord_bot, channel, game_id, ann)
    assert [label for label, _ in button_ids(prompt)] == ["Red", "Yellow", "Green", "Blue",
                                                          "Forgo"]
    prompt = await answer(simcord_bot, game_id, ann, prompt, "Red")
    assert "take a gemstone from the supply (1 of 2)" in prompt.response.content
    prompt = await answer(simcord_bot, game_id, ann, prompt, "Blue")
    assert "(2 of 2)" in prompt.response.content
    prompt = await answer(simcord_bot, game_id, ann, prompt, "Green")

    # The gemstones taken are counted, in the gem notation of every gain: green before blue.
    freed = "ann uses 🎁 Free Choice: returns 🔺 red, takes 🟩\u20601 🔷\u20601."
    assert freed in channel_text(channel)
    assert await gems(simcord_bot, game_id, ann) == [before[0] - 1, before[1], before[2] + 1,
                                                     before[3] + 1]
    assert len(pings(channel, ann)) == 1


async def test_shared_free_choice_lets_each_chooser_take_one_in_esr3_order(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, actors, game_id = await seeded_table(
        simcord_env, simcord_bot, ["ann", "bob", "cem", "dan", "eve"], seed=7)
    ann, bob, cem, dan, eve = actors
    sharing = {a.id: a for a in (ann, bob, cem)}
    await choose(simcord_bot, channel, game_id, [(ann, "Free Choice"), (bob, "Free Choice"),
                                                 (cem, "Free Choice"), (dan, "Money"),
                                                 (eve, "Gemstones")])
    info = await simcord_bot.service.get_game(game_id)
    # Everyone holds the same gemstones and no money yet, so ESR-3 falls back on the seats.
    order = [s.user_id for s in sorted(info.seats, key=lambda s: s.seat) if s.user_id in sharing]
    taken = []
    for colour, user_id in zip(("Red", "Yellow", "Green"), order, strict=True):
        (decision,) = await simcord_bot.service.pending(game_id)
        actor = sharing[user_id]
        assert decision.kind == "esr.free_take" and decision.player == await seat_of(
            simcord_bot, game_id, actor)
        assert len(pings(channel, actor)) == 1, f"{actor.name} is pinged when it is their turn"
        prompt = await open_prompt(simcord_bot, channel, game_id, actor)
        assert [label for label, _ in button_ids(prompt)] == ["Red", "Yellow", "Green", "Blue"]
        done = await answer(simcord_bot, game_id, actor, prompt, colour)
        assert done.response.content == f"✅ {colour}." and not button_ids(done)
        taken.append(f"{actor.name} uses 🎁 Free Choice, takes {gem(colour.lower(), 1)}.")
    lines = [line for line in channel_text(channel).splitlines() if " uses 🎁 " in line]
    assert lines == taken
