"""Emerald survives restarts between the steps of a turn: after a first move, with a card to
take, during the victim choice and during the bribe (a decision of another player in the middle
of the turn). The story is told once, nothing is lost, only the live table keeps its button
and the board picture."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from tests.bot.driver import NO_DEADLINES, no_logged_errors, play_one

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)
TURN = re.compile(r"\*\*Turn (\d+):")


async def restart(env: Env, old: JuwelierBot, db_file: Path) -> JuwelierBot:
    """A new bot process on the same database file."""
    new = JuwelierBot(BotSettings(token="simulated", db_path=db_file))
    await env.restart_bot(new)
    await old.close()
    return new


def public(channel) -> list:
    """The channel's public messages, oldest first."""
    return [m for m in channel.history() if not m.flags.ephemeral]


def boards(channel) -> int:
    """Public messages that carry the board picture (only the live one may)."""
    return sum(1 for m in public(channel)
               if any(a.filename == "emerald-board.png" for a in m.attachments))


def live_buttons(channel) -> int:
    """Public messages that still carry an enabled button."""
    return sum(1 for m in public(channel)
               if any(not item.disabled for row in m.components for item in row.children))


async def phase(bot: JuwelierBot, game_id: int) -> str | None:
    pending = await bot.service.pending(game_id)
    return pending[0].kind if pending else None


async def test_restarts_at_every_step_of_a_turn_lose_nothing_and_tell_nothing_twice(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cave")
    people = [guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cy")]
    info = await simcord_bot.service.create_lobby(guild.id, channel.id, people[0].id, "ann",
                                                  kind="emerald", seed=SEED,
                                                  deadlines=NO_DEADLINES)
    from bot.core.components import lobby_view
    from bot.core.lobby import lobby_embed

    message = await simcord_bot.get_channel(channel.id).send(embed=lobby_embed(info),
                                                             view=lobby_view(info))
    await simcord_bot.service.set_message(info.id, "lobby", channel.id, message.id)
    lobby = channel.last_message
    for member in people[1:]:
        await member.click(lobby, label="Join")
    await people[0].click(lobby, label="Start")
    game_id = info.id
    bot = simcord_bot
    await bot.timers.stop()
    actors = {p.id: p for p in people}
    rng = random.Random(SEED)
    wanted = {"emerald.card", "emerald.victim", "emerald.bribe", "second move"}
    restarted: set[str] = set()
    for _ in range(400):
        if (await bot.service.get_game(game_id)).status != "running":
            break
        now = await phase(bot, game_id)
        view = (await bot.service.get_view(game_id)).view
        step = "second move" if now == "emerald.move" and view["moves"] == 1 else now
        if step in wanted - restarted:
            restarted.add(step)
            before = [m.content for m in public(channel)]
            bot = await restart(simcord_env, bot, db_file)
            await bot.timers.stop()
            assert [m.content for m in public(channel)][:len(before)] == before
            assert await phase(bot, game_id) == now  # the decision waits where it was
            assert live_buttons(channel) == 1
            assert boards(channel) == 1
        assert await play_one(bot, channel, game_id, actors, rng) is not None
        assert live_buttons(channel) <= 1
        assert boards(channel) == 1
    assert restarted == wanted
    assert (await bot.service.get_game(game_id)).status == "finished"
    text = "\n".join(m.content for m in public(channel))
    turns = [int(n) for n in TURN.findall(text)]
    assert turns == sorted(set(turns)) and turns[0] == 1  # each turn told once, in order
    assert text.count("Game over.") == 1


SEED = 3
