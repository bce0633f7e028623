"""The local playground serves the real bot's channel on localhost, without a token."""

from __future__ import annotations

import asyncio
import urllib.request
from pathlib import Path

from bot.playground import run_playground


async def test_the_playground_serves_a_local_page(tmp_path: Path) -> None:
    seen: list[str] = []

    async def look(url: str) -> None:
        seen.append(url)
        base = url.split("#", 1)[0]
        # The page is served by this process's event loop, so fetch it from a thread.
        body = await asyncio.to_thread(lambda: urllib.request.urlopen(base, timeout=10).read())
        seen.append(body.decode("utf-8", "replace"))

    await run_playground(tmp_path / "p.db", until=look)
    assert seen[0].startswith("http://127.0.0.1:")
    assert "<html" in seen[1].lower()
