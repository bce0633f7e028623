"""Discord refusing a request never stops a game: no thread → the negotiation runs in the
channel and says why; a failed edit → the state is already saved, the view is repaired."""

from __future__ import annotations

import random

import discord
import pytest
from simcord import ChannelHandle, Env, MemberActor

from bot.core.client import JuwelierBot
from bot.core.rooms import ROOM
from tests.bot.driver import (
    choose,
    find_message,
    labels,
    negotiators,
    no_logged_errors,
    play_one,
    press,
    private,
    reply_text,
    room,
    seeded_table,
    state,
    table_message,
)

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)

NO_THREAD = "I could not open a thread for this negotiation"


async def saved(bot: JuwelierBot, game_id: int) -> tuple[int, int]:
    """(actions logged, game version): equal when every accepted move is saved."""
    return len(await bot.service.action_log(game_id)), await bot.service.version(game_id)


async def test_forbidden_thread_creation_runs_the_negotiation_in_the_channel(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob, cem), game_id = await seeded_table(
        simcord_env, simcord_bot, ["ann", "bob", "cem"], seed=2)
    simcord_env.inject_error("POST", f"/channels/{channel.id}/messages/*/threads", status=403,
                             code=50013, message="Missing Permissions", times=None)

    await choose(simcord_bot, channel, game_id, [(ann, "Money"), (bob, "Money"),
                                                 (cem, "Gemstones")])

    where, prompt = await room(simcord_bot, channel, game_id)
    assert where.id == channel.id and not channel.threads
    notice = next(m.content for m in channel.history() if NO_THREAD in m.content)
    assert "missing the *Create Public Threads* permission" in notice
    assert "ann and bob negotiate here in the channel" in notice or \
        "bob and ann negotiate here in the channel" in notice
    opener, partner = await negotiators(simcord_bot, game_id, ann, bob)
    assert prompt.mentions[0].id == opener.id and "Build an offer…" in labels(prompt)

    await press(simcord_bot, channel, game_id, opener, "Offer 🔷\u20601")
    text = "\n".join(m.content for m in channel.history())
    assert f"{opener.name} opens with 🔷\u20601." in text, "offers are narrated in the channel"
    assert not labels(find_message(channel, prompt.id)), "the answered prompt loses its buttons"
    await press(simcord_bot, channel, game_id, partner, "Accept")

    assert f"{partner.name} accepts 🔷\u20601 from {opener.name}" in "\n".join(
        m.content for m in channel.history())
    assert ROOM not in await simcord_bot.service.get_messages(game_id)
    assert not [m for m in channel.history() if m.components and "🤝" in m.content]
    assert simcord_env.errors == []


async def table_where_the_bot_may_not(env: Env, bot: JuwelierBot, permission: str
                                      ) -> tuple[ChannelHandle, list[MemberActor], int]:
    """Three players (seed 2) in a channel whose overwrite denies the bot `permission`."""
    overwrite = discord.PermissionOverwrite(**{permission: False})
    _, channel, actors, game_id = await seeded_table(env, bot, ["ann", "bob", "cem"], seed=2,
                                                     overwrites={bot.user: overwrite})
    return channel, actors, game_id


