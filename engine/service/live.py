"""A started game held in memory: its rows and state, rebuilt by engine.store.replay."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.catalog import _
from engine.core.game import CLOCK, GameKind
from engine.core.registry import get_kind
from engine.service.deadlines import DeadlineSettings
from engine.store.models import DeadlineRow, GameInfo, LoggedRow, MessageRef, UserId
from engine.store.replay import rebuild


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


def assemble(info: GameInfo, seed: int, snapshot: tuple[int, str] | None, tail: list[LoggedRow],
             deadlines: list[DeadlineRow], messages: dict[str, MessageRef]) -> LiveGame:
    """A LiveGame from the rows read for it."""
    state = rebuild(info, seed, snapshot, tail)
    return LiveGame(info=info, seed=seed, kind=get_kind(info.kind), state=state,
                    deadlines={d.seat: d for d in deadlines}, messages=messages)
