"""Tournaments through the real bot on SimCord: sign-up by buttons, Start, each round's tables
as threads with their games, standings in the channel after every round, restarts at every
step, a drop, round robin and odd counts."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import discord
import pytest
from simcord import ChannelHandle, Env, GuildHandle, MemberActor

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from tests.bot.driver import find_message, no_logged_errors, reply_text
from tests.postgres import on_both_backends, postgres_url

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)
__all__ = ["on_both_backends", "postgres_url"]  # every test on SQLite and on PostgreSQL


async def restart(env: Env, old: JuwelierBot, db_file: Path) -> JuwelierBot:
    """A new bot process on the same database, as after a crash."""
    new = JuwelierBot(BotSettings(token="simulated", db_path=db_file,
                                  database_url=old.settings.database_url))
    await env.restart_bot(new)
    await old.close()
    return new


def server(env: Env, players: int) -> tuple[GuildHandle, ChannelHandle, MemberActor,
                                             list[MemberActor]]:
    """A server with a tournaments channel, an organiser (Manage Server) and players."""
    guild = env.create_guild()
    channel = guild.create_text_channel("tournament")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    organiser = guild.add_member(env.create_user("org"), roles=[admins])
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(1, players + 1)]
    return guild, channel, organiser, members


def button(message: discord.Message, op: str) -> str:
    """A sign-up button's custom id by its operation."""
    return next(c.custom_id for row in message.components for c in row.children
                if str(c.custom_id).startswith("jw:tour:") and c.custom_id.endswith(f":{op}"))


async def sign_up(bot: JuwelierBot, channel: ChannelHandle, organiser: MemberActor,
                  members: list[MemberActor], **options) -> tuple[int, discord.Message]:
    """`/game tournament new` and everyone presses Join; the tournament and its message."""
    result = await organiser.slash(channel, "game tournament new", **options)
    assert "is open for sign-up" in reply_text(result)
    signup = channel.last_message
    for member in members:
        joined = await member.click(signup, custom_id=button(signup, "join"))
        assert "You joined" in reply_text(joined)
    info = await bot.service.tournament_in_channel(signup.guild.id, channel.id)
    return info.id, find_message(channel, signup.id)


def thread_of(channel: ChannelHandle, thread_id: int) -> ChannelHandle:
    """A table's thread."""
    return next(t for t in channel.threads if t.id == thread_id)


async def finish_round(bot: JuwelierBot, channel: ChannelHandle,
                       members: dict[int, MemberActor], tid: int) -> list:
    """Everyone at the current round's tables hands their seat to the autopilot in their
    table's thread (`/game autopilot on`), which plays the games to their end."""
    info = await bot.service.tournament(tid)
    tables = await bot.service.tournament_tables(tid, info.round)
    for table in tables:
        if table.is_bye:
            continue
        thread = thread_of(channel, table.thread_id)
        for user in table.people:
            game = await bot.service.get_game(table.game_id)
            if game.status == "running" and user in members:
                await members[user].slash(thread, "game autopilot", mode="on")
    return tables


