"""The append-only action log and replay: seed + seats + log reproduce any state exactly."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from engine.core.game import Action, GameEvent
from engine.core.registry import get_kind


class LoggedAction(BaseModel):
    """One accepted action, in the order it was accepted."""

    player: int
    action: Action


class GameRecord(BaseModel):
    """Everything needed to replay a game: kind, seed, seats, settings, the rules revision it
    was set up under and the action log."""

    kind: str
    seed: int
    seats: list[str]
    settings: dict[str, Any] = Field(default_factory=dict)
    # A record that names no revision was written before revisions existed: revision 1.
    rules_revision: int = 1
    actions: list[LoggedAction] = Field(default_factory=list)


def replay(record: GameRecord, upto: int | None = None) -> tuple[Any, list[GameEvent]]:
    """Rebuild the state after the first `upto` logged actions (all by default)."""
    kind = get_kind(record.kind)
    state, events = kind.new_game(record.seed, len(record.seats), record.settings,
                                  record.rules_revision)
    for entry in record.actions[:upto]:
        state, more = kind.apply(state, entry.player, entry.action)
        events.extend(more)
    return state, events
