"""The coach in the service: a member's review of a finished game they played, computed once in
the AI worker pool (or a thread) within its CPU budget, stored, and read back at once after."""

from __future__ import annotations

import asyncio

from engine.coach.review import review
from engine.core.game import Action, GameKind
from engine.core.registry import get_kind
from engine.service.base import ServiceCore
from engine.service.errors import GameNotFound, NoReview, NotSeated
from engine.store import games as rows
from engine.store import reviews
from engine.store.models import UserId
from engine.store.reviews import StoredReview

BUDGET = 20.0  # CPU seconds per review on one core, shrunk when the pool is busy


def _compute(game_id: int, kind: str, seed: int, players: int, settings: dict,
             log: list[tuple[int, Action]], seat: int, chosen: set[int],
             levels: list[str | None], revision: int, share: float = 1.0) -> StoredReview:
    """Run in a worker: the review, as it is stored (`levels`: each seat's public AI level,
    None for a person, as the AIs knew them)."""
    found = review(kind, seed, players, settings, log, seat, chosen, budget=BUDGET * share,
                   rng_seed=game_id, levels=levels, revision=revision)
    findings = [{"step": f.step, "chosen": f.chosen, "best": f.best, "cost": f.cost,
                 "error": f.error, "worlds": f.worlds, "sure": f.sure} for f in found.findings]
    return StoredReview(game_id, seat, findings, found.judged, found.cpu_seconds)


class ReviewOps(ServiceCore):
    """`/game review`: a member's costliest decisions of a finished game."""

    async def review(self, game_id: int, user_id: UserId) -> StoredReview:
        """The member's review (computed on first request); NoReview, NotSeated or
        GameNotFound saying why there is none."""
        async with self._db.read() as conn:
            info = await rows.fetch_game(conn, game_id)
            if info is None:
                raise GameNotFound(game_id)
            if info.status != "finished":
                raise NoReview(info.status)
            seat = info.seat_of(user_id)
            if seat is None or seat.seat is None:
                raise NotSeated()
            stored = await reviews.fetch(conn, game_id, seat.seat)
            seed = await rows.fetch_seed(conn, game_id)
        if stored is not None:
            return stored
        if not _judges(info.kind):
            raise NoReview("game")
        logged = await self.action_log(game_id)
        log = [(row.seat, row.action) for row in logged]
        chosen = {i for i, row in enumerate(logged) if row.seat == seat.seat and row.by == "player"}
        seated = sorted((s for s in info.seats if s.seat is not None), key=lambda s: s.seat)
        levels = [s.ai_level for s in seated]
        args = (game_id, info.kind, seed, len(seated), info.settings, log, seat.seat, chosen,
                levels, info.rules_revision)
        if self.ai_pool is not None:
            computed = await self.ai_pool.run(_compute, *args)
        else:
            computed = await asyncio.to_thread(_compute, *args)
        # Derived and rebuildable: no disk sync, and no shard's fence (any process may store it).
        async with self._db.transaction(durable=False) as conn:
            await reviews.save(conn, computed, self._clock())
            return await reviews.fetch(conn, game_id, seat.seat) or computed


def _judges(kind: str) -> bool:
    """Whether a game judges decisions for the coach (it overrides coach_values)."""
    return type(get_kind(kind)).coach_values is not GameKind.coach_values
