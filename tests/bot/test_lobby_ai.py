"""The lobby's AI players: a level menu (strongest first), seats named by level, Remove AI,
Join and the menu off when the table is full; the autopilot plays at a real level."""

from __future__ import annotations

import discord
import pytest
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from bot.core.components import LobbyButton
from tests.bot.driver import (
    add_ai,
    new_lobby,
    no_logged_errors,
    pick_unoffered_level,
    private,
    reply_text,
)

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


def components(message: discord.Message) -> dict[str, discord.Component]:
    """A message's buttons by label and its select by placeholder."""
    found = {}
    for row in message.components:
        for child in row.children:
            found[getattr(child, "label", None) or getattr(child, "placeholder", "")] = child
    return found


async def test_the_host_seats_ai_players_by_level_and_removes_them(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild, channel, (ann,), lobby = await new_lobby(simcord_env, ["ann"])
    menu = components(lobby)["Add an AI player…"]
    assert [o.value for o in menu.options] == ["strong", "greedy", "random"]
    assert components(lobby)["Remove AI"].disabled, "no AI seat to remove yet"
    await add_ai(ann, lobby, "greedy")
    await add_ai(ann, lobby, "greedy")
    await add_ai(ann, lobby, "strong")
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert [(s.name, s.ai_level) for s in info.seats if s.is_ai] == [
        ("Greedy AI", "greedy"), ("Greedy AI 2", "greedy"), ("Strong AI", "strong")]
    lobby = channel.last_message
    assert "🤖 Greedy AI 2" in lobby.embeds[0].fields[0].value
    await ann.click(lobby, label="Remove AI")
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert [s.name for s in info.seats if s.is_ai] == ["Greedy AI", "Greedy AI 2"]


async def test_a_full_table_turns_off_join_and_the_ai_menu(simcord_env: Env,
                                                          simcord_bot: JuwelierBot) -> None:
    _, channel, (ann,), lobby = await new_lobby(simcord_env, ["ann"])
    for _ in range(4):  # Edel, Stein & Reich seats five
        await add_ai(ann, lobby, "random")
    lobby = channel.last_message
    shown = components(lobby)
    assert shown["Join"].disabled and shown["Add an AI player…"].disabled
    assert not shown["Start"].disabled and not shown["Remove AI"].disabled


async def test_a_level_the_menu_never_offered_is_refused(simcord_env: Env,
                                                        simcord_bot: JuwelierBot) -> None:
    guild, channel, (ann,), lobby = await new_lobby(simcord_env, ["ann"])
    result = await pick_unoffered_level(simcord_bot, channel, ann, lobby, "grandmaster")
    assert private(result) and "not one of the AI levels" in reply_text(result)
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert not any(s.is_ai for s in info.seats)


async def test_an_old_lobbys_add_ai_button_seats_the_strongest_level(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild, channel, (ann,), _ = await new_lobby(simcord_env, ["ann"])
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    view = discord.ui.View()
    view.add_item(LobbyButton(info.id, "ai"))  # as lobbies were posted before the menu
    await simcord_bot.get_channel(channel.id).send("an older lobby", view=view)
    await ann.click(channel.last_message, label="Add AI")
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert [(s.name, s.ai_level) for s in info.seats if s.is_ai] == [("Strong AI", "strong")]


async def test_the_autopilot_plays_at_a_real_level(simcord_env: Env,
                                                  simcord_bot: JuwelierBot) -> None:
    # The level the settings name is the one the service plays (the tests set greedy).
    assert simcord_bot.settings.autopilot_level == "greedy"
    assert simcord_bot.service._autopilot_level == "greedy"


def test_the_default_autopilot_is_the_level_measured_best(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    # strong won 72 % of tables where greedy won 19 % (docs/benchmarks.md).
    monkeypatch.delenv("JUWELIER_AUTOPILOT_LEVEL")
    assert BotSettings(token="simulated").autopilot_level == "strong"
