"""Searching AI decisions in worker processes: the same moves as on a thread for the same
budget, a smaller search when the queue is longer than the workers, searches left to the timer
so that a click is answered at once, and workers that stop with the service."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from engine import get_kind
from engine.core.ai import budgeted, get_policy, seated
from engine.service import GameService
from engine.service.ai_pool import MIN_BUDGET, AiPool


async def test_a_worker_answers_as_the_policy_does_in_this_process() -> None:
    esr = get_kind("esr")
    state, _ = esr.new_game(4, 4)
    decision = esr.decision_for(state, 1)
    levels = ("greedy", "strong", "strong", None)
    pool = AiPool(workers=1)
    try:
        remote = await pool.choose("esr", "strong", state, decision, random.Random(9), levels)
    finally:
        pool.close()
    with seated(levels):
        local = get_policy("strong")(esr, state, decision, random.Random(9))
    assert remote == local


def test_the_budget_shrinks_when_more_decisions_wait_than_there_are_workers() -> None:
    pool = AiPool(workers=2)
    assert [pool.budget() for pool.waiting in (0, 1, 2)] == [1.0, 1.0, 1.0]
    pool.waiting = 4
    assert pool.budget() == 0.5
    pool.waiting = 1000
    assert pool.budget() == MIN_BUDGET


def test_a_smaller_budget_searches_fewer_worlds(monkeypatch) -> None:
    from engine.games.esr import search

    seen: list[int] = []
    real = search._outcomes

    def counting(kind, view, seat, cards, rng, samples):
        seen.append(samples)
        return real(kind, view, seat, cards, rng, 2)  # keep the test quick

    monkeypatch.setattr(search, "_outcomes", counting)
    esr = get_kind("esr")
    state, _ = esr.new_game(4, 4)
    for share in (1.0, 0.5, 0.01):
        with budgeted(share):
            search.strong_policy(esr, state, esr.decision_for(state, 0), random.Random(1))
    assert seen == [search.SAMPLES, search.SAMPLES // 2, search.MIN_SAMPLES]


async def test_a_service_with_workers_plays_strong_seats_and_stops_them_on_close(
        tmp_path: Path) -> None:
    service = await GameService.open(tmp_path / "g.db", ai_workers=1)
    try:
        lobby = await service.create_lobby(1, 2, 10, "ann", kind="esr")
        for _ in range(2):
            await service.add_ai(lobby.id, 10, level="strong")
        started = await service.start(lobby.id, 10)
        game = await service.get_game(started.game_id)
        # The Start click is answered at once: the strong seats' searches are left owed, due
        # now, for the front end's timer.
        assert started.accepted == []
        overdue = await service.overdue()
        ai_seats = {s.seat for s in game.seats if s.is_ai}
        assert {o.seat for o in overdue} == ai_seats and all(o.is_ai for o in overdue)
        played = await service.act_for(overdue[0].game_id, overdue[0].seat, overdue[0].key)
        assert played is not None and len(played.accepted) == 2, "and the other one after it"
        pending = await service.pending(game.id)
        assert [d.player for d in pending] == [s.seat for s in game.seats if s.user_id == 10]
        view = await service.get_view(game.id, 10)
        assert sum(p["has_chosen"] for p in view.view["players"]) == 2, "the strong seats chose"
        assert service.ai_pool is not None and service.ai_pool._pool is not None
    finally:
        await service.close()
    assert service.ai_pool._pool is None
    await asyncio.sleep(0)
