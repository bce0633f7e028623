"""Anyone who is not seated, or whose turn it is not, gets an ephemeral explanation, never a
failed interaction, and nothing in the game changes."""

from __future__ import annotations

import re
from pathlib import Path

from simcord import Env, InteractionResult

from bot.core.client import JuwelierBot
from bot.core.presenter import presenter_for
from bot.core.prompts import prompt_view
from tests.bot.driver import (
    add_ai,
    button_ids,
    new_lobby,
    new_table,
    open_prompt,
    play_to_end,
    private,
    reply_text,
    table_message,
)
from tests.bot.test_forged_input import forged_click
from tests.bot.test_restart_mid_game import restart


async def progress(bot: JuwelierBot, game_id: int) -> tuple[int, int]:
    """(length of the action log, game version): both stay put when a click is refused."""
    return len(await bot.service.action_log(game_id)), await bot.service.version(game_id)


def refused(result: InteractionResult, text: str) -> None:
    """The interaction was answered, privately, with `text` in it."""
    assert result.acknowledged, "the interaction must be answered (no 'interaction failed')"
    assert private(result), "refusals are private"
    assert text in reply_text(result), reply_text(result)


def handled_errors(env: Env) -> list[type]:
    """The engine errors the command error handler turned into messages (and acknowledge them)."""
    return [type(getattr(e, "original", e)) for e in env.errors]


# --- in a running game --------------------------------------------------------------------


