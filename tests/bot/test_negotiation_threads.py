"""Negotiations run in a thread off the table: a live prompt only the two negotiators can use,
ready-made answers, a private offer builder checked by the engine, the result in the thread and
in the channel, and the thread archived at the end (rulebook: Trading; ESR-3 to ESR-5)."""

from __future__ import annotations

import pytest
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot.core.client import JuwelierBot
from bot.core.rooms import ROOM
from bot.games.esr.narrate import restyle_gems
from engine.games.esr.cards import cards
from engine.games.esr.gems import best_offer_of_size
from tests.bot.driver import (
    build_offer,
    choose,
    labels,
    negotiators,
    no_logged_errors,
    open_prompt,
    play_to_end,
    press,
    private,
    reply_text,
    result_buttons,
    room,
    seat_of,
    seeded_table,
    send_offer,
    start_negotiation,
    state,
    table_message,
    unchosen_action,
)
from tests.bot.test_forged_input import forged_click

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)

LONG = ["Annemarie-Louise Vandenberghe-Sm", "Bartholomew Fitzgerald-Oyelaran1"]  # 32 each


async def offer_labels(bot: JuwelierBot, game_id: int, size: int) -> list[str]:
    """Labels of the ready-made offers of exactly `size` gemstones for the player to move, as
    the buttons show them (gem counts as symbols)."""
    (decision,) = [d for d in await bot.service.pending(game_id) if d.kind == "esr.negotiate"]
    return [restyle_gems(o.label) for o in decision.options
            if o.action["type"] == "offer" and sum(o.action["gems"]) == size]


async def own_gems(bot: JuwelierBot, game_id: int, actor: MemberActor) -> list[int]:
    """A player's gemstones."""
    data = await state(bot, game_id)
    return data["players"][await seat_of(bot, game_id, actor)]["gems"]


def thread_text(thread: ChannelHandle) -> str:
    """Everything said in a thread."""
    return "\n".join(m.content for m in thread.history())


async def negotiate_in_thread(bot: JuwelierBot, channel: ChannelHandle, game_id: int,
                              a: MemberActor, b: MemberActor) -> ChannelHandle:
    """Haggle through ready-made raises and built offers of both kinds, then accept."""
    opener, partner = await negotiators(bot, game_id, a, b)
    thread, prompt = await room(bot, channel, game_id)
    assert thread.is_thread and prompt.mentions[0].id == opener.id

    # 1. A ready-made opening: one gemstone of the opener's lowest colour.
    await press(bot, channel, game_id, opener, (await offer_labels(bot, game_id, 1))[0])
    # 2. A ready-made raise by value: as many gemstones, a higher colour.
    (value,) = await offer_labels(bot, game_id, 1)
    await press(bot, channel, game_id, partner, value)
    # 3. A ready-made raise by quantity: one gemstone more.
    (more,) = await offer_labels(bot, game_id, 2)
    await press(bot, channel, game_id, opener, more)

    # 4. The builder shows the engine's verdict before anything is sent.
    builder = await press(bot, channel, game_id, partner, "Raise…")
    assert builder.ephemeral and "Draft: **nothing**" in builder.response.content
    single = await build_offer(partner, builder, [0, 0, 0, 1])
    assert "❌" in single.response.content and "does not beat" in single.response.content
    send = next(v for k, v in result_buttons(single).items() if k.startswith("Send"))
    assert send["disabled"], "a draft that does not beat the offer cannot be sent"
    best_two = best_offer_of_size(await own_gems(bot, game_id, partner), 2)
    raised = await build_offer(partner, single, best_two)
    assert "✅" in raised.response.content and "as many gemstones" in raised.response.content
    send = next(v for k, v in result_buttons(raised).items() if k.startswith("Send"))
    sent = await partner.click(raised.response, custom_id=send["custom_id"])
    assert sent.response.content.startswith("✅ You offered")

    # 5. A built raise by quantity, 6. and the partner accepts.
    three = best_offer_of_size((await own_gems(bot, game_id, opener))[::-1], 3)[::-1]
    await send_offer(bot, channel, game_id, opener, three)
    before = await own_gems(bot, game_id, partner)
    await press(bot, channel, game_id, partner, "Accept")
    after = await own_gems(bot, game_id, partner)
    assert [x - y for x, y in zip(after, before, strict=True)] == three
    return thread


