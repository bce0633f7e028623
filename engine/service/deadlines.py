"""Deadlines: seconds per decision kind, when each pending decision falls due, what is overdue."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ValidationError, field_validator

from engine.core.catalog import _
from engine.core.game import CLOCK, DecisionUI, GameKind
from engine.service.errors import BadSettings
from engine.store.models import DeadlineRow

# Keys are decision kinds, with or without the game prefix ("esr.negotiate" or "negotiate");
# each game kind names its own (GameKind.default_deadlines); "default" covers the rest.
DEFAULT_SECONDS: dict[str, float | None] = {"default": 60.0}


class DeadlineSettings(BaseModel):
    """Per-game seconds per decision kind; None switches the deadline off for that kind."""

    model_config = {"extra": "forbid"}
    seconds: dict[str, float | None]

    @field_validator("seconds")
    @classmethod
    def _positive(cls, value: dict[str, float | None]) -> dict[str, float | None]:
        for name, secs in value.items():
            if secs is not None and secs <= 0:
                raise ValueError(f"the deadline for {name!r} must be positive (or None for none)")
        return value

    @classmethod
    def build(cls, overrides: Mapping[str, float | None] | None = None,
              defaults: Mapping[str, float | None] | None = None) -> DeadlineSettings:
        """The defaults (a game kind's, else DEFAULT_SECONDS) with `overrides` laid over them;
        BadSettings if they do not validate."""
        try:
            return cls(seconds={**(defaults or DEFAULT_SECONDS), **(overrides or {})})
        except ValidationError as exc:
            # Translators: {reason} is the validator's own (English) explanation
            raise BadSettings(_("Those deadlines do not work: {reason}").format(
                reason=_first_error(exc))) from None

    def seconds_for(self, decision_kind: str) -> float | None:
        """Seconds allowed for a decision of this kind, or None for no deadline."""
        return seconds_for(self.seconds, decision_kind)


def seconds_for(seconds: Mapping[str, float | None], decision_kind: str) -> float | None:
    """Seconds allowed for a decision of this kind by settings already validated, or None."""
    short = decision_kind.rsplit(".", 1)[-1]
    for name in (decision_kind, short, "default"):
        if name in seconds:
            return seconds[name]
    return None


def paced(kind: GameKind, timer: float) -> dict[str, float | None]:
    """A game's deadlines at the pace its timer sets: the kind's turn decision gets `timer`,
    the others grow with it (a 24-hour game gives a negotiation hours, not 90 seconds; a fast
    game keeps the kind's usual minimum); timer 0: no deadline at all."""
    defaults = kind.default_deadlines
    turn = kind.turn_decision or "default"
    if not timer:
        return dict.fromkeys({*defaults, turn})
    base = defaults.get(turn) or defaults.get("default") or float(timer)
    return {**{name: (max(seconds, seconds * timer / base) if seconds else None)
               for name, seconds in defaults.items()}, turn: float(timer)}


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    return str(error.get("msg", "invalid value"))


def plan_deadlines(game_id: int, kind: GameKind, state: Any,
                   previous: Mapping[int, DeadlineRow], settings: DeadlineSettings, now: float,
                   ai_seats: Iterable[int], thinking: Mapping[int, str] | None = None,
                   moved: Iterable[int] = ()) -> dict[int, DeadlineRow]:
    """The deadlines after a move: unchanged decisions keep theirs, new ones get a fresh one.

    `ai_seats` move at once (AI seats, humans on autopilot); `thinking` (seat → AI level) are
    the AI seats, which answer a pool decision after a think time instead (a race is fair only
    if the AI reaches for a gem as a person would); `moved` are the seats that just acted, whose
    think time starts again. A pool decision gets no deadline of its own for anyone else: the
    game's clock times it (GameKind.clock), kept at seat CLOCK."""
    ai, thinkers, just_moved = set(ai_seats), dict(thinking or {}), set(moved)
    clock = kind.clock(state)
    limit = settings.seconds_for(clock.kind) if clock is not None else None
    planned: dict[int, DeadlineRow] = {}
    for decision in kind.pending(state):
        seat = decision.player
        before = previous.get(seat)
        if decision.ui is DecisionUI.POOL:
            if seat not in thinkers:
                continue  # a person's pick, or none: the clock closes the round either way
            if before is not None and before.decision_key == decision.key \
                    and seat not in just_moved:
                planned[seat] = before
                continue
            think = kind.think_time(decision, thinkers[seat], limit,
                                    random.Random(f"{game_id}:{decision.key}:{seat}:{now}"))
            planned[seat] = DeadlineRow(game_id=game_id, seat=seat, decision_key=decision.key,
                                        kind=decision.kind, due_at=now + think)
            continue
        if before is not None and before.decision_key == decision.key:
            # During the action choice the key stays the same while others choose: the clock
            # keeps running from when the decision first became pending.
            planned[seat] = before
            continue
        if seat in ai:
            # AI seats move at once; the row only matters if that move failed (crash, error),
            # and then it makes the AI show up as overdue so a front end retries it.
            due = now
        else:
            seconds = settings.seconds_for(decision.kind)
            if seconds is None:
                continue
            due = now + seconds
        planned[seat] = DeadlineRow(game_id=game_id, seat=seat, decision_key=decision.key,
                                    kind=decision.kind, due_at=due)
    if clock is not None:
        before = previous.get(CLOCK)
        if before is not None and before.decision_key == clock.key:
            planned[CLOCK] = before
        elif limit is not None:
            planned[CLOCK] = DeadlineRow(game_id=game_id, seat=CLOCK, decision_key=clock.key,
                                         kind=clock.kind, due_at=now + limit)
    return planned
