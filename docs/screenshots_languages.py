"""Screenshots of the bot in German and Danish: a turn with a private prompt, a
negotiation thread and the final results, at desktop and phone width.

Needs `pip install -e ".[playground]"` and Debian's chromium (not used by CI):
    python docs/screenshots_languages.py
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path

import simcord
from simcord import interactions

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.config import BotSettings  # noqa: E402
from bot.core.client import JuwelierBot  # noqa: E402
from bot.core.rooms import ROOM  # noqa: E402
from docs.screenshots import capture, three_at_a_lobby  # noqa: E402
from tests.bot.driver import lobby_button, open_prompt, play_one, play_to_end  # noqa: E402
from tests.bot.languages import with_client_locales  # noqa: E402

SEND = interactions.base_payload


async def one_language(language: str) -> None:
    """Play a game with three members whose server and clients speak `language`."""
    # SimCord sends every interaction as en-US: its clients report `language` instead.
    interactions.base_payload = with_client_locales(lambda user: language)
    bot = JuwelierBot(BotSettings(token="offline", db_path=Path(tempfile.mkdtemp()) / "s.db"))
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="Edelsteine", preferred_locale=language)
            channel, actors, lobby = await three_at_a_lobby(env, guild)
            miriam = actors[0]
            for member in actors[1:]:
                await member.click(lobby, custom_id=lobby_button(lobby, "join"))
            await miriam.click(lobby, custom_id=lobby_button(lobby, "start"))
            game_id = (await bot.service.game_in_channel(guild.id, channel.id)).id
            await bot.timers.stop()
            by_id = {a.id: a for a in actors}
            rng = random.Random(4)
            for _ in range(4):
                await play_one(bot, channel, game_id, by_id, rng)
            await open_prompt(bot, channel, game_id, miriam)
            await capture(env, channel, miriam, f"turn_{language}")
            while not (channel.threads and ROOM in await bot.service.get_messages(game_id)):
                await play_one(bot, channel, game_id, by_id, rng)
            await capture(env, channel.threads[-1], miriam, f"negotiation_{language}", height=900)
            await play_to_end(bot, channel, game_id, by_id, seed=4)
            await capture(env, channel, miriam, f"final_{language}", height=1500)
    finally:
        # simcord.run leaves the bot open: its database thread would keep the script from
        # exiting once every picture is written.
        await bot.close()
    interactions.base_payload = SEND  # type: ignore[assignment]


async def main() -> None:
    """German, then Danish."""
    for language in ("de", "da"):
        await one_language(language)


if __name__ == "__main__":
    asyncio.run(main())
