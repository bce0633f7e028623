"""Regenerate the README screenshots: play in SimCord, then capture its preview with Chromium.

Needs `pip install -e ".[playground]"` and Debian's chromium (not used by CI):
    python docs/screenshots.py
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import simcord

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.config import BotSettings  # noqa: E402
from bot.core.client import JuwelierBot  # noqa: E402
from bot.core.rooms import ROOM  # noqa: E402
from bot.playground.inline import show_inline  # noqa: E402
from tests.bot.driver import add_ai, open_prompt, play_one, play_to_end  # noqa: E402

CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--no-first-run", "--virtual-time-budget=8000"]
OUT = ROOT / "docs" / "screenshots"
show_inline()  # every script's preview shows pictures at the size Discord shows them inline


PHONE = (360, 800)


async def capture(env: simcord.Env, channel: simcord.ChannelHandle, viewer: simcord.MemberActor,
                  name: str, height: int = 1300, focus: object | None = None,
                  layout: str = "channel", phone_height: int = PHONE[1]) -> None:
    """Screenshot the channel as `viewer` sees it, at desktop width and at a phone's 360 px
    (`name`.png and `name`_phone.png); `focus`: a message to scroll to; `layout="message"`:
    that message alone, from its top."""
    for width, high, suffix in ((1100, height, ""), (PHONE[0], phone_height, "_phone")):
        async with env.preview(channel, viewers=[viewer], layout=layout, width=width,
                               height=high) as preview:
            if focus is not None:
                await preview.show(focus)
            out = OUT / f"{name}{suffix}.png"
            proc = await asyncio.create_subprocess_exec(
                *CHROMIUM, f"--user-data-dir={tempfile.mkdtemp()}", f"--window-size={width},{high}",
                f"--screenshot={out}", preview.url,
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
            await proc.wait()
        print("wrote", out)


def turn_messages(channel: simcord.ChannelHandle) -> list[object]:
    """The channel's turn messages, oldest first."""
    return [m for m in channel.history() if "── Round" in m.content]


async def three_at_a_lobby(env: simcord.Env, guild: simcord.GuildHandle
                           ) -> tuple[simcord.ChannelHandle, list[simcord.MemberActor], Any]:
    """Miriam, Peter and Burgi in the guild's game channel, Miriam's `/game new` lobby open."""
    channel = guild.create_text_channel("edel-stein-reich")
    actors = [guild.add_member(env.create_user(n.lower(), global_name=n))
              for n in ("Miriam", "Peter", "Burgi")]
    await actors[0].slash(channel, "game new")
    return channel, actors, channel.last_message


async def main() -> None:
    """Every view of an Edel, Stein & Reich game, at desktop and phone width."""
    OUT.mkdir(parents=True, exist_ok=True)
    bot = JuwelierBot(BotSettings(token="offline", db_path=Path(tempfile.mkdtemp()) / "s.db"))
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="Gem Traders")
            channel, actors, lobby = await three_at_a_lobby(env, guild)
            miriam = actors[0]
            await actors[1].click(lobby, label="Join")
            await add_ai(miriam, lobby, level="strong")
            await capture(env, channel, miriam, "lobby", height=800)
            game_id = (await bot.service.game_in_channel(guild.id, channel.id)).id
            await actors[2].click(lobby, label="Join")
            await miriam.click(lobby, label="Start")
            await bot.timers.stop()
            by_id = {a.id: a for a in actors}
            rng = random.Random(4)
            while len(turn_messages(channel)) < 2:
                await play_one(bot, channel, game_id, by_id, rng)
            await open_prompt(bot, channel, game_id, miriam)
            await capture(env, channel, miriam, "turn")
            await capture(env, channel, miriam, "finished_turn", focus=turn_messages(channel)[0])
            while not (channel.threads and ROOM in await bot.service.get_messages(game_id)):
                await play_one(bot, channel, game_id, by_id, rng)
            await capture(env, channel.threads[-1], miriam, "negotiation", height=900)
            while not any("Scoring of round" in m.content for m in channel.history()):
                await play_one(bot, channel, game_id, by_id, rng)
            scoring = next(m for m in channel.history() if "Scoring of round" in m.content)
            await capture(env, channel, miriam, "scoring", height=1500, focus=scoring)
            await play_to_end(bot, channel, game_id, by_id, seed=4)
            await capture(env, channel, miriam, "final", height=1500)
            await miriam.slash(channel, "game history")
            await capture(env, channel, miriam, "history", height=900)
            shown = await miriam.slash(channel, "game replay", game=game_id)
            reply = shown.followups[-1] if shown.followups else shown.response
            for _ in range(3):  # the viewer's "Next ▶" button, to the fourth turn
                forward = next(item["custom_id"] for row in reply.components
                               for item in row["components"] if item.get("label") == "Next ▶")
                step = await miriam.click(reply, custom_id=forward)
                reply = step.followups[-1] if step.followups else step.response
            # The whole viewer, down to its buttons and menu of turns: the preview shows a message
            # from its top, and the table comes first.
            await capture(env, channel, miriam, "replay", height=1300, focus=reply,
                          layout="message", phone_height=1400)
    finally:
        # simcord.run leaves the bot open: its database thread would keep the script from
        # exiting once every picture is written.
        await bot.close()


if __name__ == "__main__":
    asyncio.run(main())
