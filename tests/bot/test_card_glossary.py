"""/game card: every event card explained privately, found by autocomplete as the member types;
an unknown name is a private answer that suggests the closest cards."""

from __future__ import annotations

import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from bot.games.esr.glossary import glossary
from engine.games.esr.cards import cards
from tests.bot.driver import last_reply, no_logged_errors, private, reply_text

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


def test_every_event_card_has_an_entry_that_says_what_it_does_and_when_it_leaves() -> None:
    entries = glossary()
    assert set(entries) == {card.name for card in cards().event}
    for card in cards().event:
        text = entries[card.name]
        assert card.text in text
        assert ("Scoring card" if card.kind == "scoring" else "Instant card") in text
    assert "15 copies in the event deck" in entries["Certificate"]
    assert "2 copies in the event deck" in entries["Trio"]
    assert "1 copy in the event deck" in entries["Sole red majority +8"]


async def test_autocomplete_offers_the_cards_that_match_what_was_typed(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))

    offered = [c["value"] for c in await ann.autocomplete(channel, "game card", "name", "half")]
    assert offered == ["Half scoring"]
    inside = [c["value"] for c in await ann.autocomplete(channel, "game card", "name", "blue")]
    assert "Sole blue majority +5" in inside and "1 million per blue gemstone" in inside
    everything = await ann.autocomplete(channel, "game card", "name", "")
    assert 0 < len(everything) <= 25


async def test_a_card_is_explained_only_to_the_member_who_asked(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))

    answer = await ann.slash(channel, "game card", name="exchange")  # case does not matter
    assert private(answer)
    embed = last_reply(answer).embeds[0]
    assert embed.title == "Exchange"
    assert "Swap one of your gemstones" in embed.description
    assert "cannot be carried out" in embed.description
    assert list(channel.history()) == [], "nothing public"


async def test_an_unknown_card_gets_a_private_answer_with_the_closest_names(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))

    answer = await ann.slash(channel, "game card", name="Certifcate")
    assert private(answer)
    assert "No card is called" in reply_text(answer) and "**Certificate**" in reply_text(answer)
    hostile = await ann.slash(channel, "game card", name="@everyone **x**")
    assert private(hostile) and "@everyone" not in reply_text(hostile)