def assert_haggled(thread: ChannelHandle, channel: ChannelHandle, opener: str) -> None:
    """Every offer told in the thread (two raises of each kind), the result in both places."""
    text = thread_text(thread)
    assert f"**{opener}** opens" in text  # why this player opens (ESR-3)
    assert text.count("raises (more gemstones)") == 2
    assert text.count("raises (higher value)") == 2
    assert "opens with" in text
    accepted = next(line for line in text.splitlines() if " accepts " in line and " from " in line)
    assert accepted in "\n".join(m.content for m in channel.history())
    assert "raises" not in "\n".join(m.content for m in channel.history()), \
        "offers are told in the thread, not the channel"
    assert thread._channel.thread_metadata.archived
    assert not [m for m in thread.history() if m.components], "no live buttons are left"


async def test_a_four_player_game_negotiates_in_a_thread_through_raises_and_finishes(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob), game_id = await seeded_table(simcord_env, simcord_bot,
                                                         ["ann", "bob"], ai=2, seed=4)
    action = await unchosen_action(simcord_bot, game_id)
    await choose(simcord_bot, channel, game_id, [(ann, action), (bob, action)])
    table = await table_message(simcord_bot, channel, game_id)
    opener, _ = await negotiators(simcord_bot, game_id, ann, bob)

    thread = await negotiate_in_thread(simcord_bot, channel, game_id, ann, bob)

    assert thread.id == table.id, "the thread starts off the table message"
    turn = "Round 1 · turn 1"  # the thread names when it happens: a game has many
    assert thread.name in (f"ann ⇄ bob · {action} · {turn}", f"bob ⇄ ann · {action} · {turn}")
    assert {ann.id, bob.id} <= set(thread._channel.thread_members)
    assert_haggled(thread, channel, opener.name)
    assert ROOM not in await simcord_bot.service.get_messages(game_id)
    await play_to_end(simcord_bot, channel, game_id, {a.id: a for a in (ann, bob)}, seed=4)
    assert (await simcord_bot.service.get_game(game_id)).status == "finished"
    log = await simcord_bot.service.action_log(game_id)
    assert [row.seq for row in log] == list(range(1, len(log) + 1))


async def test_a_five_player_game_with_long_names_negotiates_in_a_thread_and_finishes(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob), game_id = await seeded_table(simcord_env, simcord_bot, LONG, ai=3,
                                                         seed=5)
    action = await unchosen_action(simcord_bot, game_id)
    await choose(simcord_bot, channel, game_id, [(ann, action), (bob, action)])
    opener, _ = await negotiators(simcord_bot, game_id, ann, bob)

    thread = await negotiate_in_thread(simcord_bot, channel, game_id, ann, bob)

    assert len(thread.name) <= 100 and thread.name.endswith(f" · {action} · Round 1 · turn 1")
    assert_haggled(thread, channel, opener.name)
    await play_to_end(simcord_bot, channel, game_id, {a.id: a for a in (ann, bob)}, seed=5)
    assert (await simcord_bot.service.get_game(game_id)).status == "finished"
    log = await simcord_bot.service.action_log(game_id)
    assert [row.seq for row in log] == list(range(1, len(log) + 1))


async def money(bot: JuwelierBot, game_id: int, actor: MemberActor) -> int:
    """A player's money."""
    return (await state(bot, game_id))["players"][await seat_of(bot, game_id, actor)]["money"]


