"""The playground lasts the evening: its clock runs with the wall clock (cooldowns end), the
channel and a thread stay open side by side in two pages, moves appear without a refresh, and
two games can be played in a row by several people."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from bot.core.rooms import ROOM
from bot.playground import Playground, people_names, run_playground
from tests.bot.driver import choose, play_to_end, reply_text


class FakeWall:
    """A wall clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def fetch(url: str, method: str = "GET", headers: dict[str, str] | None = None,
          body: bytes | None = None) -> tuple[int, str, str]:
    """(status, final URL, body); run in a thread: the pages are served by the test's loop."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.geturl(), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, url, exc.read().decode("utf-8", "replace")


class Page:
    """One browser tab on a preview, speaking SimCord's page protocol."""

    def __init__(self, preview_url: str) -> None:
        parts = urlsplit(preview_url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.capability = parts.fragment
        self.context = ""

    def _headers(self) -> dict[str, str]:
        return {"X-Simcord-Capability": self.capability, "X-Simcord-Context": self.context,
                "Content-Type": "application/json", "Origin": self.origin}

    async def load(self) -> int:
        """Open (or reload) the tab: a new page context; the HTTP status."""
        status, _, body = await asyncio.to_thread(
            fetch, f"{self.origin}/api/pages", "POST", self._headers(), b"{}")
        if status == 200:
            self.context = json.loads(body)["context"]["id"]
        return status

    async def state(self) -> tuple[int, dict[str, Any]]:
        """What the tab polls: (status, the page's snapshot)."""
        status, _, body = await asyncio.to_thread(fetch, f"{self.origin}/api/state", "GET",
                                                  self._headers())
        return status, (json.loads(body) if status == 200 else {})


def texts(snapshot: dict[str, Any]) -> str:
    """Every message's text and embed text in a page's snapshot."""
    return json.dumps(snapshot.get("messages", {}), ensure_ascii=False)


async def ticked(playground: Playground, wall: FakeWall, seconds: float = 0.0) -> None:
    """Move the wall clock on and wait until the playground's clock has caught up."""
    wall.now += seconds
    ticks = playground.clock.ticks
    while playground.clock.ticks < ticks + 2:  # one tick may have begun before the move
        await asyncio.sleep(0.05)


async def open_from_hub(playground: Playground, cid: str) -> Page:
    """Follow the start page's link to a channel or thread: a tab on its preview."""
    status, url, _ = await asyncio.to_thread(fetch, f"{playground.hub_url}open/{cid}")
    assert status == 200 and "#" in url, (status, url)
    page = Page(url)
    assert await page.load() == 200
    return page


async def play_until_a_thread_opens(playground: Playground, game_id: int) -> Any:
    """Both people choose Money turn after turn until they negotiate in a thread (the AI seat
    choosing Money too makes the action lapse, so it may take a few turns)."""
    bot, channel = playground.bot, playground.channel
    ann, bob = playground.people
    for _ in range(24):
        await choose(bot, channel, game_id, [(ann, "Money"), (bob, "Money")])
        ref = (await bot.service.get_messages(game_id)).get(ROOM)
        if ref is not None:
            return next(t for t in channel.threads if t.id == ref.channel_id)
    raise AssertionError("no negotiation in 24 turns")


async def new_game(playground: Playground) -> int:
    """ann opens a lobby, bob joins, a random AI fills the third seat, ann starts."""
    from tests.bot.driver import add_ai

    channel, (ann, bob) = playground.channel, playground.people
    answer = await ann.slash(channel, "game new")
    assert "Lobby #" in reply_text(answer), reply_text(answer)
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await add_ai(ann, lobby)
    info = await playground.bot.service.game_in_channel(playground.guild.id, channel.id)
    await ann.click(lobby, label="Start")
    return info.id


async def test_an_evening_two_games_in_a_row_with_a_thread_beside_the_channel(
        tmp_path: Path) -> None:
    wall = FakeWall()
    seen: dict[str, Any] = {}

    async def evening(playground: Playground) -> None:
        bot = playground.bot
        channel_tab = await open_from_hub(playground, "channel")
        async with playground.lock:
            first = await new_game(playground)
            thread = await play_until_a_thread_opens(playground, first)
        seen["hub_during"] = await asyncio.to_thread(fetch, playground.hub_url)
        thread_tab = await open_from_hub(playground, str(thread.id))
        seen["both_alive"] = ((await channel_tab.state())[0], (await thread_tab.state())[0])
        seen["reloads"] = (await channel_tab.load(), await thread_tab.load())
        async with playground.lock:
            people = {p.id: p for p in playground.people}
            await play_to_end(bot, playground.channel, first, people)
            again = await playground.people[0].slash(playground.channel, "game new")
        seen["too_soon"] = reply_text(again)
        await ticked(playground, wall, 31)  # the cooldown ends as the wall clock moves
        async with playground.lock:
            second = await new_game(playground)
        await ticked(playground, wall)
        seen["second"] = (await bot.service.get_game(second)).status
        seen["hub_after"] = await asyncio.to_thread(fetch, playground.hub_url)
        seen["channel_tab"] = await channel_tab.state()
        seen["second_table"] = (await bot.service.get_messages(second))["table"].message_id
        seen["thread"] = thread.name

    await run_playground(tmp_path / "p.db", until=evening, people=["ann", "bob"], wall=wall)
    assert seen["both_alive"] == (200, 200), "opening the thread kept the channel's tab alive"
    assert seen["reloads"] == (200, 200), "either tab can be reloaded"
    assert f"🧵 {seen['thread']}" in seen["hub_during"][2] and "<b>open</b>" in \
        seen["hub_during"][2]
    assert "wait" in seen["too_soon"] and "seconds" in seen["too_soon"]
    assert seen["second"] == "running"
    hub = seen["hub_after"][2]
    assert "Game #2 (running)" in hub and "Game #1 (finished)" in hub
    assert "<i>archived</i>" in hub
    status, snapshot = seen["channel_tab"]
    assert status == 200 and str(seen["second_table"]) in snapshot["messages"], \
        "the channel's first tab shows the second game's table"


async def test_moves_appear_in_an_open_page_without_a_refresh(tmp_path: Path) -> None:
    wall = FakeWall()
    seen: dict[str, str] = {}

    async def look(playground: Playground) -> None:
        tab = await open_from_hub(playground, "channel")
        seen["before"] = texts((await tab.state())[1])
        async with playground.lock:  # somebody else's move, not a click in this tab
            await playground.people[1].slash(playground.channel, "game new")
        await ticked(playground, wall, 1)
        seen["after"] = texts((await tab.state())[1])

    await run_playground(tmp_path / "p.db", until=look, people=["ann", "bob"], wall=wall)
    assert "lobby" not in seen["before"] and "lobby" in seen["after"]


async def test_a_channel_with_a_game_says_so_before_any_cooldown(tmp_path: Path) -> None:
    seen: dict[str, str] = {}

    async def look(playground: Playground) -> None:
        channel, (ann,) = playground.channel, playground.people
        async with playground.lock:
            await ann.slash(channel, "game new")
            seen["again"] = reply_text(await ann.slash(channel, "game new"))

    await run_playground(tmp_path / "p.db", until=look, wall=FakeWall())
    assert "already has an open lobby" in seen["again"] and "wait" not in seen["again"]


async def test_the_default_person_has_a_name_and_the_lobby_shows_names(tmp_path: Path) -> None:
    seen: dict[str, Any] = {}

    async def look(playground: Playground) -> None:
        async with playground.lock:
            await playground.people[0].slash(playground.channel, "game new")
        lobby = playground.channel.last_message
        seen["lobby"] = json.dumps([e.to_dict() for e in lobby.embeds], ensure_ascii=False)
        seen["names"] = playground.names

    await run_playground(tmp_path / "p.db", until=look, wall=FakeWall())
    assert seen["names"] == ["ann"]
    assert "ann 👑 host" in seen["lobby"] and "<@" not in seen["lobby"]


def test_people_are_named_on_the_command_line() -> None:
    assert people_names("ann, bob") == ["ann", "bob"]
    for bad in ("", "ann,ann", "ann,<@1>", "x" * 33):
        with pytest.raises(ValueError, match="--people"):
            people_names(bad)


async def test_pictures_are_shown_at_discords_inline_size_and_open_full_size(
        tmp_path: Path) -> None:
    """The page's stylesheet fits an attachment into 550×350 (a phone's column: 330 px), and
    the preview's lightbox, which opens a picture full size on a click, is still there."""
    from bot.playground.inline import INLINE_CSS

    seen: dict[str, str] = {}

    async def look(playground: Playground) -> None:
        page = await open_from_hub(playground, "channel")
        _, _, seen["css"] = await asyncio.to_thread(fetch, f"{page.origin}/preview.css")
        _, _, seen["media"] = await asyncio.to_thread(fetch, f"{page.origin}/media.js")

    await run_playground(tmp_path / "p.db", until=look, wall=FakeWall())
    assert seen["css"].rstrip().endswith(INLINE_CSS.strip())
    assert "max-width: min(100%, 550px); max-height: 350px" in seen["css"]
    assert "width: calc(100% - 30px); margin-left: 15px" in seen["css"]
    assert "media-lightbox" in seen["media"] and ".media-lightbox-image" in seen["css"]


async def test_one_person_runs_a_tournament_of_ai_players_in_the_playground(
        tmp_path: Path) -> None:
    seen: dict[str, Any] = {}

    async def evening(playground: Playground) -> None:
        channel, (ann,) = playground.channel, playground.people
        async with playground.lock:
            opened = await ann.slash(channel, "game tournament new", game="emerald", rounds=1)
            signup = channel.last_message
            ids = {c.custom_id.rsplit(":", 1)[1]: c.custom_id
                   for row in signup.components for c in row.children}
            await ann.click(signup, custom_id=ids["join"])
            for _ in range(7):
                await ann.click(signup, custom_id=ids["ai"])
            await ann.click(signup, custom_id=ids["start"])
        seen["opened"] = reply_text(opened)
        seen["page"] = await playground.render()
        service = playground.bot.service
        info = await service.tournament_in_channel(playground.guild.id, channel.id)
        table = next(t for t in await service.tournament_tables(info.id, 1)
                     if ann.id in t.people)
        thread = next(t for t in channel.threads if t.id == table.thread_id)
        async with playground.lock:
            await ann.slash(thread, "game autopilot", mode="on")
        seen["info"] = await service.tournament(info.id)

    await run_playground(tmp_path / "p.db", until=evening, wall=FakeWall())
    assert "is open for sign-up" in seen["opened"]
    assert "Tournament 1 · round 1 · table 1" in seen["page"]
    assert "Tournament 1 · round 1 · table 2" in seen["page"]
    assert seen["info"].status == "finished" and len(seen["info"].entrants) == 8


async def test_a_click_comes_back_at_once_while_a_round_clock_runs(tmp_path: Path) -> None:
    """Große kleine Edelsteine's round closes within a minute. SimCord would let that clock
    run out on the wall clock and hold the click until it did (the autopilot then plays the
    round); in the playground only the ticker moves time, so the prompt comes back while the
    round is still open; the ticker closes it when its time is up."""
    from tests.bot.driver import add_ai, open_prompt, seat_of, state

    seen: dict[str, Any] = {}

    async def look(playground: Playground) -> None:
        bot, channel, (ann,) = playground.bot, playground.channel, playground.people
        async with playground.lock:
            await ann.slash(channel, "game new", game="gke")
            lobby = channel.last_message
            await add_ai(ann, lobby, "hard")
            info = await bot.service.game_in_channel(playground.guild.id, channel.id)
            await ann.click(lobby, label="Start")
            seen["round"] = (await state(bot, info.id))["round"]
            seen["prompt"] = await open_prompt(bot, channel, info.id, ann)
            seen["round after"] = (await state(bot, info.id))["round"]
            seen["pending"] = [d.player for d in await bot.service.pending(info.id)]
            seen["seat"] = await seat_of(bot, info.id, ann)
        await ticked(playground, wall, 301)  # the longest round clock runs out
        await ticked(playground, wall)
        seen["round at last"] = (await state(bot, info.id))["round"]

    wall = FakeWall()
    await run_playground(tmp_path / "p.db", until=look, wall=wall)
    assert seen["prompt"].ephemeral and "picks to go" in reply_text(seen["prompt"])
    assert seen["round after"] == seen["round"] and seen["seat"] in seen["pending"]
    assert seen["round at last"] > seen["round"], "the ticker closes the round in time"


def test_the_playground_leans_on_simcords_timer_scheduling() -> None:
    """`only_the_ticker_moves_time` wraps Env._schedule_timer and clears a record's fallback."""
    import inspect

    from simcord.env import Env

    source = inspect.getsource(Env._schedule_timer)
    assert "record.real_handle = real_call_at(" in source
