"""Screenshots of ratings and the coach in Discord (desktop and 360 px): a rated game's final
summary with each person's change, the leaderboard and a profile, and `/game review`. Two
people and a greedy AI seat play Emerald twice, then Große kleine Edelsteine once with a hard AI
seat, in SimCord; its preview is captured with Chromium.

Needs `pip install -e ".[playground]"`, Debian's chromium and (best) Playwright:
    python docs/screenshots_ratings.py
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
from tests.bot.driver import add_ai, play_to_end  # noqa: E402
from tests.bot.games.gke.driver import pick_somewhere  # noqa: E402


async def rated_game(env: simcord.Env, bot: JuwelierBot, channel: simcord.ChannelHandle,
                     people: list[simcord.MemberActor], seed: int) -> int:
    """Two people and a greedy AI seat play Emerald to the end by clicks."""
    ann, bo = people
    await env.advance_time(31)  # past the /game new cooldown
    await ann.slash(channel, "game new", game="emerald")
    lobby = channel.last_message
    await bo.click(lobby, label="Join")
    await add_ai(ann, lobby, level="greedy")
    await ann.click(lobby, label="Start")
    game_id = (await bot.service.game_in_channel(channel.guild.id, channel.id)).id
    await play_to_end(bot, channel, game_id, {p.id: p for p in people}, seed=seed)
    return game_id


async def gke_game(env: simcord.Env, bot: JuwelierBot, channel: simcord.ChannelHandle,
                   people: list[simcord.MemberActor], seed: int) -> int:
    """Two people (picking at random) race a hard AI seat through three rounds."""
    GkePresenter.coalesce_edits = 0.0  # each edit at once: SimCord's clock waits on the wall's
    ann, bo = people
    await env.advance_time(31)
    await ann.slash(channel, "game new", game="gke", rounds=3)
    lobby = channel.last_message
    await bo.click(lobby, label="Join")
    await add_ai(ann, lobby, level="hard")
    await ann.click(lobby, label="Start")
    game_id = (await bot.service.game_in_channel(channel.guild.id, channel.id)).id
    await bot.timers.stop()
    rng = random.Random(seed)
    while (await bot.service.get_game(game_id)).status == "running":
        picked = [await pick_somewhere(bot, channel, game_id, p, rng) for p in people]
        if not any(picked):
            await env.advance_time(10)  # the AI seat thinks, then reaches for a gem
            await bot.timers.run_due()
    return game_id


async def main() -> None:
    """Two games, then the summary of the second, the leaderboard and Ann's profile."""
    bot = JuwelierBot(BotSettings(token="offline", db_path=Path(tempfile.mkdtemp()) / "r.db"))
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="Dragon Watch")
            people = [guild.add_member(env.create_user(n.lower(), global_name=n))
                      for n in ("Ann", "Bo")]
            channel = guild.create_text_channel("emerald")
            games = [await rated_game(env, bot, channel, people, seed) for seed in (1, 2)]
            summary = next(m for m in reversed(channel.history()) if "Ratings:" in m.content)
            await capture(env, channel, people[0], "ratings_summary", focus=summary)
            ranks = guild.create_text_channel("ranks")
            await people[0].slash(ranks, "game leaderboard")
            await people[0].slash(ranks, "game profile")
            await capture(env, ranks, people[0], "ratings_profile")
            coach = guild.create_text_channel("coach")
            await people[0].slash(coach, "game review", game=games[-1])
            await capture(env, coach, people[0], "review")
            pool = guild.create_text_channel("pool")
            gke = await gke_game(env, bot, pool, people, seed=3)
            coach_gke = guild.create_text_channel("coach-gke")
            await people[0].slash(coach_gke, "game review", game=gke)
            await capture(env, coach_gke, people[0], "review_gke")
    finally:
        await bot.close()  # simcord.run leaves the bot open (its database thread)


if __name__ == "__main__":
    asyncio.run(main())
