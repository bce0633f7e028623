"""One whole game of each game played in the playground through the browser, as a person plays
it: Playwright drives Debian's chromium on the channel's preview page, pressing the table's
button and then the buttons and menus of the private prompt it opens, until the game is over.
Edel, Stein & Reich and Große kleine Edelsteine in English, Emerald in German; screenshots at
desktop width (1100 px) and at a phone's 360 px, mid-game and at the end, as
docs/screenshots/playground_<game>_<moment>[_phone].png. After every click it checks what the
person sees: at most one private message with live buttons (docs/prompts.md).

Needs `pip install -e ".[playground]" playwright` and Debian's chromium (not used by CI):
    python docs/screenshots_playground_games.py [esr] [emerald] [gke]   (default: all three)
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.catalog import _  # noqa: E402
from bot.playground import Playground, run_playground  # noqa: E402
from docs.screenshots import OUT  # noqa: E402
from engine.core.i18n import use_locale  # noqa: E402
from tests.bot.driver import add_ai  # noqa: E402

DESKTOP, PHONE = (1100, 900), (360, 800)
MENU = "button.select-trigger"
# Enabled and not waiting for the click before it (the preview marks those aria-disabled).
READY = ':not([disabled]):not([aria-disabled="true"])'
GAMES = {"esr": ("en", "greedy", {}), "emerald": ("de", "greedy", {}),
         "gke": ("en", "hard", {"rounds": 3})}


class Wall:
    """The playground's wall clock: real time, plus the jumps this script makes (cooldowns)."""

    def __init__(self) -> None:
        import time

        self._start, self._clock, self.jumped = time.monotonic(), time.monotonic, 0.0

    def __call__(self) -> float:
        return self._clock() + self.jumped


async def live_prompts(page: Any) -> list[Any]:
    """The private messages on the page that carry an enabled button or menu."""
    found = []
    for message in await page.locator("article.channel-message").all():
        if not await message.locator(".message-ephemeral-note").count():
            continue
        if await message.locator("button.component-button:not([disabled]), "
                                 f".preview-select {MENU}:not([disabled])").count():
            found.append(message)
    return found


async def press_table_button(page: Any, labels: tuple[str, ...]) -> bool:
    """Press the newest table button ("Your decision", "Choose your action"); False if none."""
    for button in reversed(await page.locator("button.component-button").all()):
        text = (await button.inner_text()).strip()
        if any(text.endswith(label) for label in labels) and await button.is_enabled():
            return await settled(button.click())
    return False


async def answer(page: Any, prompt: Any, rng: random.Random) -> None:
    """A random choice in a private prompt: a button, or a gem in a card's menu."""
    selects = await prompt.locator(f".preview-select {MENU}{READY}").all()
    buttons = []
    for button in await prompt.locator(f"button.component-button{READY}").all():
        text = (await button.inner_text()).strip()
        if "🔍" in text or text.endswith("…"):  # look closer, the offer builder: not a move
            continue
        buttons.append(button)
    if selects and (not buttons or rng.random() < 0.85):
        menu = rng.choice(selects)
        if await settled(menu.click()):
            listbox = page.locator(f'[id="{await menu.get_attribute("aria-controls")}"]')
            options = await listbox.locator('[role="option"]:visible').all()
            if options:
                await settled(rng.choice(options).click())
        return
    if buttons:
        await settled(rng.choice(buttons).click())


async def idle(page: Any, seconds: float = 30) -> None:
    """Wait until the page has no click in flight (its status line stops saying "…")."""
    status = page.locator("#action-status")
    for _tick in range(int(seconds * 5)):
        if not (await status.inner_text()).strip().endswith("…"):
            return
        await page.wait_for_timeout(200)


