"""Rating an ended game once, inside the write that ends it (engine.service calls this)."""

from __future__ import annotations

import logging
from dataclasses import replace

import aiosqlite

from engine.core.errors import DataFileError
from engine.ratings.ai import level_ratings
from engine.ratings.model import Change, Rating, rated, update
from engine.store import ratings as store
from engine.store.models import UserId
from engine.store.ratings import EndedGame

log = logging.getLogger(__name__)


async def rate_ended(conn: aiosqlite.Connection, game_id: int,
                     abandoned_by: UserId | None = None) -> list[Change]:
    """Rate an ended game once, inside the caller's serial write transaction (ratings of one
    member change in one game at a time). `abandoned_by`: who abandoned it, if a player."""
    if await store.looked_at(conn, game_id):
        return []
    game = await store.ended_game(conn, game_id)
    if game is None:
        return []
    current = await store.current(conn, game.guild_id, game.kind,
                                  [e.user_id for e in game.entrants if e.user_id is not None])
    try:
        changes = _changes(game, abandoned_by, current)
    except DataFileError:
        # The game ends all the same; it stays unlooked-at, so the start-up backlog rates it
        # once the AI ratings file is mended.
        log.exception("game #%s: not rated for now", game_id)
        return []
    await store.record(conn, game, changes)
    return changes


def _changes(game: EndedGame, abandoned_by: UserId | None, current: dict[UserId, Rating]
             ) -> list[Change]:
    """A finished game rates everyone; an abandoned one only a player who abandoned it after
    its first move, as a loss to every other seat (so abandoning a lost game never pays)."""
    entrants = game.entrants
    if not rated(entrants):
        return []
    ai = level_ratings(game.kind, {e.level or "" for e in entrants if e.user_id is None})
    if game.status == "finished":
        return update(entrants, current, ai)
    if abandoned_by is None or not game.moved or \
            all(e.user_id != abandoned_by for e in entrants):
        return []
    lost = [replace(e, place=2 if e.user_id == abandoned_by else 1, left=False)
            for e in entrants]
    return update(lost, current, ai, only=abandoned_by)
