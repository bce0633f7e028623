"""Slash commands are synced once per command tree, not on every start; buttons survive restarts."""

from __future__ import annotations

import re
from pathlib import Path

import simcord
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from tests.bot.driver import button_ids, new_table, private, reply_text, table_message

GLOBAL_SYNC = r"/applications/\d+/commands"
DEV_GUILD = 1_234_567_890_123_456_789


def syncs(env: Env, pattern: str = GLOBAL_SYNC) -> int:
    """How many command syncs (bulk overwrites) the bot sent to paths matching `pattern`."""
    return sum(1 for r in env.http_requests
               if r.method == "PUT" and re.fullmatch(pattern, r.path))


async def restart(env: Env, old: JuwelierBot, db_file: Path) -> JuwelierBot:
    """Replace the bot by a freshly built one on the same database file, like a new process."""
    new = JuwelierBot(BotSettings(token="simulated", db_path=db_file))
    await env.restart_bot(new)
    await old.close()  # the old process is gone: its database connection too
    return new


async def test_commands_are_synced_on_first_start_and_not_again_after_a_restart(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    assert syncs(simcord_env) == 1
    synced = next(r for r in simcord_env.http_requests if r.method == "PUT")
    assert [c["name"] for c in synced.json] == ["game"]
    assert await simcord_bot.service.get_meta("commands:global") is not None

    bot = await restart(simcord_env, simcord_bot, db_file)

    assert syncs(simcord_env) == 1, "the command tree did not change, so no second sync"
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))
    result = await ann.slash(channel, "game new")  # the commands synced before still work
    assert result.acknowledged and channel.last_message.embeds
    assert await bot.service.game_in_channel(guild.id, channel.id) is not None


async def test_a_changed_command_tree_is_synced_again(simcord_env: Env, simcord_bot: JuwelierBot,
                                                      db_file: Path) -> None:
    await simcord_bot.service.set_meta("commands:global", "digest of an older command tree")
    await restart(simcord_env, simcord_bot, db_file)
    assert syncs(simcord_env) == 2


async def test_buttons_posted_before_a_restart_still_work_after_it(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    _, channel, (ann, bob), game_id = await new_table(simcord_env, simcord_bot, ["ann", "bob"],
                                                      ai=1)
    table = await table_message(simcord_bot, channel, game_id)
    anns_prompt = (await ann.click(table, custom_id=f"jw:open:{game_id}")).response
    logged = len(await simcord_bot.service.action_log(game_id))

    bot = await restart(simcord_env, simcord_bot, db_file)

    assert [g.id for g in bot.resumed] == [game_id]
    prompt = await bob.click(table, custom_id=f"jw:open:{game_id}")  # the pre-restart table
    assert private(prompt)
    assert [label for label, _ in button_ids(prompt)] == ["Money", "Event", "Gemstones"]
    picked = await bob.click(prompt.response, label="Gemstones")
    assert "You chose **Gemstones**" in reply_text(picked)
    picked = await ann.click(anns_prompt, label="Money")  # an ephemeral prompt from before
    assert picked.acknowledged and "Money" in reply_text(picked)
    log = await bot.service.action_log(game_id)
    assert [row.action["card"] for row in log[logged:logged + 2]] == ["gems", "money"]


async def test_a_dev_guild_gets_its_own_commands_instead_of_a_global_sync(tmp_path: Path) -> None:
    settings = BotSettings(token="simulated", db_path=tmp_path / "dev.sqlite3",
                           dev_guild_id=DEV_GUILD)
    bot = JuwelierBot(settings)
    try:
        async with simcord.run(bot) as env:
            assert syncs(env, rf"/applications/\d+/guilds/{DEV_GUILD}/commands") == 1
            assert syncs(env) == 0, "nothing is synced globally"
            assert await bot.service.get_meta(f"commands:{DEV_GUILD}") is not None
            guild = env.create_guild("dev", id=DEV_GUILD)
            channel = guild.create_text_channel("gems")
            ann = guild.add_member(env.create_user("ann"))
            assert "game new" in ann.available_commands(channel)
            await ann.slash(channel, "game new")
            assert await bot.service.game_in_channel(DEV_GUILD, channel.id) is not None
            other = env.create_guild("elsewhere")
            bob = other.add_member(env.create_user("bob"))
            assert "game new" not in bob.available_commands(other.create_text_channel("x"))
    finally:
        await bot.close()
