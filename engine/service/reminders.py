"""Half-time reminders: whom to ping, when the next ping falls due, and never twice."""

from __future__ import annotations

from engine.service.base import ServiceCore
from engine.service.deadlines import DeadlineSettings
from engine.service.models import Reminder
from engine.store import reminders
from engine.store.reminders import HumanDeadline


def half_time(item: HumanDeadline) -> float | None:
    """Half way between when the decision became pending and its deadline."""
    seconds = DeadlineSettings(seconds=item.seconds).seconds_for(item.row.kind)
    return None if seconds is None else item.row.due_at - seconds / 2


class ReminderOps(ServiceCore):
    """Reminders are data like deadlines: a front end claims them and sends the pings."""

    async def claim_reminders(self, now: float | None = None) -> list[Reminder]:
        """Every human decision past half time and not yet due, marked as reminded at once.

        Marking comes before the ping is sent: after a crash in between a reminder is lost,
        but never sent twice (a lost nudge is harmless, a repeated ping is noise).
        """
        when = self._clock() if now is None else now
        async with self._db.transaction() as conn:
            due = [item for item in await reminders.human_deadlines(conn)
                   if not item.reminded and item.row.due_at > when
                   and (half := half_time(item)) is not None and half <= when]
            if due:
                await reminders.mark_reminded(conn, (item.row for item in due), when)
        return [Reminder(game_id=i.row.game_id, seat=i.row.seat, key=i.row.decision_key,
                         kind=i.row.kind, due_at=i.row.due_at, user_id=i.user_id) for i in due]

    async def next_reminder(self, now: float | None = None) -> float | None:
        """When the next reminder falls due (None if none is waiting)."""
        when = self._clock() if now is None else now
        async with self._db.read() as conn:
            items = await reminders.human_deadlines(conn)
        # A deadline already passed gets no reminder: the autopilot answers it instead.
        times = [half for item in items if not item.reminded and item.row.due_at > when
                 and (half := half_time(item)) is not None]
        return min(times, default=None)

    async def decision_due(self, game_id: int) -> float | None:
        """The earliest deadline of a human still deciding in this game (for the table)."""
        async with self._db.read() as conn:
            items = await reminders.human_deadlines(conn, game_id)
        return min((item.row.due_at for item in items), default=None)
