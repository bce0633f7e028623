"""Whole games of Emerald through the real bot under SimCord: people and AI seats, 2 to 5."""

from __future__ import annotations

import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from engine import get_kind
from tests.bot.driver import add_ai, play_one, play_to_end, table_message

GAME = get_kind("emerald")


def story(channel) -> str:
    """The channel's public text."""
    return "\n".join(m.content for m in channel.history() if not m.flags.ephemeral)


async def two_people_playing(env: Env, bot: JuwelierBot):
    """ann and bob in a started game of Emerald (timers off): the channel, both, the game."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cave")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    await ann.slash(channel, "game new", game="emerald")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    game_id = (await bot.service.game_in_channel(guild.id, channel.id)).id
    await bot.timers.stop()
    return channel, ann, bob, game_id


@pytest.mark.parametrize("players", [2, 3, 4, 5])
async def test_a_person_and_ai_seats_play_a_whole_game(simcord_env: Env,
                                                       simcord_bot: JuwelierBot, players):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cave")
    ann = guild.add_member(simcord_env.create_user("ann"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    assert (await ann.slash(channel, "game new", game="emerald")).response is not None
    lobby = channel.last_message
    people = [ann] if players != 4 else [ann, bob]
    if bob in people:
        await bob.click(lobby, label="Join")
    for _ in range(players - len(people)):
        await add_ai(ann, lobby)
    await ann.click(lobby, label="Start")
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert info is not None and info.kind == "emerald" and len(info.seats) == players
    game_id = info.id
    clicks = await play_to_end(simcord_bot, channel, game_id, {p.id: p for p in people},
                               seed=players)
    assert clicks > 5
    final = GAME.load(await simcord_bot.service.state_json(game_id))
    assert GAME.is_over(final)
    text = story(channel)
    assert "Turn 1:" in text and "Game over." in text
    assert "moves a knight" in text
    table = await table_message(simcord_bot, channel, game_id)
    fields = [f.name for f in table.embeds[0].fields]
    assert any("ann" in name for name in fields)
    # The board is a picture on the live message only: the turns before keep their story.
    boards = [m for m in channel.history()
              if any(a.filename == "emerald-board.png" for a in m.attachments)]
    assert [m.id for m in boards] == [table.id]
    assert "C9" in (table.attachments[0].description or "")  # the text board, for readers
    if players == 2:  # the replay draws the board for each step beside the record
        await replay_shows_boards(ann, channel, game_id)


async def replay_shows_boards(ann, channel, game_id: int) -> None:
    """/game replay of a finished game: the record and a board, a new board per step."""
    from tests.bot.driver import last_reply
    from tests.bot.test_replay import button

    reply = last_reply(await ann.slash(channel, "game replay", game=game_id))
    names = [a.filename for a in reply.attachments]
    assert names == [f"juwelier-game-{game_id}.json", "emerald-board.png"]
    first_board = reply.attachments[1].id
    step2 = last_reply(await ann.click(reply, custom_id=button(reply, "Next ▶")["custom_id"]))
    assert [a.filename for a in step2.attachments] == names  # the record stays, one board
    assert step2.attachments[1].id != first_board  # drawn anew for the step


def test_the_final_scoring_lists_everyone_with_shared_places():
    from bot.games.emerald.presenter import scoring_lines
    from engine.games.emerald.events import GameEnded

    def line(total, treasures, gems):
        return {"total": total, "gold": total - 5 * treasures - gems, "treasures": 5 * treasures,
                "treasure_cards": treasures, "gems": gems, "bonuses": 0, "bonus_cards": 0,
                "gold_cards": 1}

    ended = GameEnded(reason="last_treasure", trigger=0, winners=[1, 2], tiebreak="shared",
                      scores=[line(20, 1, 3), line(30, 2, 4), line(30, 2, 4)], places=[3, 1, 1])
    lines = scoring_lines(ended, ["ann", "bob", "cy"])
    assert [text[:9] for text in lines] == ["1. **bob*", "1. **cy**", "3. **ann*"]
    assert "30 gold: gold cards 16 · treasures 10 · gems 4 · bonuses 0" in lines[0]


async def test_stale_double_and_foreign_clicks_are_refused_privately_and_change_nothing(
        simcord_env: Env, simcord_bot: JuwelierBot):
    from tests.bot.driver import button_ids, open_prompt, private, reply_text
    from tests.bot.test_forged_input import forged_click

    channel, ann, bob, game_id = await two_people_playing(simcord_env, simcord_bot)
    mover, other = ann, bob
    prompt = await open_prompt(simcord_bot, channel, game_id, mover)
    if not button_ids(prompt):  # bob moves first
        mover, other = bob, ann
        prompt = await open_prompt(simcord_bot, channel, game_id, mover)
    label, custom_id = button_ids(prompt)[0]
    first = await mover.click(prompt.response, custom_id=custom_id)
    assert private(first) and label in reply_text(first)
    version = await simcord_bot.service.version(game_id)
    # The same click again, as from a rendering of before (Discord delivers double clicks).
    again = await forged_click(mover, channel, channel.last_message, custom_id)
    assert private(again) and await simcord_bot.service.version(game_id) == version

    foreign = await forged_click(other, channel, channel.last_message, custom_id)
    assert private(foreign) and await simcord_bot.service.version(game_id) == version


async def test_the_board_picture_is_redrawn_when_a_knight_moves(simcord_env: Env,
                                                                simcord_bot: JuwelierBot):
    import random

    channel, ann, bob, game_id = await two_people_playing(simcord_env, simcord_bot)
    before = await table_message(simcord_bot, channel, game_id)
    [board] = before.attachments
    moves = await simcord_bot.service.get_view(game_id, None)
    assert await play_one(simcord_bot, channel, game_id, {ann.id: ann, bob.id: bob},
                          random.Random(1),
                          choose=lambda buttons: next(b for b in buttons if "→" in b[0]))
    after = await table_message(simcord_bot, channel, game_id)
    assert (await simcord_bot.service.get_view(game_id, None)).view["knights"] != \
        moves.view["knights"]
    [redrawn] = after.attachments
    assert redrawn.id != board.id and redrawn.filename == board.filename


async def test_the_lobby_offers_only_the_levels_emerald_plays_and_refuses_others(
        simcord_env: Env, simcord_bot: JuwelierBot):
    from tests.bot.driver import ai_menu, pick_unoffered_level, private, reply_text

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cave")
    ann = guild.add_member(simcord_env.create_user("ann"))
    await ann.slash(channel, "game new", game="emerald")
    lobby = channel.last_message
    menu = next(child for row in lobby.components for child in row.children
                if getattr(child, "custom_id", "") == ai_menu(lobby))
    assert [o.value for o in menu.options] == ["strong", "greedy", "random"]
    result = await pick_unoffered_level(simcord_bot, channel, ann, lobby, "hard")
    assert private(result) and "not one of the AI levels" in reply_text(result)
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert not any(s.is_ai for s in info.seats)


@pytest.mark.parametrize(("language", "one", "two"), [
    ("en", "1 treasure left", "2 treasures left"),
    ("de", "noch 1 Schatz", "noch 2 Schätze"),
    ("da", "1 skat tilbage", "2 skatte tilbage")])
def test_the_table_counts_the_treasures_left_in_the_right_number(language, one, two):
    from bot.games.emerald.presenter import EmeraldPresenter
    from engine.core.i18n import use_locale

    state, _ = GAME.new_game(1, 3)
    view = GAME.view(state, None)
    with use_locale(language):
        for left, text in ((1, one), (2, two)):
            view["treasures_left"] = left
            embed = EmeraldPresenter().table_embed(view, ["a", "b", "c"], "Emerald", None)
            assert text in embed.description


async def test_game_hand_shows_your_gold_values_even_when_it_is_not_your_turn(
        simcord_env: Env, simcord_bot: JuwelierBot):
    import random

    from engine.games.emerald.decisions import decide_seat
    from tests.bot.driver import private, reply_text

    channel, ann, bob, game_id = await two_people_playing(simcord_env, simcord_bot)
    info = await simcord_bot.service.get_game(game_id)
    actor = {s.seat: {ann.id: ann, bob.id: bob}[s.user_id] for s in info.seats}
    rng = random.Random(2)
    for _ in range(200):  # until whoever waits holds a gold card
        state = GAME.load(await simcord_bot.service.state_json(game_id))
        idle = 1 - decide_seat(state)
        if state.hands[idle]:
            break
        await play_one(simcord_bot, channel, game_id, {ann.id: ann, bob.id: bob}, rng)
    values = ", ".join(str(v) for v in sorted(state.hands[idle]))
    hand = await actor[idle].slash(channel, "game hand")
    assert private(hand)
    assert f"Your gold cards: {values} ({sum(state.hands[idle])} gold)" in reply_text(hand)
    assert "not your turn" in reply_text(hand)


def test_the_table_marks_whoever_decides_now_the_victims_owner_during_a_bribe():
    from bot.games.emerald.presenter import EmeraldPresenter

    state, _ = GAME.new_game(1, 3)
    view = GAME.view(state, None)
    names = ["ann", "bob", "cy"]

    def marked(view) -> list[str]:
        embed = EmeraldPresenter().table_embed(view, names, "Emerald", None)
        return [f.name for f in embed.fields if f.name.startswith("▶")]

    assert marked(view) == [f"▶ {'RBY'[state.seat]} · {names[state.seat]}"]
    victim_owner = (state.seat + 1) % 3
    view["waiting_for"] = [{"seat": victim_owner, "kind": "emerald.bribe"}]
    assert marked(view) == [f"▶ {'RBY'[victim_owner]} · {names[victim_owner]}"]
    view["waiting_for"] = []  # the game is over
    assert marked(view) == []


async def test_game_status_shows_the_board_privately_with_the_table(simcord_env: Env,
                                                                    simcord_bot: JuwelierBot):
    from tests.bot.driver import last_reply, private

    channel, ann, _bob, _game_id = await two_people_playing(simcord_env, simcord_bot)
    status = await ann.slash(channel, "game status")
    assert private(status)
    reply = last_reply(status)
    assert reply.embeds and [a.filename for a in reply.attachments] == ["emerald-board.png"]


async def test_a_strong_seat_moves_from_the_ai_worker_pool(simcord_env: Env,
                                                           simcord_bot: JuwelierBot):
    import random

    from tests.bot.driver import play_one

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cave")
    ann = guild.add_member(simcord_env.create_user("ann"))
    await ann.slash(channel, "game new", game="emerald")
    lobby = channel.last_message
    await add_ai(ann, lobby, "strong")
    assert (await ann.click(lobby, label="Start")).acknowledged
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert simcord_bot.service.ai_pool is not None
    rng = random.Random(3)
    for _ in range(300):  # the strong seat's searches run in worker processes, in real time
        state = GAME.load(await simcord_bot.service.state_json(info.id))
        if state.turn > 4:  # two turns each at least: the strong seat has moved twice
            break
        if not await play_one(simcord_bot, channel, info.id, {ann.id: ann}, rng):
            await simcord_env.advance_time(1)
    assert state.turn > 4
    assert story(channel).count("Strong AI moves a knight") >= 2
