"""Ratings in Discord: the final summary shows each person's change once (a restart between
the last move's commit and its telling included), the leaderboard ranks by rating per game, and
/game profile sums up a member's games."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from bot.core.components import lobby_view
from bot.core.lobby import lobby_embed
from engine import get_kind
from tests.bot.driver import NO_DEADLINES, no_logged_errors, private

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)
CHANGE = re.compile(r"\*\*(\w+)\*\*\u00a0(-?\d+\.\d)\u00a0→\u00a0(-?\d+\.\d)")


async def two_people_play_emerald(env: Env, bot: JuwelierBot, db_file: Path, seed: int = 4
                                  ) -> tuple[JuwelierBot, object, list, int]:
    """ann and bob play a whole Emerald game; the bot restarts between the last move's commit
    and its telling. The bot now running, the channel, the members and the game."""
    guild = env.create_guild()
    channel = guild.create_text_channel("cave")
    ann, bob = (guild.add_member(env.create_user(n)) for n in ("ann", "bob"))
    info = await bot.service.create_lobby(guild.id, channel.id, ann.id, "ann", kind="emerald",
                                          seed=seed, deadlines=NO_DEADLINES)
    message = await bot.get_channel(channel.id).send(embed=lobby_embed(info),
                                                     view=lobby_view(info))
    await bot.service.set_message(info.id, "lobby", channel.id, message.id)
    await bob.click(channel.last_message, label="Join")
    await ann.click(channel.last_message, label="Start")
    await bot.timers.stop()
    kind, rng = get_kind("emerald"), random.Random(seed)
    while True:
        decision = (await bot.service.pending(info.id))[0]
        user = next(s.user_id for s in (await bot.service.get_game(info.id)).seats
                    if s.seat == decision.player)
        action = rng.choice(decision.options).action
        state = kind.load(await bot.service.state_json(info.id))
        ends = kind.is_over(kind.apply(state, decision.player, action)[0])
        result = await bot.service.submit(info.id, user, action, decision.key)
        if ends:
            break  # committed, not told: the process dies here
        await bot.publisher.publish(info.id, result)
    new = JuwelierBot(BotSettings(token="simulated", db_path=db_file))
    await env.restart_bot(new)
    await bot.close()
    return new, channel, [ann, bob], info.id


async def test_the_final_summary_shows_each_persons_change_once_after_a_restart(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    bot, channel, _, game_id = await two_people_play_emerald(simcord_env, simcord_bot,
                                                             db_file)
    summaries = [m.content for m in channel.history()
                 if "Ratings:" in m.content and not m.flags.ephemeral]
    assert len(summaries) == 1
    (summary,) = summaries
    assert summary.index("Game over.") < summary.index("Ratings:")  # after the scoring
    shown = {name: (before, after) for name, before, after in CHANGE.findall(summary)}
    changes = {c.seat: c for c in await bot.service.rating_changes(game_id)}
    info = await bot.service.get_game(game_id)
    expected = {s.name: (f"{changes[s.seat].before.shown:.1f}",
                         f"{changes[s.seat].after.shown:.1f}") for s in info.seats}
    assert shown == expected and set(shown) == {"ann", "bob"}
    assert {before for before, _ in shown.values()} == {"0.0"}  # newcomers: 25 − 3 × 25/3
    assert "<@" not in summary.split("Ratings:")[1]  # named, not pinged
    await bot.close()


async def test_the_leaderboard_ranks_by_rating_and_a_profile_sums_up_a_members_games(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    bot, channel, (ann, bob), game_id = await two_people_play_emerald(simcord_env, simcord_bot,
                                                                      db_file, seed=6)
    board = (await ann.slash(channel, "game leaderboard")).response.embeds[0]
    (field,) = board.fields
    assert field.name == "Emerald"
    lines = field.value.splitlines()
    ranked = [m.user_id for m in await bot.service.rating_board(channel.guild.id, "emerald")]
    names = {ann.id: "ann", bob.id: "bob"}
    assert [line.split(" — ")[0] for line in lines] == [f"{i}. {names[u]}"
                                                         for i, u in enumerate(ranked, 1)]
    assert all(line.endswith("· 1 rated game") for line in lines)
    only = (await ann.slash(channel, "game leaderboard", game="esr")).response.embeds[0]
    assert [f.value for f in only.fields] == ["No rated games yet."]

    mine = await ann.slash(channel, "game profile")
    assert private(mine)
    (emerald,) = mine.response.embeds[0].fields
    assert emerald.name == "Emerald" and "(1 rated game)" in emerald.value
    assert "1 finished game · " in emerald.value and f"#{game_id} · place " in emerald.value
    theirs = await ann.slash(channel, "game profile", member=bob)
    assert theirs.response.embeds[0].title == "👤 bob"
    stranger = channel.guild.add_member(simcord_env.create_user("cy"))
    nobody = await ann.slash(channel, "game profile", member=stranger)
    assert nobody.response.embeds[0].description == "No finished games here yet."
    await bot.close()