async def test_opener_offers_nothing_then_one_gemstone_must_be_accepted(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, opener, partner, _, game_id = await start_negotiation(simcord_env, simcord_bot)
    thread, _ = await room(simcord_bot, channel, game_id)
    gems = await own_gems(simcord_bot, game_id, opener)

    await press(simcord_bot, channel, game_id, opener, "Offer nothing")

    _, prompt = await room(simcord_bot, channel, game_id)
    assert prompt.mentions[0].id == partner.id
    assert labels(prompt) == ["Offer 🔺\u20601", "Offer 🟡\u20601", "Offer 🟩\u20601",
                              "Offer 🔷\u20601", "Offer nothing"], "ESR-5: one gemstone or nothing"
    await press(simcord_bot, channel, game_id, partner, "Offer 🔷\u20601")

    assert (await own_gems(simcord_bot, game_id, opener))[3] == gems[3] + 1
    assert await money(simcord_bot, game_id, partner) > 0, "the partner carries out Money"
    result = (f"{opener.name} accepts 🔷\u20601 from {partner.name} "
              "(must accept: the opener offered nothing)")
    assert result in thread_text(thread)
    assert result in "\n".join(m.content for m in channel.history())
    assert f"{opener.name} offers nothing." in thread_text(thread)
    assert thread._channel.thread_metadata.archived


async def test_both_offer_nothing_and_the_action_lapses(simcord_env: Env,
                                                        simcord_bot: JuwelierBot) -> None:
    channel, opener, partner, _, game_id = await start_negotiation(simcord_env, simcord_bot)
    thread, _ = await room(simcord_bot, channel, game_id)

    await press(simcord_bot, channel, game_id, opener, "Offer nothing")
    await press(simcord_bot, channel, game_id, partner, "Offer nothing")

    lapsed = "💰 Money lapses: neither negotiator offered anything."
    assert lapsed in thread_text(thread)
    assert lapsed in "\n".join(m.content for m in channel.history())
    assert await money(simcord_bot, game_id, opener) == 0
    assert await money(simcord_bot, game_id, partner) == 0
    assert thread._channel.thread_metadata.archived


async def test_an_offer_that_cannot_be_beaten_is_accepted_at_once(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, opener, partner, _, game_id = await start_negotiation(simcord_env, simcord_bot)
    thread, _ = await room(simcord_bot, channel, game_id)
    everything = await own_gems(simcord_bot, game_id, opener)
    builder = await press(simcord_bot, channel, game_id, opener, "Build an offer…")
    drafted = await build_offer(opener, builder, everything)
    assert f"{partner.name} cannot beat it and will have to accept" in drafted.response.content

    send = next(v for k, v in result_buttons(drafted).items() if k.startswith("Send"))
    await opener.click(drafted.response, custom_id=send["custom_id"])

    text = thread_text(thread)
    assert f"{partner.name} accepts" in text and "(cannot beat it)" in text
    assert "(cannot beat it)" in "\n".join(m.content for m in channel.history())
    assert sum(await own_gems(simcord_bot, game_id, opener)) == 0
    assert thread._channel.thread_metadata.archived


async def progress(bot: JuwelierBot, game_id: int) -> int:
    """How many actions are logged."""
    return len(await bot.service.action_log(game_id))


def refused(result: InteractionResult, text: str) -> None:
    """Answered privately with `text`."""
    assert result.acknowledged and private(result)
    assert text in reply_text(result), reply_text(result)


async def test_only_the_negotiator_to_move_can_use_the_prompt(simcord_env: Env,
                                                              simcord_bot: JuwelierBot) -> None:
    channel, opener, partner, cem, game_id = await start_negotiation(simcord_env, simcord_bot)
    await press(simcord_bot, channel, game_id, opener, "Offer 🔷\u20601")
    _, prompt = await room(simcord_bot, channel, game_id)
    accept = next(text for text in labels(prompt) if text.startswith("Accept"))
    before = await progress(simcord_bot, game_id)

    refused(await cem.click(prompt, label=accept), "Only ")
    refused(await cem.click(prompt, label="Raise…"), "take part in this negotiation")
    refused(await opener.click(prompt, label=accept),
            f"It is {partner.name}'s turn to answer your offer")

    assert await progress(simcord_bot, game_id) == before
    assert ROOM in await simcord_bot.service.get_messages(game_id)
    thread, _ = await room(simcord_bot, channel, game_id)
    shown = await open_prompt(simcord_bot, channel, game_id, partner)  # the table's button
    assert private(shown) and f"The negotiation runs in <#{thread.id}>" in reply_text(shown)


async def test_a_negotiator_clicking_out_of_turn_is_told_what_is_awaited(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, opener, partner, _, game_id = await start_negotiation(simcord_env, simcord_bot)
    _, prompt = await room(simcord_bot, channel, game_id)

    refused(await partner.click(prompt, label="Offer nothing"),
            f"{opener.name} opens this negotiation; wait for their opening offer.")
    await press(simcord_bot, channel, game_id, opener, "Offer nothing")
    _, prompt = await room(simcord_bot, channel, game_id)
    refused(await opener.click(prompt, label="Offer nothing"),
            f"You opened with nothing, so {partner.name} may now offer you one gemstone, which "
            "you must accept, or nothing; wait for them.")


async def test_the_room_and_the_builder_show_what_the_action_is_worth_to_both(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, opener, partner, _, game_id = await start_negotiation(simcord_env, simcord_bot)
    turn_cards = {a.name: (await state(simcord_bot, game_id))["players"][
        await seat_of(simcord_bot, game_id, a)]["gem_card"] for a in (opener, partner)}
    money = {name: cards().gem[card].money for name, card in turn_cards.items()}
    _, prompt = await room(simcord_bot, channel, game_id)
    for name, amount in money.items():
        assert f"└ {name}: {amount} million" in prompt.content, prompt.content

    builder = await press(simcord_bot, channel, game_id, opener, "Build an offer…")
    drafted = await build_offer(opener, builder, best_offer_of_size(
        await own_gems(simcord_bot, game_id, opener), 1))
    for name, amount in money.items():
        assert f"└ {name}: {amount} million" in drafted.response.content
    assert f"If {partner.name} accepts, a scoring now would pay you " in \
        drafted.response.content


async def test_a_builder_left_open_is_no_longer_current_after_another_answer(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, opener, _, _, game_id = await start_negotiation(simcord_env, simcord_bot)
    builder = await press(simcord_bot, channel, game_id, opener, "Build an offer…")
    drafted = await build_offer(opener, builder, [1, 0, 0, 0])
    send = next(v for k, v in result_buttons(drafted).items() if k.startswith("Send"))
    await press(simcord_bot, channel, game_id, opener, "Offer 🔷\u20601")  # answered another way
    before = await progress(simcord_bot, game_id)

    # The builder was the opener's prompt: it moved on with the decision, without "Send".
    thread, _ = await room(simcord_bot, channel, game_id)
    now = next(m for m in thread.history(viewer=opener) if m.id == drafted.response.id)
    assert not any(c.label.startswith("Send") for row in now.components for c in row.children
                   if getattr(c, "label", None)), now.content
    late = await forged_click(opener, thread, drafted.response, send["custom_id"])  # slow client

    refused(late, "That button is not valid any more")
    assert await progress(simcord_bot, game_id) == before


async def test_two_negotiations_in_one_turn_get_a_thread_each(simcord_env: Env,
                                                              simcord_bot: JuwelierBot) -> None:
    # A message can start only one thread, so the second is a thread of its own (no extra
    # channel message).
    _, channel, (ann, bob, cem, dan), game_id = await seeded_table(
        simcord_env, simcord_bot, ["ann", "bob", "cem", "dan"], seed=3)
    await choose(simcord_bot, channel, game_id,
                 [(ann, "Money"), (bob, "Money"), (cem, "Gemstones"), (dan, "Gemstones")])
    table = await table_message(simcord_bot, channel, game_id)
    first, _ = await room(simcord_bot, channel, game_id)
    opener, partner = await negotiators(simcord_bot, game_id, ann, bob)
    await press(simcord_bot, channel, game_id, opener, "Offer 🔷\u20601")
    await press(simcord_bot, channel, game_id, partner, "Accept")

    second, prompt = await room(simcord_bot, channel, game_id)

    assert first.id == table.id and second.id != first.id
    assert second.id not in [m.id for m in channel.history()]
    story = (await table_message(simcord_bot, channel, game_id)).content
    assert "both chose 💎 Gemstones and negotiate" in story
    assert second.name in ("cem ⇄ dan · Gemstones · Round 1 · turn 1",
                           "dan ⇄ cem · Gemstones · Round 1 · turn 1")
    assert first._channel.thread_metadata.archived
    assert not second._channel.thread_metadata.archived and labels(prompt)


async def test_abandoning_mid_negotiation_archives_its_thread(simcord_env: Env,
                                                              simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob, cem), game_id = await seeded_table(simcord_env, simcord_bot,
                                                              ["ann", "bob", "cem"], seed=2)
    await choose(simcord_bot, channel, game_id, [(ann, "Money"), (bob, "Money"),
                                                 (cem, "Gemstones")])
    thread, _ = await room(simcord_bot, channel, game_id)
    assert not thread._channel.thread_metadata.archived

    await ann.slash(channel, "game abandon")  # ann opened the lobby: she is the host

    assert (await simcord_bot.service.get_game(game_id)).status == "abandoned"
    assert thread._channel.thread_metadata.archived
    assert "negotiation" not in await simcord_bot.service.get_messages(game_id)
