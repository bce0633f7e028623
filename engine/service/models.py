"""What the service returns to front ends (store rows are re-exported from engine.store)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, SerializeAsAny

from engine.core.game import Decision, GameEvent
from engine.store.models import By, GameStatus, UserId


class AcceptedAction(BaseModel):
    """One action the service logged and committed."""

    seq: int = Field(description="Its number in the game's log (the version it produced).")
    seat: int
    action: dict[str, Any]
    by: By
    decision_key: str
    events: list[SerializeAsAny[GameEvent]] = Field(default_factory=list)


class SubmitResult(BaseModel):
    """The outcome of a submit (or start / act_for): every action committed, in order."""

    game_id: int
    version: int = Field(description="Log length after everything below was committed.")
    status: GameStatus
    accepted: list[AcceptedAction] = Field(
        default_factory=list, description="The submitted action first, then AI moves it caused.")
    events: list[SerializeAsAny[GameEvent]] = Field(
        default_factory=list, description="All events, in order (setup events too on start).")

    @property
    def over(self) -> bool:
        """True if the game ended."""
        return self.status == "finished"


class PlayerView(BaseModel):
    """A game as one user (or a spectator) may see it, with their current decision."""

    game_id: int
    version: int
    status: GameStatus
    seat: int | None = Field(description="The viewer's seat; None for a spectator.")
    view: dict[str, Any]
    decision: Decision | None = Field(
        default=None, description="What the viewer may decide now; its key goes back in submit.")
    due_at: float | None = Field(default=None, description="When the viewer's decision falls due.")


class Overdue(BaseModel):
    """A pending decision whose deadline has passed.

    AI seats are due at once: they show up only in the instant before the service plays them,
    or after their move failed (crash, error); act_for() then plays it (or returns None).
    """

    game_id: int
    seat: int
    key: str
    kind: str
    due_at: float
    user_id: UserId | None = None
    is_ai: bool = False


class Reminder(BaseModel):
    """A human's pending decision that is half way to its deadline: time to ping them."""

    game_id: int
    seat: int
    key: str
    kind: str
    due_at: float
    user_id: UserId
