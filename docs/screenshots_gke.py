"""Screenshots of Große kleine Edelsteine in Discord (desktop and 360 px): a round's picture
with the live list, a private pick prompt, a look-closer picture, a round's results and the
final summary. Play in SimCord, capture its preview with Chromium.

Needs `pip install -e ".[playground]"`, Debian's chromium and (best) Playwright:
    python docs/screenshots_gke.py
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
from bot.games.gke.presenter import GkePresenter  # noqa: E402
from docs.screenshots_emerald import capture  # noqa: E402
from tests.bot.driver import add_ai  # noqa: E402
from tests.bot.games.gke.driver import buttons, pick_somewhere, prompt  # noqa: E402


async def main() -> None:
    """Miriam and two hard AI seats, three rounds."""
    GkePresenter.coalesce_edits = 0.0  # SimCord's clock: see tests/bot/games/gke
    bot = JuwelierBot(BotSettings(token="offline", db_path=Path(tempfile.mkdtemp()) / "g.db"))
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="Gem Table")
            miriam = guild.add_member(env.create_user("miriam", global_name="Miriam"))
            channel = guild.create_text_channel("gems")
            await miriam.slash(channel, "game new", game="gke", rounds=3)
            lobby = channel.last_message
            await add_ai(miriam, lobby, level="hard")
            await add_ai(miriam, lobby, level="hard")
            await miriam.click(lobby, label="Start")
            game_id = (await bot.service.game_in_channel(guild.id, channel.id)).id
            await bot.timers.stop()
            rng = random.Random(4)
            await env.advance_time(12)
            await bot.timers.run_due()  # an AI seat has reached for a gem
            await pick_somewhere(bot, channel, game_id, miriam, rng)
            await capture(env, channel, miriam, "gke_round")
            shown = await prompt(bot, channel, game_id, miriam)
            await capture(env, channel, miriam, "gke_prompt")
            await miriam.click(shown.response, custom_id=buttons(shown, "gkelook")[0]["custom_id"])
            await capture(env, channel, miriam, "gke_closer")

            async def play_until(done) -> None:
                """Miriam picks, the AI seats think, until `done()` holds or the game is over."""
                for _ in range(300):
                    if (await bot.service.get_game(game_id)).status != "running" or await done():
                        return
                    if await pick_somewhere(bot, channel, game_id, miriam, rng) is None:
                        await env.advance_time(10)
                        await bot.timers.run_due()

            async def second_round() -> bool:
                return (await bot.service.get_view(game_id)).view["round"] == 2

            async def never() -> bool:
                return False

            await play_until(second_round)
            told = next(m for m in reversed(channel.history()) if "turned over" in m.content)
            await capture(env, channel, miriam, "gke_results", focus=told,
                          image="Round 1's results")
            await play_until(never)
            ended = next(m for m in reversed(channel.history()) if "game is over" in m.content)
            await capture(env, channel, miriam, "gke_final", focus=ended)
    finally:
        # simcord.run leaves the bot open: its database thread would keep the script from
        # exiting once every picture is written.
        await bot.close()


if __name__ == "__main__":
    asyncio.run(main())
