"""Acting for others: what is overdue, the autopilot for absent players, and AI turns."""

from __future__ import annotations

from engine.service.base import ServiceCore
from engine.service.models import Overdue, SubmitResult
from engine.store import log
from engine.store.models import DeadlineRow


class AutopilotOps(ServiceCore):
    """Deadlines are data here: a front end polls overdue() and calls act_for(); no sleeping."""

    async def overdue(self, now: float | None = None) -> list[Overdue]:
        """Every pending decision whose deadline has passed (by the service clock), oldest first."""
        when = self._clock() if now is None else now
        async with self._db.read() as conn:
            due = await log.fetch_overdue(conn, when)
        return [Overdue(game_id=row.game_id, seat=row.seat, key=row.decision_key, kind=row.kind,
                        due_at=row.due_at, user_id=user_id, is_ai=is_ai)
                for row, user_id, is_ai in due]

    async def next_due(self) -> float | None:
        """When the next deadline of any running game falls due (for a front end's one timer)."""
        async with self._db.read() as conn:
            return await log.next_due(conn)

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
            # pending(), not decision_for(): a choice already made must not be overridden.
            decision = next((d for d in live.kind.pending(live.state)
                             if d.player == seat and d.key == key), None)
            if decision is None:
                return None
            levels = live.ai_levels()
            is_ai = seat in levels
            accepted = [await self._act(live, seat, decision,
                                        levels[seat] if is_ai else self._autopilot_level,
                                        "ai" if is_ai else "autopilot")]
            accepted += await self._play_ai_safely(live)
            return SubmitResult(game_id=game_id, version=live.version, status=live.info.status,
                                accepted=accepted, events=[e for a in accepted for e in a.events])

    async def play_ai_turns(self, game_id: int) -> SubmitResult:
        """Let the AI seats make every move they owe now (also after a crash between moves)."""
        async with self._lock(game_id):
            live = await self._running(game_id)
            accepted = await self._play_ai(live, [])
            return SubmitResult(game_id=game_id, version=live.version, status=live.info.status,
                                accepted=accepted, events=[e for a in accepted for e in a.events])
