"""The bot speaks English, German and Danish — private replies in the member's language,
channel messages in the channel's; whole games in German and in Danish leave no English behind."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from bot.core.translator import valid_name
from tests.bot.driver import add_ai, button_ids, lobby_button, reply_text, table_message
from tests.bot.languages import (
    english_left,
    message_texts,
    over_limits,
    payload_texts,
    report_locales,
)


def _payloads(result: Any) -> list[Any]:
    return [p for p in (result.response, *result.followups) if p is not None]


async def _whole_game(env: Env, bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch,
                      language: str) -> tuple[list[str], list[str]]:
    """Three members whose clients are set to `language` play a whole game in a server whose
    preferred locale it is; returns every text they were shown and every limit broken."""
    guild = env.create_guild(preferred_locale=language)
    channel = guild.create_text_channel("gems")
    actors = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cem")]
    report_locales(monkeypatch, {a.id: language for a in actors})
    ann, bob, cem = actors
    results = [await ann.slash(channel, "game new")]
    lobby = channel.last_message
    for member in (bob, cem):
        results.append(await member.click(lobby, custom_id=lobby_button(lobby, "join")))
    results.append(await ann.click(lobby, custom_id=lobby_button(lobby, "start")))
    game_id = (await bot.service.game_in_channel(guild.id, channel.id)).id
    await bot.timers.stop()  # as in tests/bot/driver.play_to_end: deadlines have their own tests
    by_id = {a.id: a for a in actors}
    rng = random.Random(5)
    while (await bot.service.get_game(game_id)).status == "running":
        info = await bot.service.get_game(game_id)
        seats = {s.seat: s.user_id for s in info.seats}
        decision = next(d for d in await bot.service.pending(game_id)
                        if seats[d.player] is not None)
        actor = by_id[seats[decision.player]]
        prompt = await actor.click(await table_message(bot, channel, game_id),
                                   custom_id=f"jw:open:{game_id}")
        _, custom_id = rng.choice(button_ids(prompt))
        results += [prompt, await actor.click(prompt.response, custom_id=custom_id)]
    for command, options in (("game rules", {"topic": "negotiation"}), ("game status", {}),
                             ("game history", {}), ("game leaderboard", {}),
                             ("game settings", {})):
        results.append(await ann.slash(channel, command, **options))
    texts, broken = [], []
    for result in results:
        for payload in _payloads(result):
            texts += payload_texts(payload)
            broken += over_limits(payload)
    messages = [*channel.history(), *(m for t in channel.threads for m in t.history())]
    for message in messages:
        texts += message_texts(message)
        broken += over_limits(message)
    return [t for t in texts if t], broken


@pytest.mark.parametrize("language", ["de", "da"])
async def test_a_whole_game_leaves_no_english_sentence_and_no_broken_limit(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch,
        language: str) -> None:
    texts, broken = await _whole_game(simcord_env, simcord_bot, monkeypatch, language)
    assert broken == []
    assert english_left(texts, language) == []
    everything = "\n".join(texts)
    # And it is that language: the rules' own words and the game's end are there.
    assert {"de": "Verhandlung", "da": "forhandl"}[language] in everything
    assert {"de": "Edelstein", "da": "ædelst"}[language] in everything


async def test_private_replies_follow_each_members_client_and_fall_back_to_english(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann, bob, cem = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cem"))
    report_locales(monkeypatch, {ann.id: "de", bob.id: "da", cem.id: "fr"})
    # No game here: each is told so privately, in their own language.
    said = {m: reply_text(await m.slash(channel, "game status")) for m in (ann, bob, cem)}
    assert said[ann] != said[cem] and said[bob] != said[cem] and said[ann] != said[bob]
    assert said[cem].startswith("There is no game")  # French is not offered: English


async def test_the_channel_speaks_its_chosen_language_whatever_the_clicker_speaks(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    admin = guild.add_member(simcord_env.create_user("ada"), roles=[mods])
    ann = guild.add_member(simcord_env.create_user("ann"))
    report_locales(monkeypatch, {admin.id: "en-US", ann.id: "da"})
    refused = await ann.slash(channel, "game settings", language="de")
    assert "Administrer kanaler" in reply_text(refused), "told why, in her language"
    assert simcord_bot.languages.chosen("channel", channel.id) is None, "refused: unchanged"
    refused = await admin.slash(channel, "game settings", language="de", where="guild")
    assert "Manage Server" in reply_text(refused)
    assert simcord_bot.languages.chosen("guild", guild.id) is None
    await admin.slash(channel, "game settings", language="de")
    assert simcord_bot.languages.chosen("channel", channel.id) == "de"
    new = await ann.slash(channel, "game new")  # a Danish member opens the lobby …
    lobby = channel.last_message
    assert "Spieler" in str(lobby.embeds[0].to_dict())  # … which the channel reads in German
    assert "Spieler" not in reply_text(new)  # … and her private answer is in Danish
    await add_ai(ann, lobby, level="strong")  # the AI seat she adds is named for the table
    assert "KI (stark)" in str(channel.last_message.embeds[0].to_dict())
    # A member's own choice outranks their client for replies only they see.
    await ann.slash(channel, "game settings", my_language="en")
    assert reply_text(await ann.slash(channel, "game settings")).startswith("Your prompts")


async def test_language_choices_survive_a_restart(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.config import BotSettings

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    owner = guild.add_member(simcord_env.create_user("own"), roles=[admins])
    report_locales(monkeypatch, {})
    await owner.slash(channel, "game settings", language="da", where="guild")
    await owner.slash(channel, "game settings", my_language="de")
    new = JuwelierBot(BotSettings(token="simulated", db_path=db_file))
    await simcord_env.restart_bot(new)
    assert new.languages.for_channel(channel.id, new.get_guild(guild.id)) == "da"
    assert new.languages.for_member(owner.id) == "de"


async def test_slash_commands_are_named_and_described_in_german_and_danish(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    tree = simcord_bot.tree
    payloads = [await c.get_translated_payload(tree, tree.translator)
                for c in tree.get_commands()]
    game = next(p for p in payloads if p["name"] == "game")

    def name(item: dict[str, Any], language: str) -> str:
        # No localisation: the word is the same in that language (status, autopilot, dm).
        return (item.get("name_localizations") or {}).get(language, item["name"])

    for language in ("de", "da"):
        assert name(game, language) != "game" and valid_name(name(game, language))
        for sub in game["options"]:
            assert valid_name(name(sub, language)), sub["name"]
            described = sub["description_localizations"][language]
            assert described != sub["description"] and len(described) <= 100
            for option in sub.get("options", []):
                assert valid_name(name(option, language)), option["name"]
                assert option["description_localizations"][language] != option["description"]
                for choice in option.get("choices", []):
                    assert len(name(choice, language)) <= 100
        renamed = {name(o, language) for sub in game["options"] for o in sub.get("options", [])}
        assert renamed - {"dm", "name"} and not renamed & {"topic", "timer", "where"}


async def test_a_channels_language_is_its_own_else_its_servers_else_the_servers_locale(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild(preferred_locale="da")
    channel = guild.create_text_channel("gems")
    languages, server = simcord_bot.languages, simcord_bot.get_guild(guild.id)
    assert languages.for_channel(channel.id, server) == "da"  # the server's preferred locale
    await languages.choose_place("guild", guild.id, "en")
    assert languages.for_channel(channel.id, server) == "en"
    await languages.choose_place("channel", channel.id, "de")
    assert languages.for_channel(channel.id, server) == "de"
    await languages.choose_place("channel", channel.id, None)
    await languages.choose_place("guild", guild.id, None)
    assert languages.for_channel(channel.id, server) == "da"
    assert languages.for_channel(channel.id, None) == "en"  # nothing known: English


async def test_a_members_choice_outranks_their_client_and_automatic_goes_back_to_it(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    languages = simcord_bot.languages
    assert languages.for_member(7, "da") == "da"
    await languages.choose_member(7, "de")
    assert languages.for_member(7, "da") == "de"
    await languages.choose_member(7, None)
    assert languages.for_member(7, "da") == "da"
    assert languages.for_member(8) == "en"  # never clicked, never chose: English


async def test_reminders_and_time_outs_speak_the_channels_language(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    from tests.bot.driver import new_table

    _, channel, _, _ = await new_table(simcord_env, simcord_bot, ["ann", "bob", "cem"])
    await simcord_bot.languages.choose_place("channel", channel.id, "da")
    before = {m.id: set(message_texts(m)) | set(m.content.splitlines())
              for m in channel.history()}
    await simcord_env.advance_time(60)  # half time: a reminder
    await simcord_env.advance_time(61)  # the deadline: the autopilot chooses
    texts = []  # what was written after the switch: new messages, new lines of edited ones
    for message in channel.history():
        old = before.get(message.id, set())
        parts = [*list(message_texts(message))[1:], *message.content.splitlines()]
        texts += [t for t in parts if t and t not in old]
    assert any("⏰" in t for t in texts), "a reminder and a time-out were written"
    assert english_left(texts, "da") == []
    assert any("autopilot" in t.lower() and "tid" in t for t in texts)  # "løbet tør for tid"


async def test_a_dm_prompt_is_in_the_members_own_language(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    from tests.bot.driver import new_table
    from tests.bot.test_dm_prompts import finish_turn, with_buttons

    _, channel, (ann, bob), game_id = await new_table(simcord_env, simcord_bot, ["ann", "bob"],
                                                      ai=1)
    await ann.slash(channel, "game settings", dm=True, my_language="da")
    await finish_turn(simcord_bot, channel, game_id, [ann, bob])
    (prompt,) = with_buttons(ann.user.dm_channel)
    assert "Vælg dit aktionskort til denne runde." in prompt.content
    assert english_left(list(message_texts(prompt)), "da") == []


async def test_a_channel_write_waits_while_a_click_is_still_being_answered(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    import asyncio

    from tests.bot.driver import new_table

    _, channel, _, game_id = await new_table(simcord_env, simcord_bot, ["ann", "bob"], ai=1)
    simcord_bot.answering.begin()  # somebody's click, not answered yet
    publish = asyncio.create_task(simcord_bot.publisher.publish(game_id, notice="📣 later"))
    await asyncio.sleep(0.3)  # a publish takes milliseconds; it waits up to ANSWERS_FIRST
    assert not publish.done() and not any("📣 later" in m.content for m in channel.history())
    simcord_bot.answering.end()  # answered: the table may be written now
    await publish
    assert any("📣 later" in m.content for m in channel.history())


async def test_changed_translations_sync_the_commands_again(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.core import translator

    assert not await simcord_bot.sync_commands_if_changed()  # synced at start, unchanged
    original = translator.translate

    def reworded(catalogs: Any, message: str, language: str, name: bool) -> str | None:
        text = original(catalogs, message, language, name)
        return text if name or text is None else text + "!"  # a description changed

    monkeypatch.setattr(translator, "translate", reworded)
    assert await simcord_bot.sync_commands_if_changed()
