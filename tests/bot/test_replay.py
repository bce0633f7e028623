"""/game replay: a finished game's JSON record (the engine's export format, which replays to the
same end) and a private ◀ ▶ viewer built from spectator views; refusals for games that are
running, elsewhere or unknown; the buttons work after a restart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from engine.core.record import GameRecord, replay
from engine.core.registry import get_kind
from tests.bot.driver import (
    last_reply,
    new_table,
    no_logged_errors,
    play_to_end,
    private,
    reply_text,
)

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


def button(reply, emoji: str) -> dict:
    """The viewer's button with this emoji."""
    for row in reply.components:
        for item in row["components"]:
            if item.get("emoji", {}).get("name") == emoji:
                return item
    raise AssertionError(f"no {emoji} button")


async def finished_game(env: Env, bot: JuwelierBot):
    """A 3-seat game (one person, two AI) played to its end."""
    guild, channel, (ann,), game_id = await new_table(env, bot, ["ann"], ai=2)
    await play_to_end(bot, channel, game_id, {ann.id: ann})
    assert (await bot.service.get_game(game_id)).status == "finished"
    return guild, channel, ann, game_id


async def test_replay_attaches_the_record_and_steps_through_the_game(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    _guild, channel, ann, game_id = await finished_game(simcord_env, simcord_bot)
    public_before = len(list(channel.history()))

    offered = await ann.autocomplete(channel, "game replay", "game", "")
    assert [c["value"] for c in offered] == [game_id]

    shown = await ann.slash(channel, "game replay", game=game_id)
    assert private(shown) and len(list(channel.history())) == public_before
    reply = last_reply(shown)
    (attachment,) = reply.attachments
    assert attachment.filename == f"juwelier-game-{game_id}.json"
    record = GameRecord.model_validate_json(await attachment.read())
    state, _ = replay(record)
    esr = get_kind("esr")
    assert esr.dump(state) == await simcord_bot.service.state_json(game_id), "replays exactly"
    assert json.loads(await attachment.read())["seed"] == record.seed

    assert reply.content.startswith("**Replay · step 1 of ")
    total = int(reply.content.split(" of ", 1)[1].split("**")[0])
    assert total == 3 * 8 + 1, "one step per turn (3 rounds of 8 turns at 3 players), then the end"
    assert "Round 1 of 3 · Turn 1" in reply.embeds[0].description
    assert button(reply, "◀")["disabled"] and button(reply, "⏮")["disabled"]

    forward = await ann.click(reply, custom_id=button(reply, "▶")["custom_id"])
    step2 = last_reply(forward)
    assert step2.content.startswith(f"**Replay · step 2 of {total}**")
    assert "Turn 2" in step2.embeds[0].description
    assert "Reveal" in step2.content, "the turn's story is told with its table"

    # The buttons hold their step in their id: they work after a restart.
    bot = JuwelierBot(BotSettings(token="simulated", db_path=db_file))
    await simcord_env.restart_bot(bot)
    await simcord_bot.close()
    end = await ann.click(step2, custom_id=button(step2, "⏭")["custom_id"])
    final = last_reply(end)
    assert final.content.startswith(f"**Replay · step {total} of {total}: the final table**")
    assert "Game over" in final.embeds[0].description
    assert button(final, "▶")["disabled"] and not button(final, "◀")["disabled"]
    back = await ann.click(final, custom_id=button(final, "◀")["custom_id"])
    assert "Game over!" in last_reply(back).content, "the last turn's story has the results"


async def test_a_running_game_another_servers_game_or_no_game_cannot_be_replayed(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _guild, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    running = await ann.slash(channel, "game replay", game=game_id)
    assert private(running) and "not finished" in reply_text(running)
    assert not last_reply(running).attachments, "no record while the game has secrets"

    other = simcord_env.create_guild()
    elsewhere = other.create_text_channel("elsewhere")
    bob = other.add_member(simcord_env.create_user("bob"))
    foreign = await bob.slash(elsewhere, "game replay", game=game_id)
    assert private(foreign)
    assert f"There is no game #{game_id} on this server." in reply_text(foreign)
    missing = await ann.slash(channel, "game replay", game=999999)
    assert private(missing) and "There is no game #999999" in reply_text(missing)
