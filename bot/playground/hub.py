"""The playground's start page: the game channel and every thread the bot opened, grouped by
game, each opening its own preview in a new tab (so the channel stays open beside a thread)."""

from __future__ import annotations

import html
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.catalog import N_, _
from engine.core.i18n import current

REFRESH = 5  # seconds: the list reloads itself, so a new thread shows up


@dataclass(frozen=True)
class ThreadEntry:
    """A thread as the list shows it."""

    id: int
    name: str
    game_id: int | None
    archived: bool


def unique_names(entries: Sequence[ThreadEntry]) -> dict[int, str]:
    """Each thread's shown name; a name that repeats within one game gets a number, so the
    list never shows two threads under one name."""
    shown: dict[int, str] = {}
    seen: dict[tuple[int | None, str], int] = {}
    for entry in entries:  # oldest first: the first keeps its name
        key = (entry.game_id, entry.name)
        seen[key] = seen.get(key, 0) + 1
        shown[entry.id] = entry.name if seen[key] == 1 else f"{entry.name} ({seen[key]})"
    return shown


# Marked here, translated where shown.
STATUS = {"lobby": N_("lobby"), "running": N_("running"), "finished": N_("finished"),
          "abandoned": N_("abandoned")}


def page(channel_name: str, entries: Sequence[ThreadEntry], people: Sequence[str],
         games: dict[int, str]) -> str:
    """The list: the channel first, then each game's threads, newest game first."""
    shown = unique_names(entries)
    what = html.escape(_("the game channel"))
    items = [f'<li><a href="/open/channel" target="_blank"># {html.escape(channel_name)}</a>'
             f" — {what}</li>"]
    by_game: dict[int | None, list[ThreadEntry]] = {}
    for entry in entries:
        by_game.setdefault(entry.game_id, []).append(entry)
    archived, still_open, none = _("archived"), _("open"), _("no threads yet")
    state = {True: f"<i>{html.escape(archived)}</i>", False: f"<b>{html.escape(still_open)}</b>"}
    for game_id in games:  # a game without threads yet is listed too
        by_game.setdefault(game_id, [])
    for game_id in sorted(by_game, key=lambda g: -(g or 0)):
        if game_id is None:
            heading = _("Other threads")
        elif game_id in games and games[game_id] in STATUS:
            # Translators: a heading in the playground's list, e.g. "Game #2 (running)".
            heading = _("Game #{game_id} ({status})").format(game_id=game_id,
                                                           status=_(STATUS[games[game_id]]))
        else:
            heading = _("Game #{game_id}").format(game_id=game_id)
        rows = "".join(
            f'<li><a href="/open/{e.id}" target="_blank">🧵 {html.escape(shown[e.id])}</a> — '
            f"{state[e.archived]}</li>" for e in reversed(by_game[game_id])) or (
            f"<li><i>{html.escape(none)}</i></li>")
        items.append(f"<li>{html.escape(heading)}<ul>{rows}</ul></li>")
    title = html.escape(_("Juwelier playground"))
    intro = html.escape(_("Each link opens in a tab of its own, so the channel stays open beside "
                          "a thread. In the channel, type /game new in the message box."))
    # Translators: {people} are the names the person plays as; "Viewing as" is the name of a
    # menu of the simulated Discord page (it is always in English).
    who = html.escape(_("You play as: {people}. Switch between them in a tab's “Viewing as” "
                        "menu.").format(people=", ".join(people)))
    return (
        f"<!doctype html><html lang='{html.escape(current())}'><head><meta charset='utf-8'>"
        f"<title>{title}</title><meta http-equiv='refresh' content='{REFRESH}'>"
        "<meta name='viewport' content='width=device-width'></head>"
        "<body style='font-family:sans-serif;background:#313338;color:#dbdee1;line-height:1.6'>"
        f"<style>a{{color:#00a8fc}}</style><h2>{title}</h2><p>{intro}</p><p>{who}</p>"
        f"<ul>{''.join(items)}</ul></body></html>")


async def serve(render: Callable[[], Awaitable[str]],
                open_channel: Callable[[str], Awaitable[str | None]], port: int = 0) -> Any:
    """Serve the list on a local port: `render()` is the page, `open_channel(id)` the preview
    URL to send the browser to ("channel" or a thread's id; None if there is none)."""
    from aiohttp import web

    async def index(_: web.Request) -> web.Response:
        return web.Response(text=await render(), content_type="text/html")

    async def open_one(request: web.Request) -> web.Response:
        url = await open_channel(request.match_info["cid"])
        if url is None:
            raise web.HTTPNotFound(text="No such channel or thread (any more).")
        raise web.HTTPFound(url)

    app = web.Application()
    app.add_routes([web.get("/", index), web.get(r"/open/{cid:channel|\d+}", open_one)])
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    return runner
