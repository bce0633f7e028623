"""The process may die between any two steps of telling a change: after the commit, after a
post whose id was not stored yet, after an edit, during the start-up catch-up. After a restart
the channel holds the whole story, each line once, and only the current table and the current
prompt carry live buttons."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import ChannelHandle, Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from bot.core.presenter import RoomRole, presenter_for
from bot.core.rooms import ROOM
from bot.core.texts import seat_names
from tests.bot.driver import play_one, play_to_end, seeded_table
from tests.postgres import on_both_backends, postgres_url

__all__ = ["on_both_backends", "postgres_url"]  # every crash here, on both backends


class Crash(Exception):
    """The process dies here (the rest of the step never runs; a restart follows)."""


def crash_once(obj: Any, name: str, when: Callable[..., bool], *, after: bool = False
               ) -> list[bool]:
    """Make obj.name raise Crash (before or after doing its work) the first time `when`
    holds for its arguments; returns a flag list that says whether it fired."""
    fired: list[bool] = []
    original = getattr(obj, name)

    async def patched(*args: Any, **kwargs: Any) -> Any:
        if not fired and when(*args, **kwargs):
            fired.append(True)
            if after:
                await original(*args, **kwargs)
            raise Crash(name)
        return await original(*args, **kwargs)

    setattr(obj, name, patched)
    return fired


async def restart(env: Env, old: JuwelierBot, db_file: Path,
                  prepare: Callable[[JuwelierBot], None] | None = None) -> JuwelierBot:
    """A new bot process on the same file; `prepare` may sabotage it before it starts."""
    new = JuwelierBot(BotSettings(token="simulated", db_path=db_file,
                                  database_url=old.settings.database_url))
    if prepare is not None:
        prepare(new)
    await env.restart_bot(new)
    await old.close()
    return new


def bot_lines(place: ChannelHandle, bot: JuwelierBot) -> Counter[str]:
    """Every line the bot wrote in a channel or thread."""
    return Counter(line for m in place.history() if m.author.id == bot.user.id
                   for line in m.content.split("\n") if line)


def live_buttons(channel: ChannelHandle) -> list[discord.Message]:
    """Messages (channel and threads) that still carry a button one can press."""
    return [m for place in (channel, *channel.threads) for m in place.history()
            if any(isinstance(c, discord.Button) and not c.disabled
                   for row in m.components for c in row.children)]


async def assert_whole_story_told_once(bot: JuwelierBot, channel: ChannelHandle,
                                       game_id: int) -> None:
    """Each line of the game's story is in the channel (or its room's thread) exactly as often
    as the log says it happened."""
    info = await bot.service.get_game(game_id)
    presenter, names = presenter_for(info.kind), seat_names(info)
    events = await bot.service.events_between(game_id, -1, info.version)
    in_channel: Counter[str] = Counter()
    in_rooms: Counter[str] = Counter()
    for event in events:
        line = presenter.story(event, names)
        if not line:
            continue
        role = presenter.room_role(event)
        lines = [part for part in line.split("\n") if part]
        (in_rooms if role is RoomRole.INSIDE else in_channel).update(lines)
        if role is RoomRole.CLOSES:
            in_rooms.update(lines)
    told = bot_lines(channel, bot)
    threads = sum((bot_lines(t, bot) for t in channel.threads), Counter())
    assert {k: told[k] for k in in_channel} == dict(in_channel)
    assert {k: threads[k] for k in in_rooms} == dict(in_rooms)


def remembered(args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
    """The message refs an update_messages call would store."""
    return list(args[1] if len(args) > 1 else kwargs.get("remember", ()))


def on_table(*args: Any, **kwargs: Any) -> bool:
    """update_messages(game, [table], ...): a new table message has just been posted."""
    return any(ref.name == "table" for ref in remembered(args, kwargs))


def on_room_prompt(*args: Any, **kwargs: Any) -> bool:
    """update_messages(game, [ROOM], ...): a room's prompt has just been posted."""
    return any(ref.name == ROOM and ref.message_id for ref in remembered(args, kwargs))


def always(*args: Any, **kwargs: Any) -> bool:
    """Every call."""
    return True


SCENARIOS = {
    # after the commit, before anything is told
    "after commit": lambda bot: crash_once(bot, "tell_change", always),
    # after a new table message is posted, before its id is stored
    "after post": lambda bot: crash_once(bot.service, "update_messages", on_table),
    # after a room's prompt is posted, before its id is stored
    "after room post": lambda bot: crash_once(bot.service, "update_messages",
                                              on_room_prompt),
    # after the live message was edited, before the told mark moved
    "after edit": lambda bot: crash_once(bot.service, "set_told", always),
}


@pytest.mark.parametrize("where", [*SCENARIOS, "during catch-up"])
async def test_a_crash_while_telling_loses_nothing_and_repeats_nothing(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path, where: str) -> None:
    _, channel, actors, game_id = await seeded_table(simcord_env, simcord_bot,
                                                     ["ann", "bob", "cem"], seed=2)
    await simcord_bot.timers.stop()
    by_id = {a.id: a for a in actors}
    rng = random.Random(5)
    fired = SCENARIOS.get(where, SCENARIOS["after commit"])(simcord_bot)
    for _ in range(400):
        if fired:
            break
        assert await play_one(simcord_bot, channel, game_id, by_id, rng) is not None
    assert fired, f"the crash point '{where}' was reached"

    def sabotage(bot: JuwelierBot) -> None:
        crash_once(bot.publisher, "publish", always)

    bot = simcord_bot
    if where == "during catch-up":  # the first restart dies while catching up, too
        bot = await restart(simcord_env, bot, db_file, sabotage)
    bot = await restart(simcord_env, bot, db_file)
    await bot.timers.stop()
    assert await bot.service.told(game_id) == (await bot.service.get_game(game_id)).version
    pending = await bot.service.pending(game_id)
    expected = 1 + any(d.ui == "room" for d in pending)  # the table, and a room's prompt
    assert len(live_buttons(channel)) == expected

    await play_to_end(bot, channel, game_id, by_id, seed=7)
    await assert_whole_story_told_once(bot, channel, game_id)
    (last,) = live_buttons(channel)  # an ended game leaves one: the final table's Rematch
    assert [c.label for row in last.components for c in row.children] == ["Rematch"]


async def test_posts_that_tell_a_change_carry_a_nonce_discord_enforces(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, actors, game_id = await seeded_table(simcord_env, simcord_bot,
                                                     ["ann", "bob", "cem"], seed=2)
    await simcord_bot.timers.stop()
    rng = random.Random(5)
    for _ in range(30):
        await play_one(simcord_bot, channel, game_id, {a.id: a for a in actors}, rng)
    posts = [r.json for r in simcord_env.http_requests
             if r.method == "POST" and r.path.endswith("/messages") and r.json.get("embeds")]
    nonces = [p.get("nonce") for p in posts[1:]]  # the first table comes with the start
    assert len(nonces) >= 3 and all(nonces) and len(set(nonces)) == len(nonces)
    assert all(p.get("enforce_nonce") is True for p in posts[1:])
    assert all(len(n) <= 25 for n in nonces)
