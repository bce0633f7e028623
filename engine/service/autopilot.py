"""Acting for others: what is overdue, the autopilot for absent players, and AI turns."""

from __future__ import annotations

from engine.core.game import CLOCK
from engine.service.base import Move, ServiceCore
from engine.service.deadlines import plan_deadlines
from engine.service.errors import NotSeated
from engine.service.live import LiveGame
from engine.service.models import Overdue, SubmitResult
from engine.store import games as rows
from engine.store import log
from engine.store.models import DeadlineRow, UserId


class AutopilotOps(ServiceCore):
    """Deadlines are data here: a front end polls overdue() and calls act_for(); no sleeping."""

    async def overdue(self, now: float | None = None) -> list[Overdue]:
        """Every pending decision whose deadline has passed (by the service clock), oldest first."""
        when = self._clock() if now is None else now
        async with self._db.read() as conn:
            due = await log.fetch_overdue(conn, when, owned=self._owned())
        return [Overdue(game_id=row.game_id, seat=row.seat, key=row.decision_key, kind=row.kind,
                        due_at=row.due_at, user_id=user_id, is_ai=is_ai)
                for row, user_id, is_ai in due]

    async def next_due(self) -> float | None:
        """When the next deadline of any running game falls due (for a front end's one timer)."""
        async with self._db.read() as conn:
            return await log.next_due(conn, owned=self._owned())

    async def deadlines(self, game_id: int) -> list[DeadlineRow]:
        """The pending deadlines of one running game, earliest first."""
        async with self._lock(game_id):
            live = await self._running(game_id)
            return sorted(live.deadlines.values(), key=lambda d: (d.due_at, d.seat))

    async def act_for(self, game_id: int, seat: int, key: str) -> SubmitResult | None:
        """Answer an overdue decision for its seat (autopilot, or the seat's AI level).

        Returns None, writing nothing, if that decision is no longer pending (the player
        answered in time, or the game ended): a normal outcome for a timer that lost the race.
        """
        async with self._lock(game_id):
            live = await self._live(game_id)
            if live.info.status != "running":
                return None
            if seat == CLOCK:
                return await self._time_up(live, key)
            # pending(), not decision_for(): a choice already made must not be overridden.
            decision = next((d for d in live.kind.pending(live.state)
                             if d.player == seat and d.key == key), None)
            if decision is None:
                return None
            levels = live.ai_levels()
            is_ai = seat in levels
            move = await self._choose(live, [], seat, decision,
                                      levels[seat] if is_ai else self._autopilot_level,
                                      "ai" if is_ai else "autopilot")
            accepted = await self._commit(live, await self._robot_moves_safely(live, [move]))
            return SubmitResult(game_id=game_id, version=live.version, status=live.info.status,
                                accepted=accepted, events=[e for a in accepted for e in a.events])

    async def _time_up(self, live: LiveGame, key: str) -> SubmitResult | None:
        """The game's clock ran out: apply its own move (GameKind.clock), logged by 'clock'."""
        clock = live.kind.clock(live.state)
        if clock is None or clock.key != key:
            return None  # that stretch ended before its time ran out (the round closed)
        move = self._apply(live, CLOCK, clock.action, by="clock", key=key)
        accepted = await self._commit(live, await self._robot_moves_safely(live, [move]))
        return SubmitResult(game_id=live.id, version=live.version, status=live.info.status,
                            accepted=accepted, events=[e for a in accepted for e in a.events])

    async def play_ai_turns(self, game_id: int) -> SubmitResult:
        """Let the AI seats make every move they owe now (also after a crash between moves)."""
        async with self._lock(game_id):
            live = await self._running(game_id)
            moves: list[Move] = []
            try:
                await self._robot_moves(live, moves)
            finally:
                # Moves chosen before a failing one are kept; the failure still reaches the caller.
                accepted = await self._commit(live, moves)
            return SubmitResult(game_id=game_id, version=live.version, status=live.info.status,
                                accepted=accepted, events=[e for a in accepted for e in a.events])

    async def set_autopilot(self, game_id: int, user_id: UserId, on: bool) -> SubmitResult:
        """Hand the user's seat to the autopilot (on) or take it back (off).

        While on, the seat is played like an AI seat: what it owes now is answered before this
        returns (the result's events), later decisions as soon as they come up, logged with
        by='autopilot'. Raises GameNotFound, GameNotRunning or NotSeated, writing nothing.
        """
        async with self._lock(game_id):
            live = await self._running(game_id)
            seat = live.info.seat_of(user_id)
            if seat is None or seat.seat is None:
                raise NotSeated()
            if seat.autopilot != on:
                # The seat's deadline starts afresh: due at once while on (so a failed autopilot
                # move is retried like an AI's), the full time again once the player is back.
                robots = set(self._robots(live)) ^ {seat.seat}
                others = {k: d for k, d in live.deadlines.items() if k != seat.seat}
                deadlines = plan_deadlines(game_id, live.kind, live.state, others,
                                           live.deadline_settings, self._clock(), robots,
                                           live.ai_levels())
                try:
                    async with self._db.transaction(game=game_id) as conn:
                        await rows.set_autopilot(conn, game_id, seat.slot, on)
                        if deadlines != live.deadlines:
                            await log.replace_deadlines(conn, game_id, deadlines.values())
                except BaseException:
                    self._forget(game_id)  # the file is the truth, whether or not it committed
                    raise
                # The cached game changes only once the file has the change.
                seat.autopilot, live.deadlines = on, deadlines
            accepted = await self._play_ai_safely(live) if on else []
            return SubmitResult(game_id=game_id, version=live.version, status=live.info.status,
                                accepted=accepted, events=[e for a in accepted for e in a.events])
