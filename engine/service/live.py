"""A started game held in memory, and how it is rebuilt from a snapshot plus the log's tail."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import aiosqlite

from engine.catalog import _
from engine.core.game import CLOCK, GameKind
from engine.core.registry import get_kind
from engine.service.deadlines import DeadlineSettings
from engine.store import games as game_rows
from engine.store import log, stats
from engine.store.errors import StoreError
from engine.store.models import DeadlineRow, GameInfo, LoggedRow, MessageRef, UserId


@dataclass
class LiveGame:
    """A started game: its row, its current state, its pending deadlines and its messages."""

    info: GameInfo
    seed: int
    kind: GameKind
    state: Any
    deadlines: dict[int, DeadlineRow] = field(default_factory=dict)
    messages: dict[str, MessageRef] = field(default_factory=dict)

    @property
    def id(self) -> int:
        """The game id."""
        return self.info.id

    @property
    def version(self) -> int:
        """Number of committed actions."""
        return self.info.version

    @property
    def deadline_settings(self) -> DeadlineSettings:
        """The game's seconds per decision kind."""
        return DeadlineSettings(seconds=self.info.deadlines)

    def seat_index(self, user_id: UserId) -> int | None:
        """The seat number of a user, if seated."""
        seat = self.info.seat_of(user_id)
        return seat.seat if seat is not None else None

    def ai_levels(self) -> dict[int, str]:
        """AI level by seat number, for the AI seats."""
        return {s.seat: s.ai_level for s in self.info.seats
                if s.ai_level is not None and s.seat is not None}

    def autopilot_seats(self) -> set[int]:
        """Seat numbers of the humans whose decisions the autopilot makes for now."""
        return {s.seat for s in self.info.seats
                if s.autopilot and s.ai_level is None and s.seat is not None}

    def human_due(self) -> float | None:
        """The earliest deadline of a human deciding for themselves (not an AI, no autopilot),
        or of the game's clock (which times everyone's pool decision)."""
        deciding = {CLOCK} | {s.seat for s in self.info.seats
                              if s.ai_level is None and not s.autopilot}
        return min((d.due_at for seat, d in self.deadlines.items() if seat in deciding),
                   default=None)

    def name(self, seat: int) -> str:
        """The display name at a seat."""
        found = next((s.name for s in self.info.seats if s.seat == seat), None)
        # Translators: a seat's name when the player's is unknown; {number} counts from 1
        return found if found is not None else _("Seat {number}").format(number=seat + 1)


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


def assemble(info: GameInfo, seed: int, snapshot: tuple[int, str] | None, tail: list[LoggedRow],
             deadlines: list[DeadlineRow], messages: dict[str, MessageRef]) -> LiveGame:
    """A LiveGame from the rows read for it."""
    state = rebuild(info, seed, snapshot, tail)
    return LiveGame(info=info, seed=seed, kind=get_kind(info.kind), state=state,
                    deadlines={d.seat: d for d in deadlines}, messages=messages)


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
