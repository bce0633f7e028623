"""Screenshots of Emerald in Discord (desktop and 360 px): the board at the start, a mover's
prompt, a dragon catch with the victim's bribe prompt and the bribe told, and the final
scoring. Play in SimCord, capture its preview with Chromium.

Needs `pip install -e ".[playground]"`, Debian's chromium and (best) Playwright:
    python docs/screenshots_emerald.py
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path

import simcord

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.config import BotSettings  # noqa: E402
from bot.core.client import JuwelierBot  # noqa: E402
from docs.screenshots_playground import shoot  # noqa: E402
from tests.bot.driver import (  # noqa: E402
    add_ai,
    button_ids,
    open_prompt,
    play_one,
    play_to_end,
    seat_of,
)

OUT = ROOT / "docs" / "screenshots"
# The phone shot is as tall as a turn's message with its board: a phone scrolls through it.
SIZES = (((1100, 1300), ""), ((360, 1500), "_phone"))


async def capture(env: simcord.Env, channel: simcord.ChannelHandle, viewer: simcord.MemberActor,
                  name: str, focus: object | None = None, image: str | None = None) -> None:
    """`name`.png and `name`_phone.png of the channel as `viewer` sees it (scrolled to the
    attached picture whose alt text holds `image`, if given)."""
    for size, suffix in SIZES:
        async with env.preview(channel, viewers=[viewer], layout="channel", width=size[0],
                               height=size[1]) as preview:
            if focus is not None:
                await preview.show(focus)
            await shoot(preview.url, OUT / f"{name}{suffix}.png", size, image=image)


async def until_bribe(bot: JuwelierBot, channel: simcord.ChannelHandle, game_id: int,
                      miriam: simcord.MemberActor, rng: random.Random) -> bool:
    """Play Miriam's turns (at random: she walks into the dragon) until the dragon has caught
    one of her knights and she may bribe it; False if the game ends first."""
    seat = await seat_of(bot, game_id, miriam)
    for _ in range(400):
        pending = await bot.service.pending(game_id)
        if not pending:
            return False
        if pending[0].kind == "emerald.bribe" and pending[0].player == seat:
            return True
        await play_one(bot, channel, game_id, {miriam.id: miriam}, rng)
    return False


async def new_game(env: simcord.Env, bot: JuwelierBot, guild: simcord.GuildHandle,
                   miriam: simcord.MemberActor, name: str) -> tuple[simcord.ChannelHandle, int]:
    """A three-player game in a new channel: Miriam and two greedy AI seats."""
    channel = guild.create_text_channel(name)
    await env.advance_time(31)  # past the /game new cooldown
    await miriam.slash(channel, "game new", game="emerald")
    lobby = channel.last_message
    await add_ai(miriam, lobby, level="greedy")
    await add_ai(miriam, lobby, level="greedy")
    await miriam.click(lobby, label="Start")
    game_id = (await bot.service.game_in_channel(guild.id, channel.id)).id
    await bot.timers.stop()
    return channel, game_id


async def main() -> None:
    """A three-player game: Miriam and two greedy AI seats (and more, until the dragon catches
    one of Miriam's knights while she holds gold)."""
    OUT.mkdir(parents=True, exist_ok=True)
    bot = JuwelierBot(BotSettings(token="offline", db_path=Path(tempfile.mkdtemp()) / "e.db"))
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="Dragon Watch")
            miriam = guild.add_member(env.create_user("miriam", global_name="Miriam"))
            channel, game_id = await new_game(env, bot, guild, miriam, "emerald")
            await capture(env, channel, miriam, "emerald_start")
            rng = random.Random(3)
            for _ in range(12):
                await play_one(bot, channel, game_id, {miriam.id: miriam}, rng)
            await open_prompt(bot, channel, game_id, miriam)
            await capture(env, channel, miriam, "emerald_prompt")
            await play_to_end(bot, channel, game_id, {miriam.id: miriam}, seed=3)
            ended = next(m for m in reversed(channel.history()) if "Game over" in m.content)
            await capture(env, channel, miriam, "emerald_final", focus=ended)
            for attempt in range(8):
                channel, game_id = await new_game(env, bot, guild, miriam, f"emerald-{attempt}")
                if await until_bribe(bot, channel, game_id, miriam, random.Random(attempt)):
                    break
            prompt = await open_prompt(bot, channel, game_id, miriam)
            await capture(env, channel, miriam, "emerald_bribe")
            _label, pay = next(b for b in button_ids(prompt) if "gold" in b[0].lower())
            await miriam.click(prompt.response, custom_id=pay)
            # The AI seats play on at once: show the turn with the catch and the bribe.
            told = next(m for m in reversed(channel.history()) if "bribes the dragon" in m.content)
            await capture(env, channel, miriam, "emerald_catch", focus=told)
    finally:
        # simcord.run leaves the bot open: its database thread would keep the script from
        # exiting once every picture is written.
        await bot.close()


if __name__ == "__main__":
    asyncio.run(main())
