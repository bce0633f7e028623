"""A crash while a round's end is told: the round's message gets its results picture once, the
next round's message is posted once, and only it keeps a live button."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from bot.core.table_message import POSTING
from bot.games.gke.presenter import GkePresenter
from tests.bot.driver import find_message, table_message
from tests.bot.games.gke.driver import menus, pick, pick_somewhere, prompt
from tests.bot.games.gke.test_plays_gke import edits_at_once, open_game
from tests.bot.test_crash_safe_publishing import crash_once, live_buttons, on_table, restart

__all__ = ["edits_at_once"]  # autouse: every table edit at once


def posting(*args, **kwargs) -> bool:
    """set_message(game, POSTING, ...): the closed round's message is final, the next not yet
    posted."""
    return POSTING in args


CRASHES = {
    "after the round's message is closed": lambda bot: crash_once(bot.service, "set_message",
                                                                  posting),
    "after the next round is posted": lambda bot: crash_once(bot.service, "update_messages",
                                                             on_table),
}


@pytest.mark.parametrize("where", CRASHES)
async def test_a_crash_at_a_rounds_end_shows_its_results_once(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path, where: str) -> None:
    channel, actors, game_id = await open_game(simcord_env, simcord_bot, 2, rounds=3)
    fired = CRASHES[where](simcord_bot)
    rng = random.Random(3)
    for _ in range(12):
        for actor in actors:
            await pick_somewhere(simcord_bot, channel, game_id, actor, rng)
        if fired:
            break
    assert fired, "the round ended"
    bot = await restart(simcord_env, simcord_bot, db_file)
    await bot.timers.stop()
    assert await bot.service.told(game_id) == (await bot.service.get_game(game_id)).version
    messages = [m for m in channel.history() if m.attachments]
    files = [[a.filename for a in m.attachments] for m in messages]
    assert files == [["gke-round-1.png", "gke-results-1.png"], ["gke-round-2.png"]]
    public = "\n".join(m.content for m in channel.history())
    assert public.count("Round 2 of 3") == 1
    assert public.count("Everyone has picked: the gems are turned over.") == 1
    assert [m.id for m in live_buttons(channel)] == [messages[-1].id]


async def test_a_crash_while_a_table_edit_waits_loses_no_pick(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # SimCord's clock moves a second per interaction: a pause of 30 s keeps the edit waiting.
    monkeypatch.setattr(GkePresenter, "coalesce_edits", 30.0)
    channel, (ann, _bob), game_id = await open_game(simcord_env, simcord_bot, 2, rounds=3)
    table = await table_message(simcord_bot, channel, game_id)
    shown = await prompt(simcord_bot, channel, game_id, ann)
    label = next(o["value"] for o in menus(shown)[0]["options"] if not o.get("description"))
    await pick(ann, shown, 0, label)

    def on_table() -> str:
        return "\n".join(f.value for f in find_message(channel, table.id).embeds[0].fields)

    assert f"ann **{label}**" not in on_table(), "the edit waits for the pause's end"
    assert await simcord_bot.service.told(game_id) < await simcord_bot.service.version(game_id)
    bot = await restart(simcord_env, simcord_bot, db_file)  # the waiting edit dies with it
    await bot.timers.stop()
    await simcord_env.settle()
    assert f"ann **{label}**" in on_table(), "the catch-up shows the pick"
    assert await bot.service.told(game_id) == await bot.service.version(game_id)
    assert (await table_message(bot, channel, game_id)).id == table.id  # edited, not reposted
    assert [m.id for m in live_buttons(channel)] == [table.id]
