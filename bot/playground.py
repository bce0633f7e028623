"""`python -m bot.playground`: the real bot in a simulated Discord, in your browser, no token.

Needs the optional extra: pip install -e ".[playground]". Prints two local URLs: the channel
(type `/game new` in the message box, add AI players in the lobby and press Start) and a list of
the channel and its negotiation threads, which moves the preview to the one you pick.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import logging
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.config import BotSettings
from bot.core.client import JuwelierBot

# Our languages as Discord names them (its English is en-US).
DISCORD_LOCALES = {"en": "en-US", "de": "de", "da": "da"}


class Switcher:
    """A small local page listing the channel and its threads; choosing one moves the preview
    there. SimCord previews one channel at a time, and a negotiation's thread is a channel of its
    own, so without this the thread could be seen only as a link to discord.com."""

    def __init__(self, env: Any, channel: Any, you: Any, port: int | None,
                 locale: str = "en-US") -> None:
        self.env, self.channel, self.you, self.port = env, channel, you, port
        self.locale = locale  # the page's Discord locale (how it writes times)
        self.preview: Any = None
        self._runner: Any = None  # the list page's web server, once serve() started it

    async def show(self, target: Any) -> str:
        """Close the current preview and open one on `target` (the channel or a thread)."""
        if self.preview is not None:
            await self.preview.close()
        self.preview = self.env.preview(target, viewers=[self.you], layout="channel",
                                        port=self.port, locale=self.locale)
        await self.preview.__aenter__()
        return self.preview.url

    def page(self) -> str:
        """The list: the game channel first, then every thread, newest first."""
        links = [(self.channel.id, f"# {self.channel.name}")]
        links += [(t.id, f"🧵 {t.name}") for t in reversed(self.channel.threads)]
        items = "".join(f'<li><a href="/open/{cid}">{html.escape(name)}</a></li>'
                        for cid, name in links)
        return (f"<!doctype html><html><head><meta charset='utf-8'><title>Juwelier playground"
                f"</title><meta name='viewport' content='width=device-width'></head><body "
                f"style='font-family:sans-serif;background:#313338;color:#dbdee1'>"
                f"<h2>Juwelier playground</h2><p>Open the channel or a negotiation thread "
                f"(reload this page when a new thread starts):</p><ul>{items}</ul></body></html>")

    async def serve(self) -> str:
        """Start the list page on its own local port; its address."""
        from aiohttp import web

        async def index(_: web.Request) -> web.Response:
            return web.Response(text=self.page(), content_type="text/html")

        async def open_channel(request: web.Request) -> web.Response:
            wanted = int(request.match_info["cid"])
            choices = [self.channel, *self.channel.threads]
            target = next((c for c in choices if c.id == wanted), self.channel)
            raise web.HTTPFound(await self.show(target))

        app = web.Application()
        app.add_routes([web.get("/", index), web.get(r"/open/{cid:\d+}", open_channel)])
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self._runner = runner
        port = runner.addresses[0][1]
        return f"http://127.0.0.1:{port}/"

    async def close(self) -> None:
        """Stop the list page and the preview."""
        if self.preview is not None:
            await self.preview.close()
        if self._runner is not None:
            await self._runner.cleanup()


async def run_playground(db_path: Path, port: int | None = None,
                         until: Callable[[str, Switcher], Awaitable[None]] | None = None,
                         language: str = "en") -> None:
    """Start the bot in SimCord and serve the channel list and the preview until
    `until(list_url, switcher)` returns (or until Ctrl+C). `language`: the server's preferred
    locale and your own choice, so the channel and your private replies are in it."""
    import simcord

    # No timer by default: a page left alone never hands a seat to the autopilot.
    bot = JuwelierBot(BotSettings(token="playground", db_path=db_path, default_timer=0))
    try:
        async with simcord.run(bot) as env:
            locale = DISCORD_LOCALES[language]
            guild = env.create_guild(name="Juwelier Playground", preferred_locale=locale)
            channel = guild.create_text_channel("gem-games")
            you = guild.add_member(env.create_user("you", global_name="You"))
            if language != "en":  # as `/game settings my_language:` would (SimCord's client
                await bot.languages.choose_member(you.id, language)  # always says en-US)
            switcher = Switcher(env, channel, you, port, locale)
            channel_url = await switcher.show(channel)
            list_url = await switcher.serve()
            try:
                if until is not None:
                    await until(list_url, switcher)
                    return
                print(f"Juwelier playground: open {channel_url}")
                print(f"Negotiation threads: open {list_url} and pick one.")
                print("Type /game new in the message box, add two AI players from the "
                      "lobby's menu and press Start. Ctrl+C quits.")
                await asyncio.Event().wait()
            finally:
                await switcher.close()
    finally:
        await bot.close()  # SimCord does not close the bot: its database would stay open


def main() -> None:
    """Parse arguments and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m bot.playground", description=__doc__)
    parser.add_argument("--port", type=int, default=None, help="pin the local port")
    parser.add_argument("--db", type=Path, default=None, help="keep games in this SQLite file")
    parser.add_argument("--language", choices=sorted(DISCORD_LOCALES), default="en",
                        help="the language the bot speaks to you and in the channel")
    args = parser.parse_args()
    db = args.db or Path(tempfile.mkdtemp()) / "playground.sqlite3"
    # The bot's log (errors included) goes to this terminal.
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(run_playground(db, args.port, language=args.language))
    except KeyboardInterrupt:
        print("bye")


if __name__ == "__main__":
    main()
