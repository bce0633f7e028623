"""Screenshots of a tournament as its players see it: the sign-up, a round's post with its
table threads, a table's thread, and the standings after a round and at the end, at desktop
width and at a phone's 360 px (docs/screenshots/tournament_*.png).

Needs `pip install -e ".[playground]"` and Debian's chromium (not used by CI):
    python docs/screenshots_tournament.py
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

import discord
import simcord

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.config import BotSettings  # noqa: E402
from bot.core.client import JuwelierBot  # noqa: E402
from docs.screenshots import capture  # noqa: E402

NAMES = ["Ann", "Bo", "Cem", "Dana", "Emil", "Frida", "Gul", "Hugo"]


def button(message: discord.Message, op: str) -> str:
    """A sign-up button's custom id."""
    return next(c.custom_id for row in message.components for c in row.children
                if str(c.custom_id).endswith(f":{op}"))


async def main() -> None:
    """Eight players, Emerald at tables of four, two Swiss rounds played by the autopilot."""
    os.environ["JUWELIER_AUTOPILOT_LEVEL"] = "greedy"  # the strong one searches for seconds
    bot = JuwelierBot(BotSettings(token="offline", db_path=Path(tempfile.mkdtemp()) / "t.db"))
    async with simcord.run(bot) as env:
        guild = env.create_guild(name="Gem Club")
        admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        organiser = guild.add_member(env.create_user("orga", global_name="Orga"), roles=[admins])
        members = [guild.add_member(env.create_user(n.lower(), global_name=n)) for n in NAMES]
        channel = guild.create_text_channel("tournament")
        await organiser.slash(channel, "game tournament new", game="emerald", rounds=2,
                              table_size=4, timer=0)
        signup = channel.last_message
        for member in members:
            await member.click(signup, custom_id=button(signup, "join"))
        await capture(env, channel, members[0], "tournament_signup", height=900)
        await organiser.click(signup, custom_id=button(signup, "start"))
        await capture(env, channel, members[0], "tournament_round", height=900)
        info = await bot.service.tournament_in_channel(guild.id, channel.id)
        by_id = {m.id: m for m in members}
        for number in (1, 2):
            tables = await bot.service.tournament_tables(info.id, number)
            for index, table in enumerate(tables):
                thread = next(t for t in channel.threads if t.id == table.thread_id)
                if number == 1 and index == 0:
                    await capture(env, thread, by_id[table.people[0]], "tournament_thread",
                                  height=900)
                for user in table.people:
                    game = await bot.service.get_game(table.game_id)
                    if game.status == "running":
                        await by_id[user].slash(thread, "game autopilot", mode="on")
            if number == 1:
                await capture(env, channel, members[0], "tournament_standings", height=900)
        await capture(env, channel, members[0], "tournament_final", height=900)


if __name__ == "__main__":
    asyncio.run(main())