async def test_missing_thread_permission_is_explained_and_the_game_goes_on(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, (ann, bob, cem), game_id = await table_where_the_bot_may_not(
        simcord_env, simcord_bot, "create_public_threads")

    await choose(simcord_bot, channel, game_id, [(ann, "Gemstones"), (bob, "Gemstones"),
                                                 (cem, "Money")])

    assert any(NO_THREAD in m.content for m in channel.history())
    opener, partner = await negotiators(simcord_bot, game_id, ann, bob)
    await press(simcord_bot, channel, game_id, opener, "Offer nothing")
    await press(simcord_bot, channel, game_id, partner, "Offer nothing")
    assert any("💎 Gemstones lapses: neither negotiator offered anything." in m.content
               for m in channel.history())
    assert (await state(simcord_bot, game_id))["turn"] == 2
    assert simcord_env.errors == []


async def test_a_thread_the_bot_may_not_post_in_falls_back_to_the_channel(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, (ann, bob, cem), game_id = await table_where_the_bot_may_not(
        simcord_env, simcord_bot, "send_messages_in_threads")

    await choose(simcord_bot, channel, game_id, [(ann, "Money"), (bob, "Money"),
                                                 (cem, "Gemstones")])

    where, prompt = await room(simcord_bot, channel, game_id)
    assert where.id == channel.id, "the prompt runs in the channel"
    assert any("I could not post in the negotiation's thread" in m.content and
               "negotiate here in the channel" in m.content for m in channel.history())
    opener, partner = await negotiators(simcord_bot, game_id, ann, bob)
    assert prompt.mentions[0].id == opener.id
    await press(simcord_bot, channel, game_id, opener, "Offer 🔷\u20601")
    await press(simcord_bot, channel, game_id, partner, "Accept")
    assert f"{partner.name} accepts 🔷\u20601 from {opener.name}" in "\n".join(
        m.content for m in channel.history())
    assert ROOM not in await simcord_bot.service.get_messages(game_id)


async def test_a_failed_table_edit_loses_nothing_and_the_table_is_posted_afresh(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob, cem), game_id = await seeded_table(
        simcord_env, simcord_bot, ["ann", "bob", "cem"], seed=2)
    table = await table_message(simcord_bot, channel, game_id)
    simcord_env.inject_error("PATCH", f"/channels/{channel.id}/messages/{table.id}",
                             status=500, times=1)
    before = await saved(simcord_bot, game_id)

    answered = await choose(simcord_bot, channel, game_id, [(ann, "Money")])

    assert answered.acknowledged and "You chose **Money**" in reply_text(answered)
    after = await saved(simcord_bot, game_id)
    assert after == (before[0] + 1, before[1] + 1)
    fresh = await table_message(simcord_bot, channel, game_id)
    assert fresh.id != table.id, "the table is posted again with the current state"
    ann_field = next(f.value for f in fresh.embeds[0].fields if f.name == "ann")
    assert "has chosen" in ann_field
    await choose(simcord_bot, channel, game_id, [(bob, "Event"), (cem, "Gemstones")])
    assert "**Reveal:**" in "\n".join(m.content for m in channel.history())
    assert simcord_env.errors == []


async def test_a_failed_prompt_edit_in_the_thread_still_tells_the_offer_and_goes_on(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob, cem), game_id = await seeded_table(
        simcord_env, simcord_bot, ["ann", "bob", "cem"], seed=2)
    await choose(simcord_bot, channel, game_id, [(ann, "Money"), (bob, "Money"),
                                                 (cem, "Gemstones")])
    thread, old_prompt = await room(simcord_bot, channel, game_id)
    opener, partner = await negotiators(simcord_bot, game_id, ann, bob)
    simcord_env.inject_error("PATCH", f"/channels/{thread.id}/messages/*", status=500, times=1)

    await press(simcord_bot, channel, game_id, opener, "Offer 🔷\u20601")

    _, prompt = await room(simcord_bot, channel, game_id)
    assert prompt.id != old_prompt.id and prompt.mentions[0].id == partner.id
    assert any(m.content == f"{opener.name} opens with 🔷\u20601." for m in thread.history())
    stale = await opener.click(old_prompt, label="Offer 🔺\u20601")  # its edit failed: still shown
    assert private(stale) and "This prompt is no longer current" in reply_text(stale)
    await press(simcord_bot, channel, game_id, partner, "Accept")
    assert thread._channel.thread_metadata.archived
    logged, version = await saved(simcord_bot, game_id)
    assert logged == version
    assert await play_one(simcord_bot, channel, game_id,
                          {a.id: a for a in (ann, bob, cem)}, random.Random(1)) is not None
    assert simcord_env.errors == []


async def test_a_failed_edit_of_the_clicked_prompt_still_tells_the_channel(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob, cem), game_id = await seeded_table(
        simcord_env, simcord_bot, ["ann", "bob", "cem"], seed=2)
    await choose(simcord_bot, channel, game_id, [(ann, "Money"), (bob, "Event")])
    simcord_env.inject_error("PATCH", "/webhooks/*/*/messages/@original", status=500, times=1)

    await choose(simcord_bot, channel, game_id, [(cem, "Gemstones")])  # its prompt edit fails

    assert (await saved(simcord_bot, game_id))[0] >= 3, "all three choices are saved"
    assert "**Reveal:**" in "\n".join(m.content for m in channel.history()), \
        "the change is published although the clicked prompt could not be updated"
