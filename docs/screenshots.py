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

import simcord

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.config import BotSettings  # noqa: E402
from bot.core.client import JuwelierBot  # noqa: E402
from tests.bot.driver import add_ai, play_one  # noqa: E402

CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--no-first-run", "--virtual-time-budget=8000"]
OUT = ROOT / "docs" / "screenshots"


async def capture(env: simcord.Env, channel: simcord.ChannelHandle, viewer: simcord.MemberActor,
                  name: str, height: int = 1300) -> None:
    """Screenshot the channel as `viewer` sees it."""
    async with env.preview(channel, viewers=[viewer], layout="channel", width=1100,
                           height=height) as preview:
        profile = tempfile.mkdtemp()
        proc = await asyncio.create_subprocess_exec(
            *CHROMIUM, f"--user-data-dir={profile}", f"--window-size=1100,{height}",
            f"--screenshot={OUT / name}", preview.url,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        await proc.wait()
    print("wrote", OUT / name)


async def main() -> None:
    """Lobby, a turn in progress with a private prompt, a negotiation thread, a round's scoring."""
    OUT.mkdir(parents=True, exist_ok=True)
    bot = JuwelierBot(BotSettings(token="offline", db_path=Path(tempfile.mkdtemp()) / "s.db"))
    async with simcord.run(bot) as env:
        guild = env.create_guild(name="Gem Traders")
        channel = guild.create_text_channel("edel-stein-reich")
        actors = [guild.add_member(env.create_user(n.lower(), global_name=n))
                  for n in ("Miriam", "Peter", "Burgi")]
        await actors[0].slash(channel, "game new")
        lobby = channel.last_message
        await actors[1].click(lobby, label="Join")
        await add_ai(actors[0], lobby)
        await capture(env, channel, actors[0], "lobby.png", height=700)
        game_id = (await bot.service.game_in_channel(guild.id, channel.id)).id
        await actors[0].click(lobby, label="Start")
        by_id = {a.id: a for a in actors}
        rng = random.Random(4)
        for _ in range(22):
            await play_one(bot, channel, game_id, by_id, rng)
        table = (await bot.service.get_messages(game_id))["table"]
        prompt = await actors[0].click(next(m for m in channel.history()
                                            if m.id == table.message_id),
                                       custom_id=f"jw:open:{game_id}")
        assert prompt.response is not None
        await capture(env, channel, actors[0], "turn.png")
        if channel.threads:
            await capture(env, channel.threads[-1], actors[0], "negotiation.png", height=900)
        while not any("Scoring of round" in m.content for m in channel.history()):
            await play_one(bot, channel, game_id, by_id, rng)
        await capture(env, channel, actors[0], "scoring.png", height=1500)


if __name__ == "__main__":
    asyncio.run(main())