async def settled(click: Any) -> bool:
    """Run a click; False if the control went away or stayed busy (the bot moved on)."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    try:
        await click
    except PlaywrightTimeout:
        return False
    return True


async def shoot(page: Any, name: str) -> None:
    """`name`.png at desktop width and `name`_phone.png at 360 px, of the page as it is."""
    # A click on a page the bot had just changed is refused by the preview ("Action was not
    # completed", SimCord's stale-revision); reading the page afresh clears that status line.
    await settled(page.get_by_role("button", name="Refresh preview").click())
    for size, suffix in ((DESKTOP, ""), (PHONE, "_phone")):
        await page.set_viewport_size({"width": size[0], "height": size[1]})
        await idle(page)
        await page.wait_for_timeout(1500)
        # The newest message's end: the table, its picture and the prompt under it.
        await page.locator("article.channel-message").last.evaluate(
            "e => e.scrollIntoView({block: 'end'})")
        await page.wait_for_timeout(500)
        out = OUT / f"{name}{suffix}.png"
        await page.screenshot(path=str(out))
        print("wrote", out)
    await page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})


async def play_through(pg: Playground, game: str, level: str, options: dict[str, Any],
                       wall: Wall) -> None:
    """Open a game with two AI seats and play it out in the browser."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout
    from playwright.async_api import async_playwright

    bot, channel, (person,) = pg.bot, pg.channel, pg.people
    wall.jumped += 31  # the /game new cooldown ends, as on Discord
    await asyncio.sleep(1.5)
    async with pg.lock:
        await person.slash(channel, "game new", game=game, **options)
        lobby = channel.last_message
        await add_ai(person, lobby, level)
        await add_ai(person, lobby, level)
        info = await bot.service.game_in_channel(pg.guild.id, channel.id)
        await person.click(lobby, custom_id=f"jw:lobby:{info.id}:start")
    with use_locale(pg.language):
        labels = (_("Your decision"), _("Choose your action"))
    url = await pg.open(channel)
    rng = random.Random(7)
    name = f"playground_{game}" + ("" if pg.language == "en" else f"_{pg.language}")
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium",
                                          args=["--no-sandbox", "--disable-gpu"])
        page = await browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
        await page.goto(url, wait_until="load", timeout=180_000)
        page.set_default_timeout(5000)  # a control the bot has just replaced is not waited for
        await page.wait_for_timeout(3000)
        clicks, shot = 0, False
        for _step in range(600):
            if (await bot.service.get_game(info.id)).status != "running":
                break
            prompts = await live_prompts(page)
            assert len(prompts) <= 1, f"{len(prompts)} live private prompts"
            if prompts:
                try:
                    await answer(page, prompts[0], rng)
                except PlaywrightTimeout:  # the prompt changed under the pointer: look again
                    continue
                clicks += 1
            elif not await press_table_button(page, labels):
                await page.wait_for_timeout(1000)  # the AI seats' turn, or the round's clock
                continue
            await idle(page)
            await page.wait_for_timeout(700)
            if clicks >= 12 and not shot:
                await shoot(page, f"{name}_mid")
                shot = True
        await page.wait_for_timeout(2500)
        assert (await bot.service.get_game(info.id)).status == "finished", "the game is over"
        await shoot(page, f"{name}_end")
        await browser.close()
    print(game, "played to the end with", clicks, "answers in the browser")


async def main() -> None:
    """A playground per language; in each, its games one after another."""
    chosen = sys.argv[1:] or list(GAMES)
    for language in ("en", "de"):
        games = [(g, level, options) for g, (lang, level, options) in GAMES.items()
                 if lang == language and g in chosen]
        if not games:
            continue
        wall = Wall()

        async def evening(pg: Playground, games: list = games, wall: Wall = wall) -> None:
            for game, level, options in games:
                await play_through(pg, game, level, options, wall)

        await run_playground(Path(tempfile.mkdtemp()) / "p.db", language=language,
                             people=["Miriam"], wall=wall, until=evening)


if __name__ == "__main__":
    asyncio.run(main())
