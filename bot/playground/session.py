"""A playground session: the real bot in SimCord with a server, a game channel and the people
you play as, the previews of the channel and its threads, the clock and the start page."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from bot.playground import hub
from bot.playground.clock import WallClock, only_the_ticker_moves_time, start_at_wall_clock
from bot.playground.previews import Previews
from engine.core.i18n import use_locale

# Our languages as Discord names them (its English is en-US).
DISCORD_LOCALES = {"en": "en-US", "de": "de", "da": "da"}
DEFAULT_PEOPLE = ("ann",)
SETTLE = 120.0  # seconds a click may take to settle (SimCord's default is 5)
NAME = re.compile(r"^[\w.-]{1,32}$")  # a person's name, also their Discord user name


def people_names(text: str) -> list[str]:
    """`--people ann,bob` → ["ann", "bob"]: distinct names of letters, digits, '.', '-', '_'."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    bad = [n for n in names if not NAME.match(n)]
    if not names or bad or len({n.lower() for n in names}) != len(names):
        raise ValueError("--people wants distinct names of up to 32 letters or digits, "
                         "separated by commas, e.g. --people ann,bob")
    return names


@dataclass
class Playground:
    """What a running playground holds; tests drive the simulated Discord through it."""

    env: Any
    bot: JuwelierBot
    guild: Any
    channel: Any
    people: list[Any]
    previews: Previews
    clock: WallClock
    language: str = "en"
    names: list[str] = field(default_factory=list)  # the people's names, as given
    hub_url: str = ""
    thread_games: dict[int, int | None] = field(default_factory=dict)  # thread → its game
    _games: list[int] = field(default_factory=list)  # the channel's games seen, oldest first

    @property
    def lock(self) -> Any:
        """Hold it while driving the simulated Discord (SimCord runs one thing at a time)."""
        return self.previews.lock

    async def open(self, target: Any) -> str:
        """The preview URL of the channel or a thread (opened once, then kept)."""
        return (await self.previews.open(target)).url

    async def note_threads(self) -> None:
        """Remember which game each new thread belongs to: the channel's game when it was
        first seen (a thread opens during its game; checked on every tick)."""
        current = await self.bot.service.game_in_channel(self.guild.id, self.channel.id)
        if current is not None and current.id not in self._games:
            self._games.append(current.id)
        game = current.id if current is not None else (self._games[-1] if self._games else None)
        for thread in self.channel.threads:
            self.thread_games.setdefault(thread.id, game)

    def threads(self) -> list[hub.ThreadEntry]:
        """The channel's threads, oldest first, as the start page lists them."""
        backend = self.env.backend
        entries = []
        for thread in sorted(self.channel.threads, key=lambda t: t.id):
            meta = getattr(backend.channels.get(thread.id), "thread_metadata", None)
            entries.append(hub.ThreadEntry(thread.id, thread.name or "", self.thread_games.get(
                thread.id), bool(meta is not None and meta.archived)))
        return entries

    async def render(self) -> str:
        """The start page, in the playground's language."""
        await self.note_threads()
        statuses = {}
        for game_id in self._games:
            with contextlib.suppress(Exception):
                statuses[game_id] = (await self.bot.service.get_game(game_id)).status
        with use_locale(self.language):
            return hub.page(self.channel.name or "", self.threads(),
                            self.names, statuses)

    async def open_by_id(self, cid: str) -> str | None:
        """The preview URL for the start page's link ("channel" or a thread id)."""
        if cid == "channel":
            return await self.open(self.channel)
        thread = next((t for t in self.channel.threads if str(t.id) == cid), None)
        return await self.open(thread) if thread is not None else None


async def run_playground(db_path: Path, port: int | None = None,
                         until: Callable[[Playground], Awaitable[None]] | None = None,
                         language: str = "en", people: Sequence[str] = DEFAULT_PEOPLE,
                         wall: Callable[[], float] | None = None,
                         announce: Callable[[str], None] = print) -> None:
    """Start the bot in SimCord and serve the start page and the previews until
    `until(playground)` returns (or until Ctrl+C). `port` pins the start page's port;
    `language`: the server's preferred locale and every person's own choice; `wall`: the clock
    the simulated one follows (the wall clock by default)."""
    import asyncio
    import time

    import discord
    import simcord

    # No timer by default: a page left alone never hands a seat to the autopilot.
    bot = JuwelierBot(BotSettings(token="playground", db_path=db_path, default_timer=0))
    try:
        # A click settles once the bot is idle, AI searches included: the first search also
        # starts the AI worker processes, which takes seconds on a slow machine.
        running = simcord.run(bot, settle_timeout=SETTLE)
        start_at_wall_clock(running._env)  # before the bot starts: its timers read the clock
        only_the_ticker_moves_time(running._env)
        async with running as env:
            locale = DISCORD_LOCALES[language]
            guild = env.create_guild(name="Juwelier Playground", preferred_locale=locale)
            channel = guild.create_text_channel("gem-games")
            # The people run the server: they may organise tournaments (Manage Server).
            owners = guild.create_role("Organisers", permissions=discord.Permissions(
                manage_guild=True))
            members = [guild.add_member(env.create_user(name.lower(), global_name=name),
                                        roles=[owners]) for name in people]
            for member in members:
                if language != "en":  # as `/game settings my_language:` would (SimCord's
                    await bot.languages.choose_member(member.id, language)  # client: en-US)
            previews = Previews(env, members, locale)
            clock = WallClock(env, previews, wall or time.monotonic)
            playground = Playground(env, bot, guild, channel, members, previews, clock,
                                    language, list(people))
            await playground.open(channel)
            runner = await hub.serve(playground.render, playground.open_by_id, port or 0)
            playground.hub_url = f"http://127.0.0.1:{runner.addresses[0][1]}/"
            clock.on_tick.append(playground.note_threads)
            clock.start()
            try:
                if until is not None:
                    await until(playground)
                    return
                announce(f"Juwelier playground: open {playground.hub_url}")
                announce("Open the channel from there, type /game new in its message box, add "
                         "AI players from the lobby's menu and press Start. Threads open in "
                         "tabs of their own. Ctrl+C quits.")
                await asyncio.Event().wait()
            finally:
                await clock.stop()
                await runner.cleanup()
                await previews.close()
    finally:
        await bot.close()  # SimCord does not close the bot: its database would stay open
