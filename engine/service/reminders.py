"""Half-time reminders: whom to ping, when the next ping falls due, and never twice."""

from __future__ import annotations

import json

from engine.core.game import CLOCK
from engine.service.base import ServiceCore
from engine.service.deadlines import seconds_for
from engine.service.models import Reminder
from engine.store import log, reminders
from engine.store.reminders import HumanDeadline


def half_time(item: HumanDeadline) -> float | None:
    """Half way between when the decision became pending and its deadline."""
    return half_way(item.row.due_at, item.row.kind, item.seconds)


def half_way(due_at: float, kind: str, seconds: dict[str, float | None]) -> float | None:
    """Half time of a deadline due at `due_at` for a decision of `kind` under these settings."""
    allowed = seconds_for(seconds, kind)  # validated when the lobby was created
    return None if allowed is None else due_at - allowed / 2


class ReminderOps(ServiceCore):
    """Reminders are data like deadlines: a front end claims them and sends the pings."""

    async def claim_reminders(self, now: float | None = None) -> list[Reminder]:
        """Every human decision past half time and not yet due, marked as reminded at once.

        Marking comes before the ping is sent: after a crash in between a reminder is lost,
        but never sent twice (a lost nudge is harmless, a repeated ping is noise).
        """
        when = self._clock() if now is None else now
        async with self._db.transaction() as conn:
            due = [item for item in await reminders.human_deadlines(conn, owned=self._owned())
                   if not item.reminded and item.row.due_at > when
                   and (half := half_time(item)) is not None and half <= when]
            if due:
                await reminders.mark_reminded(conn, (item.row for item in due), when)
        return [Reminder(game_id=i.row.game_id, seat=i.row.seat, key=i.row.decision_key,
                         kind=i.row.kind, due_at=i.row.due_at, user_id=i.user_id) for i in due]

    async def next_reminder(self, now: float | None = None) -> float | None:
        """When the next reminder falls due (None if none is waiting)."""
        when = self._clock() if now is None else now
        # A deadline already passed gets no reminder: the autopilot answers it instead.
        async with self._db.read() as conn:
            earliest = await reminders.earliest_unreminded(conn, when, owned=self._owned())
        # Half time is due_at less a constant per (kind, settings): the earliest due_at of each
        # group gives its earliest half time, so the bot's check after every move need not
        # look at every running game's deadlines one by one.
        times = [half for kind, settings, due_at in earliest
                 if (half := half_way(due_at, kind, json.loads(settings))) is not None]
        return min(times, default=None)

    async def decision_due(self, game_id: int) -> float | None:
        """The earliest deadline of a human still deciding in this game (for the table)."""
        live = self._committed(game_id)
        if live is not None:
            return live.human_due()
        async with self._db.read() as conn:
            items = await reminders.human_deadlines(conn, game_id)
            clocks = [row for row in await log.fetch_deadlines(conn, game_id=game_id)
                      if row.seat == CLOCK]
        return min([*(item.row.due_at for item in items), *(row.due_at for row in clocks)],
                   default=None)
