"""How a started game's state is rebuilt from its rows: the newest snapshot (or the set-up,
under the rules revision it was set up under) with the log's tail replayed."""

from __future__ import annotations

from typing import Any

import aiosqlite

from engine.core.registry import get_kind
from engine.store import games as game_rows
from engine.store import log, stats
from engine.store.errors import StoreError
from engine.store.models import DeadlineRow, GameInfo, LoggedRow, MessageRef


def rebuild(info: GameInfo, seed: int, snapshot: tuple[int, str] | None,
            tail: list[LoggedRow]) -> Any:
    """The state after info.version actions: the snapshot (or setup) with the tail replayed."""
    kind = get_kind(info.kind)
    if snapshot is not None:
        done, state = snapshot[0], kind.load(snapshot[1])
    else:
        done, (state, _events) = 0, kind.new_game(seed, len(info.seats), info.settings,
                                                  info.rules_revision)
    for row in tail:
        if row.seq != done + 1:
            raise StoreError(f"The log of game #{info.id} has a gap before action {row.seq}.")
        state, _events = kind.apply(state, row.seat, row.action)
        done = row.seq
    if done != info.version:
        raise StoreError(f"Game #{info.id} should have {info.version} actions, found {done}.")
    return state


async def read_game(conn: aiosqlite.Connection, game_id: int
                    ) -> tuple[GameInfo, int, tuple[int, str] | None, list[LoggedRow],
                               list[DeadlineRow], dict[str, MessageRef]] | None:
    """Everything needed to rebuild one started game, read in one go (None if no such game)."""
    info = await game_rows.fetch_game(conn, game_id)
    if info is None:
        return None
    seed = await game_rows.fetch_seed(conn, game_id)
    if info.status == "lobby":
        return info, seed, None, [], [], {}
    snapshot = await log.latest_snapshot(conn, game_id, info.version)
    tail = await log.fetch_actions(conn, game_id, after=snapshot[0] if snapshot else 0)
    deadlines = await log.fetch_deadlines(conn, game_id=game_id)
    messages = await stats.get_messages(conn, game_id)
    return info, seed, snapshot, tail, deadlines, messages
