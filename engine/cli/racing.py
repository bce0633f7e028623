"""The terminal's share of a game played by everyone at once over a pool (Große kleine
Edelsteine): the AI seats' picks and the round's clock fall due on the wall clock while the
person types, so what fell due is played before the person's own answer, as it would have been
in Discord; a person who holds every pick waits for the others. A game's front end may offer a
picture of the table for the terminal to write to a file (the `juwelier.pictures` entry points:
game name → a function of a spectator's view returning PNG bytes)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from engine.core.game import Decision, DecisionUI, GameEvent
from engine.service import GameService

PICTURES_GROUP = "juwelier.pictures"
Draw = Callable[[dict[str, Any]], bytes]


async def play_due(service: GameService, game_id: int) -> list[GameEvent]:
    """Play every move of this game that fell due by now (AI picks, the clock); its events."""
    events: list[GameEvent] = []
    for item in await service.overdue(time.time()):
        if item.game_id != game_id:
            continue
        result = await service.act_for(game_id, item.seat, item.key)
        if result is not None:
            events += result.events
    return events


async def waiting_on_others(service: GameService, game_id: int, decision: Decision) -> bool:
    """Whether `decision` is a pool decision its player has fully answered while something
    else is still due (AI picks, the clock): then they wait rather than being asked again."""
    if decision.ui is not DecisionUI.POOL:
        return False
    owed = {d.player for d in await service.pending(game_id)}
    return decision.player not in owed and await service.next_due() is not None


async def wait_for_next(service: GameService, game_id: int) -> list[GameEvent]:
    """Sleep until the next thing falls due, then play it."""
    due = await service.next_due()
    if due is not None:
        await asyncio.sleep(max(0.0, due - time.time()) + 0.01)
    return await play_due(service, game_id)


def picture_drawer(game: str) -> Draw | None:
    """The picture function a front end registered for `game`, if any."""
    found = [e for e in entry_points(group=PICTURES_GROUP) if e.name == game]
    return found[0].load() if found else None


def write_picture(draw: Draw, view: dict[str, Any], folder: Path, name: str) -> Path:
    """Draw the view and write it as `name`.png in `folder`."""
    path = folder / f"{name}.png"
    path.write_bytes(draw(view))
    return path
