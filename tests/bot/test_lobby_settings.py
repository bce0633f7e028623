"""What `/game new` may set for each game: the rounds where a game lets a lobby choose them, a
game clock's own default and limits, and a lobby that says what was chosen."""

from __future__ import annotations

import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from tests.bot.driver import no_logged_errors, private, reply_text

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


async def new_lobby(env: Env, bot: JuwelierBot, **options):
    """`/game new` with `options` in a new channel: the reply, the lobby (None if refused)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("table")
    ann = guild.add_member(env.create_user("ann"))
    result = await ann.slash(channel, "game new", **options)
    info = await bot.service.game_in_channel(guild.id, channel.id)
    return result, info, (channel.last_message if info is not None else None)


def footer(lobby) -> str:
    """The lobby embed's footer: what the lobby chose."""
    return lobby.embeds[0].footer.text


@pytest.mark.parametrize("game", ["esr", "emerald"])
async def test_a_game_of_fixed_length_refuses_a_choice_of_rounds(
        simcord_env: Env, simcord_bot: JuwelierBot, game: str) -> None:
    result, info, _ = await new_lobby(simcord_env, simcord_bot, game=game, rounds=4)
    assert private(result) and "has no choice of rounds" in reply_text(result)
    assert info is None


async def test_a_clocked_game_without_a_timer_named_gets_its_own_round_limit(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, info, lobby = await new_lobby(simcord_env, simcord_bot, game="gke")
    assert info.deadlines["pick"] == 90.0  # the game's own, not the server's 2 minutes
    assert footer(lobby) == "6 rounds · Time limit: 1½ minutes per round"


async def test_the_lobby_shows_the_rounds_chosen(simcord_env: Env,
                                                 simcord_bot: JuwelierBot) -> None:
    _, info, lobby = await new_lobby(simcord_env, simcord_bot, game="gke", rounds=4, timer=30)
    assert info.settings["cards_per_colour"] == 4
    assert footer(lobby) == "4 rounds · Time limit: 30 seconds per round"


@pytest.mark.parametrize("rounds", [2, 10])
async def test_rounds_outside_the_games_range_are_refused(
        simcord_env: Env, simcord_bot: JuwelierBot, rounds: int) -> None:
    result, info, _ = await new_lobby(simcord_env, simcord_bot, game="gke", rounds=rounds)
    assert private(result) and reply_text(result) == (
        "Große kleine Edelsteine plays 3 to 9 rounds.")
    assert info is None


async def test_a_round_limit_longer_than_the_game_allows_is_refused(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    result, info, _ = await new_lobby(simcord_env, simcord_bot, game="gke", timer=900)
    assert private(result) and "at most 5 minutes" in reply_text(result)
    assert info is None


async def test_a_clocked_game_may_be_played_without_a_clock(simcord_env: Env,
                                                            simcord_bot: JuwelierBot) -> None:
    _, info, lobby = await new_lobby(simcord_env, simcord_bot, game="gke", timer=0)
    assert set(info.deadlines.values()) == {None}
    assert footer(lobby) == "6 rounds · No timer: nobody is hurried"


async def test_a_turn_game_keeps_its_timer_per_action(simcord_env: Env,
                                                      simcord_bot: JuwelierBot) -> None:
    _, _, lobby = await new_lobby(simcord_env, simcord_bot, game="emerald", timer=900)
    assert footer(lobby) == "Timer: 15 minutes per action"
