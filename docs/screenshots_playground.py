"""Screenshots of an evening in the playground: the first game's channel and its
negotiation thread open side by side, the table with its majority markers, the negotiation with
both players' action values, the standings picture, the replay, and the second game's lobby —
at a phone's 360 px and at desktop width.

Needs `pip install -e ".[playground]"` and Debian's chromium, best driven by Playwright
(`pip install playwright`; neither is used by CI):
    python docs/screenshots_playground.py
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.core.rooms import ROOM  # noqa: E402
from bot.playground import Playground, run_playground  # noqa: E402
from docs.screenshots import CHROMIUM, OUT, PHONE  # noqa: E402
from tests.bot.driver import add_ai, choose, play_one, play_to_end  # noqa: E402

DESKTOP = (1100, 900)


class Wall:
    """The playground's wall clock, moved by this script (the cooldown between two games)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def shoot(url: str, out: Path, size: tuple[int, int], tries: int = 3,
                image: str | None = None) -> Path:
    """A screenshot of a preview page: with Playwright driving Debian's chromium when it is
    installed (a whole game's channel never finishes Chromium's virtual time budget on a busy
    machine), else headless Chromium's own --screenshot, stopped after three minutes and tried
    again. With `image` (Playwright only), the attached picture whose alt text holds it is scrolled
    to the top."""
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        async_playwright = None
    for _ in range(tries):
        if async_playwright is not None:
            async with async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM[0] if "/" in
                                                  CHROMIUM[0] else "/usr/bin/chromium",
                                                  args=["--no-sandbox", "--disable-gpu"])
                page = await browser.new_page(viewport={"width": size[0], "height": size[1]})
                await page.goto(url, wait_until="load", timeout=180_000)
                await page.wait_for_timeout(4000)  # the page scrolls to its message, images load
                if image is not None:
                    await page.locator(f'img[alt*="{image}"]').first.evaluate(
                        "e => e.scrollIntoView({block: 'start'})")
                    await page.wait_for_timeout(500)
                await page.screenshot(path=str(out))
                await browser.close()
            print("wrote", out)
            return out
        proc = await asyncio.create_subprocess_exec(
            *CHROMIUM, f"--user-data-dir={tempfile.mkdtemp()}",
            f"--window-size={size[0]},{size[1]}", f"--screenshot={out}", url,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        try:
            await asyncio.wait_for(proc.wait(), 180)
        except TimeoutError:
            proc.kill()
            await proc.wait()
            continue
        print("wrote", out)
        return out
    raise RuntimeError(f"Chromium did not finish {out.name}")


async def both(pg: Playground, target: Any, name: str, focus: Any = None,
               phone: tuple[int, int] = PHONE) -> list[Path]:
    """`name`.png at desktop width and `name`_phone.png at 360 px, scrolled to `focus`."""
    preview = await pg.previews.open(target)
    if focus is not None:
        async with pg.lock:
            await preview.show(focus)
    return [await shoot(preview.url, OUT / f"{name}{suffix}.png", size)
            for size, suffix in ((DESKTOP, ""), (phone, "_phone"))]


def side_by_side(left: Path, right: Path, out: Path) -> None:
    """Two phone screenshots next to each other, as two tabs open at once."""
    a, b = Image.open(left), Image.open(right)
    sheet = Image.new("RGB", (a.width + b.width + 16, max(a.height, b.height)), "#1e1f22")
    sheet.paste(a, (0, 0))
    sheet.paste(b, (a.width + 16, 0))
    sheet.save(out)
    print("wrote", out)


def with_text(channel: Any, text: str) -> Any:
    """The newest channel message containing `text`."""
    return next(m for m in reversed(channel.history()) if text in m.content)


async def both_choose(pg: Playground, game: int) -> bool:
    """Both people owe this turn's action card and nothing else."""
    info = await pg.bot.service.get_game(game)
    people = {s.seat for s in info.seats if s.user_id is not None}
    owed = [d for d in await pg.bot.service.pending(game) if d.player in people]
    return len(owed) == 2 and all(d.kind == "esr.choose_action" for d in owed) and not any(
        d.current for d in owed)


async def evening(pg: Playground, wall: Wall) -> None:
    """Two games in a row, with screenshots on the way."""
    bot, channel = pg.bot, pg.channel
    ann, bob = pg.people
    people = {ann.id: ann, bob.id: bob}
    async with pg.lock:
        await ann.slash(channel, "game new")
        lobby = channel.last_message
        await bob.click(lobby, label="Join")
        await add_ai(ann, lobby, "greedy")
        game = (await bot.service.game_in_channel(pg.guild.id, channel.id)).id
        await ann.click(lobby, label="Start")
        rng = random.Random(7)
        for _ in range(3):
            await play_one(bot, channel, game, people, rng)
        while ROOM not in await bot.service.get_messages(game):
            if await both_choose(pg, game):
                await choose(bot, channel, game, [(ann, "Money"), (bob, "Money")])
            else:  # finish what the turn still asks of them first
                await play_one(bot, channel, game, people, rng)
        thread_id = (await bot.service.get_messages(game))[ROOM].channel_id
        thread = next(t for t in channel.threads if t.id == thread_id)
    _, table = await both(pg, channel, "playground_table")
    _, talk = await both(pg, thread, "playground_negotiation")
    side_by_side(table, talk, OUT / "playground_side_by_side_phone.png")
    async with pg.lock:
        await play_to_end(bot, channel, game, people, seed=7)
    await both(pg, channel, "playground_standings", focus=with_text(channel, "Game over"),
               phone=(360, 1700))  # the scoring, then the standings picture under it
    async with pg.lock:
        replay = await ann.slash(channel, "game replay", game=game)
    await both(pg, channel, "playground_replay", focus=replay.followups[-1] if replay.followups
               else replay.response)
    wall.now += 31  # the /game new cooldown ends as on Discord
    await asyncio.sleep(1.5)
    async with pg.lock:
        await bob.slash(channel, "game new")
    await both(pg, channel, "playground_second_lobby", focus=channel.last_message)


async def main() -> None:
    """Run the playground with two people and take the screenshots."""
    wall = Wall()
    await run_playground(Path(tempfile.mkdtemp()) / "p.db", people=["ann", "bob"], wall=wall,
                         until=lambda pg: evening(pg, wall))


if __name__ == "__main__":
    asyncio.run(main())