async def test_swiss_twelve_in_fours_over_three_rounds_survives_restarts_at_every_step(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    _, channel, organiser, members = server(simcord_env, 12)
    by_id = {m.id: m for m in members}
    bot = simcord_bot
    tid, signup = await sign_up(bot, channel, organiser, members, game="emerald",
                                rounds=3, table_size=4, timer=0)
    assert len((await bot.service.tournament(tid)).entrants) == 12
    bot = await restart(simcord_env, bot, db_file)  # after sign-up: the buttons still work
    started = await organiser.click(signup, custom_id=button(signup, "start"))
    assert "has started" in reply_text(started)
    assert not find_message(channel, signup.id).components, "the closed sign-up has no button"
    seen: Counter = Counter()
    for number in (1, 2, 3):
        bot = await restart(simcord_env, bot, db_file)  # after pairing and opening
        tables = await bot.service.tournament_tables(tid, number)
        assert sorted(u for t in tables for u in t.people) == sorted(by_id)
        threads = {t.thread_id for t in tables}
        assert len(threads) == 3 and None not in threads
        for table in tables:
            thread = thread_of(channel, table.thread_id)
            intro = [m for m in thread.history() if "your game starts here" in m.content]
            assert len(intro) == 1, "each table is greeted once"
            assert {u.id for u in intro[0].mentions} == set(table.people)
            game = await bot.service.get_game(table.game_id)
            assert game.channel_id == thread.id and game.status == "running"
            seen.update(itertools.combinations(sorted(table.people), 2))
        await finish_round(bot, channel, by_id, tid)
        bot = await restart(simcord_env, bot, db_file)  # after the round's last game
    info = await bot.service.tournament(tid)
    assert info.status == "finished" and info.told_round == 3
    text = [m.content for m in channel.history()]
    for number in (1, 2):
        heading = f"standings after round {number} of 3"
        assert sum(heading in t for t in text) == 1, "told once, restarts or not"
    assert sum("final standings" in t for t in text) == 1
    final = next(m for m in channel.history() if "final standings" in m.content)
    assert final.attachments
    assert "Winner" in final.content or "Shared first place" in final.content
    assert sum("Round 2 of 3" in t for t in text) == 1
    assert max(seen.values()) <= 2
    games = {t.game_id for t in await bot.service.tournament_tables(tid)}
    assert len(games) == 9, "no table opened twice"
    assert not find_message(channel, signup.id).components, "the sign-up keeps no live button"


async def test_a_crash_while_opening_tables_opens_each_once_after_the_restart(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path,
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    _, channel, organiser, members = server(simcord_env, 8)
    tid, signup = await sign_up(simcord_bot, channel, organiser, members, game="emerald",
                                rounds=2, table_size=4, timer=0)
    real = simcord_bot.service.open_table
    calls = []

    async def dies_at_the_second_table(*args, **kwargs):
        calls.append(args)
        if len(calls) == 2:
            raise SystemError("the process dies here")
        return await real(*args, **kwargs)

    monkeypatch.setattr(simcord_bot.service, "open_table", dies_at_the_second_table)
    await organiser.click(signup, custom_id=button(signup, "start"))
    tables = await simcord_bot.service.tournament_tables(tid, 1)
    assert [t.game_id is not None for t in tables] == [True, False]
    assert "the process dies here" in caplog.text
    caplog.clear()  # the simulated death was logged as it should be; nothing else may be
    monkeypatch.undo()
    bot = await restart(simcord_env, simcord_bot, db_file)
    tables = await bot.service.tournament_tables(tid, 1)
    assert all(t.game_id is not None for t in tables)
    for table in tables:
        thread = thread_of(channel, table.thread_id)
        assert sum("your game starts here" in m.content for m in thread.history()) == 1
        assert (await bot.service.get_game(table.game_id)).status == "running"
    assert len(channel.threads) == 2, "no thread opened twice"


async def test_a_round_robin_of_five_plays_five_rounds_with_a_bye_each(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, organiser, members = server(simcord_env, 5)
    by_id = {m.id: m for m in members}
    tid, signup = await sign_up(simcord_bot, channel, organiser, members, game="emerald",
                                format="round_robin", table_size=2, timer=0)
    await organiser.click(signup, custom_id=button(signup, "start"))
    byes = []
    for _ in range(5):
        tables = await finish_round(simcord_bot, channel, by_id, tid)
        byes += [t.people[0] for t in tables if t.is_bye]
    info = await simcord_bot.service.tournament(tid)
    assert (info.status, info.rounds) == ("finished", 5)
    assert sorted(byes) == sorted(by_id)
    assert any("has a bye this round" in m.content for m in channel.history())
    lines = await simcord_bot.service.tournament_standings(tid)
    assert [s.played for s in lines] == [5] * 5


async def test_a_drop_leaves_the_table_to_the_autopilot_and_the_rest_goes_on(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, organiser, members = server(simcord_env, 6)
    by_id = {m.id: m for m in members}
    tid, signup = await sign_up(simcord_bot, channel, organiser, members, game="emerald",
                                rounds=2, table_size=3, timer=0)
    await organiser.click(signup, custom_id=button(signup, "start"))
    leaver = members[0]
    dropped = await leaver.slash(channel, "game tournament drop")
    assert "has left" in reply_text(dropped)
    await finish_round(simcord_bot, channel, {k: v for k, v in by_id.items()
                                              if k != leaver.id}, tid)
    info = await simcord_bot.service.tournament(tid)
    assert info.round == 2
    second = await simcord_bot.service.tournament_tables(tid, 2)
    assert leaver.id not in [u for t in second for u in t.people]
    line = next(s for s in await simcord_bot.service.tournament_standings(tid)
                if s.user_id == leaver.id)
    assert line.points == 0 and line.dropped
    again = await leaver.slash(channel, "game tournament drop")
    assert "already left" in reply_text(again)


async def test_an_odd_count_seats_ai_players_and_says_so(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, organiser, members = server(simcord_env, 7)
    tid, signup = await sign_up(simcord_bot, channel, organiser, members, game="emerald",
                                rounds=1, table_size=4, timer=0)
    await organiser.click(signup, custom_id=button(signup, "start"))
    tables = await simcord_bot.service.tournament_tables(tid, 1)
    assert sorted(sum(1 for s in t.seats if s is None) for t in tables) == [0, 1]
    post = next(m for m in channel.history() if "Round 1 of 1" in m.content)
    assert "AI seat" in post.content and not post.mentions, "names, no pings, in the channel"


async def test_only_organisers_run_tournaments_and_admins_name_their_role(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild, channel, organiser, members = server(simcord_env, 3)
    refused = await members[0].slash(channel, "game tournament new")
    assert "Only members with Manage Server" in reply_text(refused)
    assert await simcord_bot.service.tournament_in_channel(guild.id, channel.id) is None
    hosts = guild.create_role("Hosts")
    host = guild.add_member(simcord_env.create_user("host"), roles=[hosts])
    denied = await members[0].slash(channel, "game settings", organisers=hosts)
    assert "Not changed" in reply_text(denied)
    named = await organiser.slash(channel, "game settings", organisers=hosts)
    assert "may now run tournaments" in reply_text(named)
    opened = await host.slash(channel, "game tournament new", game="emerald")
    assert "is open for sign-up" in reply_text(opened)
    signup = channel.last_message
    for member in members:
        await member.click(signup, custom_id=button(signup, "join"))
    early = await members[0].click(signup, custom_id=button(signup, "start"))
    assert "Only the organiser" in reply_text(early)
    assert (await simcord_bot.service.tournament_in_channel(guild.id, channel.id)).status \
        == "signup"


async def test_sign_up_refusals_are_private_and_change_nothing(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, organiser, members = server(simcord_env, 2)
    tid, signup = await sign_up(simcord_bot, channel, organiser, members, game="emerald")
    twice = await members[0].click(signup, custom_id=button(signup, "join"))
    assert "already joined" in reply_text(twice) and twice.response.ephemeral
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Join", custom_id=f"jw:tour:{tid}:explode"))
    await simcord_bot.get_channel(channel.id).send("forged", view=view)
    forged = await members[0].click(channel.last_message, custom_id=f"jw:tour:{tid}:explode")
    assert "not valid" in reply_text(forged)
    other = await organiser.slash(channel, "game tournament new", game="emerald")
    assert "already has a tournament" in reply_text(other)
    left = await members[1].click(signup, custom_id=button(signup, "leave"))
    assert "You left" in reply_text(left)
    info = await simcord_bot.service.tournament(tid)
    assert [e.user_id for e in info.entrants] == [members[0].id]
    shown = find_message(channel, signup.id)
    assert "p2" not in shown.embeds[0].fields[2].value and "p1" in shown.embeds[0].fields[2].value
    status = await members[0].slash(channel, "game tournament status")
    assert status.response.ephemeral
    cancelled = await organiser.slash(channel, "game tournament cancel")
    assert "cancelled" in reply_text(cancelled)
    assert not find_message(channel, signup.id).components


async def test_one_person_and_ai_players_play_a_whole_tournament(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, organiser, _members = server(simcord_env, 0)
    tid, signup = await sign_up(simcord_bot, channel, organiser, [organiser], game="emerald",
                                rounds=2, table_size=4, timer=0)
    for _ in range(7):
        added = await organiser.click(signup, custom_id=button(signup, "ai"))
        assert "An AI player joined" in reply_text(added)
    shown = find_message(channel, signup.id).embeds[0].fields[2].value
    assert "🤖 AI player 7" in shown
    await organiser.click(signup, custom_id=button(signup, "start"))
    for _ in range(2):
        tables = await finish_round(simcord_bot, channel, {organiser.id: organiser}, tid)
        mine = next(t for t in tables if organiser.id in t.people)
        intro = next(m for m in thread_of(channel, mine.thread_id).history()
                     if "your game starts here" in m.content)
        assert [u.id for u in intro.mentions] == [organiser.id], "only people are pinged"
    info = await simcord_bot.service.tournament(tid)
    assert info.status == "finished"
    lines = await simcord_bot.service.tournament_standings(tid)
    assert len(lines) == 8 and sum(s.points for s in lines) == 24.0  # AI entrants score too


async def test_where_threads_cannot_open_each_table_gets_a_channel_of_its_own(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    organiser = guild.add_member(simcord_env.create_user("org"), roles=[admins])
    members = [guild.add_member(simcord_env.create_user(f"p{i}")) for i in range(1, 5)]
    channel = guild.create_text_channel("tournament", overwrites={
        simcord_bot.user: discord.PermissionOverwrite(create_public_threads=False)})
    tid, signup = await sign_up(simcord_bot, channel, organiser, members, game="emerald",
                                rounds=1, table_size=2, timer=0)
    await organiser.click(signup, custom_id=button(signup, "start"))
    tables = await simcord_bot.service.tournament_tables(tid, 1)
    assert not channel.threads
    own = {c.id: c for c in simcord_bot.get_guild(guild.id).text_channels}
    for table in tables:
        assert own[table.thread_id].name == f"t{tid}-r1-table-{table.table_no}"
        game = await simcord_bot.service.get_game(table.game_id)
        assert game.channel_id == table.thread_id and game.status == "running"
    post = next(m for m in channel.history() if "Round 1 of 1" in m.content)
    assert all(f"<#{t.thread_id}>" in post.content for t in tables)
