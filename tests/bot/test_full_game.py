"""Whole games from `/game new` to the final results, driven only by clicks."""

from __future__ import annotations

import re

from simcord import Env

from bot.core.client import JuwelierBot
from bot.games.esr.presenter import turn_heading
from tests.bot.driver import open_lobby, play_one, play_to_end, table_message

REVEALED = re.compile(r"played|Reveal|💰 Money|🃏 Event|💎 Gemstones")


def channel_text(channel, since: int = 0) -> str:
    """Everything visible in the channel (from message id `since` on): contents and embeds."""
    parts = []
    for message in channel.history():
        if message.id < since:
            continue
        parts.append(message.content)
        parts += [str(e.to_dict()) for e in message.embeds]
    return "\n".join(parts)


async def test_three_players_play_a_complete_game_by_clicks(simcord_env: Env,
                                                             simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann, bob, cem = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cem"))
    game_id = await open_lobby(simcord_bot, channel, ann, [bob, cem])
    decisions = await play_to_end(simcord_bot, channel, game_id,
                                  {a.id: a for a in (ann, bob, cem)}, seed=3)
    assert decisions >= 3 * 8 * 3  # at least every action choice of 3 rounds
    info = await simcord_bot.service.get_game(game_id)
    assert info.status == "finished"
    text = channel_text(channel)
    assert "Game over!" in text and "🏆" in text
    assert text.count("Scoring of round") == 3
    final = next(m for m in reversed(channel.history()) if "Game over!" in m.content)
    assert final.attachments and final.attachments[0].filename == "final.png"
    log = await simcord_bot.service.action_log(game_id)
    assert [row.seq for row in log] == list(range(1, len(log) + 1))
    board = await simcord_bot.service.leaderboard(guild.id)
    assert sum(row.games for row in board) == 3
    readable_on_a_phone_without_colour(text + "\n" + "\n".join(
        m.content for thread in channel.threads for m in thread.history()))


PHONE_CODE_WIDTH = 32  # characters of a code block line that fit a 360 px phone
COLOUR_ONLY = ("🟥", "🟨", "🟦", "🔴", "🔵", "🟢", "🟡🟡")  # symbols that differ only by colour


def readable_on_a_phone_without_colour(text: str) -> None:
    """No code block line wider than a phone; gems always in the shape notation, each colour
    a different shape, and every count joined to its symbol."""
    from bot.games.esr.narrate import COLOUR_EMOJI, JOIN

    for block in re.findall(r"```(.*?)```", text, flags=re.S):
        assert all(len(line) <= PHONE_CODE_WIDTH for line in block.splitlines()), block
    assert not any(symbol in text for symbol in COLOUR_ONLY)
    assert "×" not in text, "one notation: a symbol and its count"
    for symbol in COLOUR_EMOJI.values():
        assert symbol in text
        assert not re.search(re.escape(symbol) + r" ?\d", text), "a count is joined to its symbol"
        assert re.search(re.escape(symbol) + JOIN + r"[+-]?\d", text)


async def test_one_human_finishes_a_game_against_two_ai_seats(simcord_env: Env,
                                                               simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))
    game_id = await open_lobby(simcord_bot, channel, ann, [], ai=2)
    info = await simcord_bot.service.get_game(game_id)
    assert sum(s.is_ai for s in info.seats) == 2
    await play_to_end(simcord_bot, channel, game_id, {ann.id: ann}, seed=5)
    assert (await simcord_bot.service.get_game(game_id)).status == "finished"
    assert "Game over!" in channel_text(channel)


async def test_a_choice_stays_private_until_the_reveal(simcord_env: Env,
                                                       simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann, bob, cem = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cem"))
    actors = {a.id: a for a in (ann, bob, cem)}
    game_id = await open_lobby(simcord_bot, channel, ann, [bob, cem])
    first = lambda buttons: buttons[0]  # noqa: E731
    for turn in range(3):
        for _ in range(2):  # two of three players choose; the third has not yet
            _, label, answered = await play_one(simcord_bot, channel, game_id, actors, None,
                                                choose=lambda b, t=turn: b[t % len(b)])
            assert answered.response.ephemeral and label in answered.response.content
            # Earlier turns were revealed; nothing from this turn's start on may name a choice.
            table = await table_message(simcord_bot, channel, game_id)
            this_turn = channel_text(channel, since=table.id).split(turn_heading(1, turn + 1))
            assert len(this_turn) == 2, "the turn's story starts in its table message"
            this_turn = this_turn[1]
            assert f"Turn {turn + 1} of 8" in this_turn
            assert not REVEALED.search(this_turn), this_turn
            assert "has chosen" in this_turn
        await play_one(simcord_bot, channel, game_id, actors, None, choose=first)
        assert "**Reveal:**" in channel_text(channel)
        while (await simcord_bot.service.get_view(game_id)).view["phase"] == "resolve":
            await play_one(simcord_bot, channel, game_id, actors, None, choose=first)
