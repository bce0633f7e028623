"""The coach through the service, on SQLite and PostgreSQL: a member's review of a finished
game, computed once and stored; refusals that say why."""

from __future__ import annotations

import random

import pytest

from engine.service import GameService
from engine.service import reviews as service_reviews
from engine.service.errors import NoReview, NotSeated
from engine.service.simulate import play_to_end
from tests.engine.service.test_service_ratings import emerald_game

pytestmark = pytest.mark.asyncio


async def test_a_members_review_is_computed_once_and_then_read_back(service: GameService,
                                                                    monkeypatch) -> None:
    game = await emerald_game(service, 2)
    with pytest.raises(NoReview, match="once it is over"):
        await service.review(game, 1)
    await play_to_end(service, game, random.Random(5))
    first = await service.review(game, 1)
    assert first.judged > 5 and len(first.findings) <= 3
    assert [f["cost"] for f in first.findings] == sorted((f["cost"] for f in first.findings),
                                                         reverse=True)
    logged = await service.action_log(game)
    seat = (await service.get_game(game)).seat_of(1).seat
    assert all(logged[f["step"]].seat == seat for f in first.findings)

    def never(*args, **kwargs):
        raise AssertionError("computed again")

    monkeypatch.setattr(service_reviews, "_compute", never)
    assert await service.review(game, 1) == first
    with pytest.raises(NotSeated):
        await service.review(game, 3)


async def test_a_game_the_coach_cannot_judge_yet_is_refused_with_the_reason(service) -> None:
    info = await service.create_lobby(1, 200, 1, "P1", kind="gke", seed=1)
    await service.join(info.id, 2, "P2")
    await service.start(info.id, 1)
    await service.abandon(info.id, 1)
    with pytest.raises(NoReview, match="abandoned"):
        await service.review(info.id, 1)


async def test_a_review_runs_in_the_ai_worker_pool_when_the_service_has_one(database, clock):
    async with await GameService.open(database, clock=clock, ai_workers=1) as pooled:
        game = await emerald_game(pooled, 2)
        await play_to_end(pooled, game, random.Random(6))
        found = await pooled.review(game, 2)
        assert pooled.ai_pool is not None and pooled.ai_pool._pool is not None  # it ran there
        assert found.judged > 5 and found.cpu_seconds > 0
    async with await GameService.open(database, clock=clock) as threaded:
        assert await threaded.review(game, 2) == found  # stored: read back, not recomputed
