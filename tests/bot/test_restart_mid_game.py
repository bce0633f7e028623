"""A restart (a new bot process on the same SQLite file) in the middle of the action choice and
in the middle of a negotiation: every button posted before keeps working, the negotiation room
is found again, the game finishes, and the action log has no gap and no duplicate."""

from __future__ import annotations

from pathlib import Path

import pytest
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from bot.core.rooms import ROOM
from tests.bot.driver import (
    build_offer,
    choose,
    labels,
    negotiators,
    no_logged_errors,
    open_prompt,
    play_to_end,
    press,
    private,
    reply_text,
    result_buttons,
    room,
    seeded_table,
    table_message,
    unchosen_action,
)
from tests.postgres import on_both_backends, postgres_url

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)
__all__ = ["on_both_backends", "postgres_url"]  # restarts on both backends


async def restart(env: Env, old: JuwelierBot, db_file: Path) -> JuwelierBot:
    """Replace the bot by a freshly built one on the same database file, like a new process."""
    new = JuwelierBot(BotSettings(token="simulated", db_path=db_file,
                                  database_url=old.settings.database_url))
    await env.restart_bot(new)
    await old.close()  # the old process is gone, and its database connection with it
    return new


async def test_restarts_mid_choice_and_mid_negotiation_lose_nothing(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    _, channel, (ann, bob), game_id = await seeded_table(simcord_env, simcord_bot,
                                                         ["ann", "bob"], ai=1, seed=6)
    action = await unchosen_action(simcord_bot, game_id)
    await choose(simcord_bot, channel, game_id, [(ann, action)])
    old_table = await table_message(simcord_bot, channel, game_id)
    bobs_prompt = await open_prompt(simcord_bot, channel, game_id, bob)

    # --- restart in the middle of the action choice ---------------------------------------
    bot = await restart(simcord_env, simcord_bot, db_file)

    again = await ann.click(old_table, custom_id=f"jw:open:{game_id}")
    assert private(again) and f"You chose **{action}**" in reply_text(again)
    chosen = await bob.click(bobs_prompt.response, label=action)  # a prompt from before
    assert chosen.acknowledged
    thread, _ = await room(bot, channel, game_id)
    assert thread.is_thread, "the new process opened the negotiation thread"

    opener, partner = await negotiators(bot, game_id, ann, bob)
    await press(bot, channel, game_id, opener, "Offer 🔷\u20601")
    builder = await press(bot, channel, game_id, partner, "Raise…")
    half_built = await build_offer(partner, builder, [1, 0, 0, 0])
    _, prompt_before = await room(bot, channel, game_id)

    # --- restart in the middle of the negotiation, with a half-built offer ----------------
    bot = await restart(simcord_env, bot, db_file)

    assert ROOM in await bot.service.get_messages(game_id)
    drafted = await build_offer(partner, half_built, [1, 0, 0, 1])  # the draft lived on
    assert "✅" in drafted.response.content
    assert "Draft: **🔺\u20601 🔷\u20601**" in drafted.response.content
    send = next(v for k, v in result_buttons(drafted).items() if k.startswith("Send"))
    sent = await partner.click(drafted.response, custom_id=send["custom_id"])
    assert sent.response.content == "✅ You offered 🔺\u20601 🔷\u20601."
    records = [m.content for m in thread.history()]
    assert f"{partner.name} raises (more gemstones) to 🔺\u20601 🔷\u20601." in records
    assert not labels(next(m for m in thread.history() if m.id == prompt_before.id)), \
        "the prompt posted before the restart was turned into the record of its answer"

    # --- and once more: the room's live prompt from before the restart still answers ------
    _, openers_prompt = await room(bot, channel, game_id)
    bot = await restart(simcord_env, bot, db_file)
    accept = next(text for text in labels(openers_prompt) if text.startswith("Accept"))
    accepted = await opener.click(openers_prompt, label=accept)
    assert accepted.acknowledged and not accepted.followups
    assert thread._channel.thread_metadata.archived
    assert f"{opener.name} accepts 🔺\u20601 🔷\u20601 from {partner.name}" in "\n".join(
        m.content for m in channel.history())

    await play_to_end(bot, channel, game_id, {a.id: a for a in (ann, bob)}, seed=6)
    assert (await bot.service.get_game(game_id)).status == "finished"
    log = await bot.service.action_log(game_id)
    assert [row.seq for row in log] == list(range(1, len(log) + 1)), "no gap"
    decisions = [(row.seat, row.decision_key) for row in log]
    assert len(decisions) == len(set(decisions)), "no decision answered twice"
    assert simcord_env.errors == []
