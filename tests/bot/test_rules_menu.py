"""`/game rules` reads like a small book: a menu of every topic under the text, its titles in
the reader's language, each choice shown in place, also after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from simcord import Env, InteractionResult

from bot.core.client import JuwelierBot
from tests.bot.driver import reply_text
from tests.bot.languages import report_locales
from tests.bot.test_restart_mid_game import restart


def menu(result: InteractionResult) -> dict:
    """The topic menu under a rules page."""
    return result.response.components[0]["components"][0]


async def test_the_menu_shows_another_topic_in_place_even_after_a_restart(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))
    page = await ann.slash(channel, "game rules")
    options = menu(page)["options"]
    assert [o["value"] for o in options][:2] == ["overview", "turn"]
    assert next(o for o in options if o.get("default"))["value"] == "overview"
    assert "More topics in the menu below." in page.response.embeds[0].description
    await restart(simcord_env, simcord_bot, db_file)
    shown = await ann.select(page.response, ["scoring"], custom_id=menu(page)["custom_id"])
    assert shown.response.id == page.response.id, "the same message, edited"
    assert shown.response.embeds[0].title == "Edel, Stein & Reich — Scoring"
    assert "14" in shown.response.embeds[0].description  # red pays 14 million
    assert next(o for o in menu(shown)["options"] if o.get("default"))["value"] == "scoring"


async def test_topic_titles_are_in_the_readers_language(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))
    report_locales(monkeypatch, {ann.id: "de"})
    page = await ann.slash(channel, "game rules")
    labels = [o["label"] for o in menu(page)["options"]]
    assert "Wertung" in labels and "Scoring" not in labels, labels
    assert "`" not in page.response.embeds[0].description, "no English topic keys"
    assert reply_text(page) == ""
