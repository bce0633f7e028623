"""Names are text, never pings, links or formatting: a whole game between players whose
display names try every trick (mentions of others, a role, @everyone/@here, a masked link,
bold, invisible and right-to-left characters, 32 characters)."""

from __future__ import annotations

import re

import discord
import pytest
from simcord import ChannelHandle, Env

from bot.core.client import JuwelierBot
from bot.core.texts import plain_name, safe_name
from tests.bot.driver import no_logged_errors, open_lobby, play_to_end

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)
UNESCAPED_LINK = re.compile(r"(?<!\\)\[Nitro\]\(")
UNESCAPED_BOLD = re.compile(r"(?<!\\)\*\*bold")
CODE_BLOCK = re.compile(r"```.*?```", re.S)


def bot_messages(channel: ChannelHandle, bot: JuwelierBot) -> list[discord.Message]:
    """Everything the bot posted in the channel and its threads."""
    places = [channel, *channel.threads]
    return [m for place in places for m in place.history() if m.author.id == bot.user.id]


def test_a_safe_name_is_inert_and_its_plain_form_readable() -> None:
    assert safe_name("**bold** @here") == "\\*\\*bold\\*\\* @\u200bhere"
    assert safe_name("<@123>") == "<\u200b@\u200b123>"
    assert safe_name("\u202eevil\u200b") == "evil"
    assert safe_name("\u200b") == "?"
    assert plain_name(safe_name("**bold** `x`")) == "**bold** 'x'"
    assert plain_name(safe_name("@here")) == "@\u200bhere"  # still no mention
    assert len(safe_name("x" * 40)) == 32


async def test_a_whole_game_between_hostile_names_pings_only_who_must_decide(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    role = guild.create_role("moderators")
    victim = guild.add_member(simcord_env.create_user("victim"))
    names = [f"<@{victim.id}>", f"<@&{role.id}> @everyone", "[Nitro](https://x.example/a)",
             "**bold** @here", "\u202eBartholomew Fitzgerald-Oyelaran"]
    actors = [guild.add_member(simcord_env.create_user(f"p{i}", global_name=name))
              for i, name in enumerate(names)]
    game_id = await open_lobby(simcord_bot, channel, actors[0], actors[1:])
    await play_to_end(simcord_bot, channel, game_id, {a.id: a for a in actors}, seed=3)
    assert (await simcord_bot.service.get_game(game_id)).status == "finished"

    players = {a.id for a in actors}
    messages = bot_messages(channel, simcord_bot)
    assert len(messages) > 20 and channel.threads, "a whole game, with negotiation threads"
    for message in messages:
        assert not message.mention_everyone and not message.role_mentions, message.content
        assert {u.id for u in message.mentions} <= players, message.content
        text = message.content + "".join(str(e.to_dict()) for e in message.embeds)
        for raw in (names[0], "@everyone", "@here", "<@&", "\u202e"):
            assert raw not in text, (raw, message.content)
        if message.type is discord.MessageType.thread_created:
            continue  # Discord shows the thread's name there as it is, markdown unread
        # Markdown from a name is escaped: no masked link, no bold (code blocks read none).
        read = CODE_BLOCK.sub("", text)
        assert not UNESCAPED_LINK.search(read) and not UNESCAPED_BOLD.search(read), text
    for thread in channel.threads:
        assert "\u202e" not in thread.name and "\\" not in thread.name
    assert any("Nitro" in m.content for m in messages), "the names are still shown"
