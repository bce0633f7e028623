"""The local playground serves the real bot's channel on localhost, without a token, and a list
page that moves the preview to a negotiation's thread."""

from __future__ import annotations

import asyncio
import urllib.request
from pathlib import Path
from typing import Any

import discord

from bot.playground import Switcher, run_playground


def fetch(url: str) -> tuple[str, str]:
    """(final URL after redirects, body); run in a thread: the page is served by this loop."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.geturl(), response.read().decode("utf-8", "replace")


async def test_the_playground_serves_the_channel_and_opens_threads(tmp_path: Path) -> None:
    seen: dict[str, Any] = {}

    async def look(list_url: str, switcher: Switcher) -> None:
        channel_page = switcher.preview.url.split("#", 1)[0]
        seen["channel"] = await asyncio.to_thread(fetch, channel_page)
        seen["empty_list"] = await asyncio.to_thread(fetch, list_url)
        # A negotiation's thread, opened by the bot as in a game.
        parent = switcher.env.bot.get_channel(switcher.channel.id)
        thread = await parent.create_thread(name="you ⇄ AI 1 · Money",
                                            type=discord.ChannelType.public_thread)
        seen["list"] = await asyncio.to_thread(fetch, list_url)
        seen["thread"] = await asyncio.to_thread(fetch, f"{list_url}open/{thread.id}")
        seen["thread_preview"] = switcher.preview.url
        seen["previewed"] = (switcher.preview.channel.id, thread.id)

    await run_playground(tmp_path / "p.db", until=look)
    url, body = seen["channel"]
    assert url.startswith("http://127.0.0.1:") and "<html" in body.lower()
    assert "gem-games" in seen["empty_list"][1] and "🧵" not in seen["empty_list"][1]
    assert "🧵 you ⇄ AI 1 · Money" in seen["list"][1]
    thread_url, thread_body = seen["thread"]
    assert thread_url.startswith("http://127.0.0.1:") and "<html" in thread_body.lower()
    assert thread_url == seen["thread_preview"], "the list sends the browser to the preview"
    previewed, thread_id = seen["previewed"]
    assert previewed == thread_id, "which now shows the thread"