async def test_a_non_player_pressing_the_table_button_is_told_they_are_not_playing(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild, channel, _, game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    zed = guild.add_member(simcord_env.create_user("zed"))
    before = await progress(simcord_bot, game_id)

    result = await open_prompt(simcord_bot, channel, game_id, zed)

    refused(result, "You are not playing in this game")
    assert not button_ids(result), "a spectator gets no options to press"
    assert await progress(simcord_bot, game_id) == before
    hand = await zed.slash(channel, "game hand")
    refused(hand, "You are not playing in this game")


async def test_a_non_player_pressing_a_seated_players_option_changes_nothing(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    # Discord only shows a prompt to its player (ephemeral or DM), so a stranger can reach an
    # option button only if it ever appeared in a public message. Post ann's live options
    # publicly through the bot and let a stranger press one: the handler must not trust the
    # message a button sits on.
    guild, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    zed = guild.add_member(simcord_env.create_user("zed"))
    view = prompt_view(await simcord_bot.service.get_view(game_id, ann.id), None,
                       presenter_for("esr"))
    assert view is not None
    await simcord_bot.get_channel(channel.id).send("ann's options", view=view)
    leaked = channel.last_message
    before = await progress(simcord_bot, game_id)

    result = await zed.click(leaked, label="Money")

    refused(result, "You are not playing in this game.")
    assert await progress(simcord_bot, game_id) == before
    assert (await simcord_bot.service.get_view(game_id, ann.id)).decision.current is None


async def test_an_outdated_prompt_is_refused_as_no_longer_current(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    _, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    old = await open_prompt(simcord_bot, channel, game_id, ann)
    gemstones = dict(button_ids(old))["Gemstones"]
    # A restarted bot still knows the prompt it showed before (live_prompts): the new one
    # retires it.
    simcord_bot = await restart(simcord_env, simcord_bot, db_file)
    fresh = await open_prompt(simcord_bot, channel, game_id, ann)
    assert not next(m for m in channel.history(viewer=ann) if m.id == old.response.id).components
    answered = await ann.click(fresh.response, label="Money")
    assert answered.response.ephemeral and "Money" in reply_text(answered)
    # ann was the last to choose: the turn moved on, and the first prompt is out of date.
    before = await progress(simcord_bot, game_id)
    assert before[0] >= 3

    # A client that still shows the old prompt's buttons (it has not caught up) clicks one:
    # the message no longer carries it.
    result = await forged_click(ann, channel, old.response, gemstones)

    refused(result, "That button is not valid any more")
    assert await progress(simcord_bot, game_id) == before


async def test_a_second_click_on_the_chosen_option_changes_nothing(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, _bob), game_id = await new_table(simcord_env, simcord_bot, ["ann", "bob"],
                                                       ai=1)
    prompt = await open_prompt(simcord_bot, channel, game_id, ann)
    stale_copy = prompt.response  # what ann's client still shows while the first click travels
    first = await ann.click(prompt.response, label="Money")
    assert "You chose **Money**" in reply_text(first)  # bob has not chosen: the prompt stays
    before = await progress(simcord_bot, game_id)

    again = await ann.click(stale_copy, label="Money")

    refused(again, "You already chose Money.")
    assert await progress(simcord_bot, game_id) == before


async def test_a_player_outside_the_negotiation_is_told_whose_turn_it_is(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, actors, game_id = await new_table(simcord_env, simcord_bot, ["ann", "bob", "cem"])
    ann, bob, cem = actors
    for actor, card in ((ann, "Money"), (bob, "Money"), (cem, "Gemstones")):
        prompt = await open_prompt(simcord_bot, channel, game_id, actor)
        await actor.click(prompt.response, label=card)
    (decision,) = await simcord_bot.service.pending(game_id)
    assert decision.kind == "esr.negotiate"
    info = await simcord_bot.service.get_game(game_id)
    opener = next(s for s in info.seats if s.seat == decision.player)
    waiting_partner = next(a for a in (ann, bob) if a.id != opener.user_id)
    table = await table_message(simcord_bot, channel, game_id)
    assert "Your decision" in [label for row in table.components for label in
                               [c.label for c in row.children]]
    before = await progress(simcord_bot, game_id)

    for bystander in (cem, waiting_partner):
        result = await open_prompt(simcord_bot, channel, game_id, bystander)
        refused(result, f"It is not your turn to decide. Waiting for {opener.name}.")
        assert not button_ids(result)
    hand = await cem.slash(channel, "game hand")
    refused(hand, "It is not your turn to decide.")
    assert await progress(simcord_bot, game_id) == before


# --- in the lobby -------------------------------------------------------------------------


async def test_lobby_mistakes_are_explained_privately_and_change_nothing(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild, channel, (ann, bob), lobby = await new_lobby(simcord_env, ["ann", "bob"])
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)

    too_few = await ann.click(lobby, label="Start")
    refused(too_few, "You need at least 3 players to start; there are 1.")
    await bob.click(lobby, label="Join")
    before = (await simcord_bot.service.get_game(info.id)).model_dump()

    refused(await ann.click(lobby, label="Join"), "You have already joined this game.")
    refused(await bob.click(lobby, label="Join"), "You have already joined this game.")
    refused(await bob.click(lobby, label="Start"), "Only the host can start the game.")
    refused(await add_ai(bob, lobby), "Only the host can add AI players.")

    assert (await simcord_bot.service.get_game(info.id)).model_dump() == before
    embed = channel.history()[0].embeds[0]
    assert embed.fields[0].name == "Players 2/5"


async def test_a_second_game_new_in_a_channel_with_an_open_lobby_is_refused(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    await ann.slash(channel, "game new")
    first = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    messages = len(channel.history())

    result = await bob.slash(channel, "game new")

    refused(result, "This channel already has an open lobby")
    assert handled_errors(simcord_env) == []  # a refusal is an answer, not a failure
    assert (await simcord_bot.service.game_in_channel(guild.id, channel.id)).id == first.id
    assert len(channel.history()) == messages, "no second lobby message"
    assert (await simcord_bot.service.get_game(first.id)).host_id == ann.id


# --- information commands -----------------------------------------------------------------


async def test_status_shows_the_table_privately_and_hand_shows_the_callers_prompt(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild, channel, (ann,), _ = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    zed = guild.add_member(simcord_env.create_user("zed"))

    status = await zed.slash(channel, "game status")
    assert private(status)
    embed = status.response.embeds[0]
    assert "Round 1 of 3 · Turn 1 of 8" in embed.description
    assert {f.name for f in embed.fields} >= {"ann", "Random AI", "Random AI 2"}

    hand = await ann.slash(channel, "game hand")
    assert private(hand)
    assert "Choose your action card for this turn." in reply_text(hand)
    assert [label for label, _ in button_ids(hand)] == ["Money", "Event", "Gemstones"]

    elsewhere = guild.create_text_channel("quiet")
    nothing = await ann.slash(elsewhere, "game status")
    refused(nothing, "There is no game in this channel.")


async def test_rules_help_is_private_and_cites_the_rulings(simcord_env: Env,
                                                          simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))

    negotiation = await ann.slash(channel, "game rules", topic="negotiation")
    assert private(negotiation)
    text = negotiation.response.embeds[0].description
    assert "ESR-4" in text and "raise" in text

    overview = await ann.slash(channel, "game rules")
    assert private(overview)
    menu = overview.response.components[0]["components"][0]
    assert "Rulings" in [o["label"] for o in menu["options"]], "every topic is in its menu"

    rulings = await ann.slash(channel, "game rules", topic="rulings")
    assert private(rulings)
    cited = re.findall(r"\*\*ESR-(\d+)\*\*", rulings.response.embeds[0].description)
    assert [int(n) for n in cited] == list(range(1, 15))


async def test_history_and_leaderboard_report_a_finished_game(simcord_env: Env,
                                                              simcord_bot: JuwelierBot) -> None:
    _, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    empty = await ann.slash(channel, "game leaderboard")
    assert "No rated games yet." in empty.response.embeds[0].description
    await play_to_end(simcord_bot, channel, game_id, {ann.id: ann}, seed=11)
    results = (await simcord_bot.service.get_view(game_id)).view["results"]
    seat = (await simcord_bot.service.get_game(game_id)).seat_of(ann.id).seat
    mine = next(s for s in results["standings"] if s["player"] == seat)
    won = seat in results["winners"]

    history = await ann.slash(channel, "game history")

    assert private(history)
    line = reply_text(history)
    assert line.startswith(f"**#{game_id}** Edel, Stein & Reich · <t:")
    assert f"in <#{channel.id}> · with " in line and "(practice)" in line
    assert "Random AI" in line and "Random AI 2" in line
    assert ("🏆 you won" if won else f"place {mine['rank']} of 3") in line
    assert f"{mine['score']} million" in line
    assert won or "(won by " in line

    board = await ann.slash(channel, "game leaderboard")
    embed = board.response.embeds[0]
    assert embed.description == "No rated games yet."  # one person and AIs: practice
    (practice,) = embed.fields
    # By name: an embed's mention shows as a raw <@…> where the reader's client does not
    # know the member.
    assert practice.value == (f"1. ann — {int(won)} {'win' if won else 'wins'} in "
                              f"1 game, {mine['score']}M")


async def test_a_stranger_has_no_history(simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    zed = guild.add_member(simcord_env.create_user("zed"))
    result = await zed.slash(channel, "game history")
    refused(result, "You have not played here yet.")


async def test_after_abandon_the_old_table_button_explains_instead_of_prompting(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    table = await table_message(simcord_bot, channel, game_id)
    await ann.slash(channel, "game abandon")

    result = await ann.click(table, custom_id=f"jw:open:{game_id}")

    refused(result, "This game was abandoned.")
    assert not button_ids(result), "no options for a game that is over"

