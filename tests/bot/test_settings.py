"""`/game settings` applies what the member may choose and names what it refused."""

from __future__ import annotations

from simcord import Env

from bot.core.client import JuwelierBot
from tests.bot.driver import reply_text


async def test_a_member_gets_their_own_language_and_is_told_the_channel_is_not_theirs(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))
    answer = reply_text(await ann.slash(channel, "game settings", my_language="de",
                                        language="da"))
    languages = simcord_bot.languages
    assert languages.chosen("channel", channel.id) is None, "the channel's is not hers to set"
    assert languages.for_member(ann.id) == "de", "her own language is"
    lines = answer.splitlines()
    assert lines[0].startswith("Sprache deiner privaten Antworten"), "applied, said in German"
    assert lines[-1].startswith("⛔") and "Kanäle verwalten" in lines[-1], "refused, and why"


async def test_only_a_refused_choice_changes_nothing(simcord_env: Env,
                                                     simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))
    answer = reply_text(await ann.slash(channel, "game settings", language="da",
                                        where="guild"))
    assert answer.startswith("⛔ Not changed: the server's language"), answer
    assert simcord_bot.languages.chosen("guild", guild.id) is None
