"""Cooldowns claimed in the database: of claims arriving together exactly one wins, also
through two services on one file (two processes), and a claim outlives a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.service import GameService
from tests.engine.service.conftest import FakeClock


async def test_of_twenty_claims_arriving_together_exactly_one_wins(
        service: GameService) -> None:
    waits = await asyncio.gather(*(service.claim_cooldown("new_game:1:7", 30) for _ in range(20)))
    assert sorted(waits) == [0] + [30] * 19


async def test_two_services_on_one_database_share_the_claim(database: Path | str,
                                                            clock: FakeClock) -> None:
    first = await GameService.open(database, clock=clock)
    second = await GameService.open(database, clock=clock)  # as a second bot process would
    try:
        waits = await asyncio.gather(*(svc.claim_cooldown("new_game:1:7", 30)
                                       for _ in range(10) for svc in (first, second)))
        assert sorted(waits) == [0] + [30] * 19
        assert await second.claim_cooldown("new_game:1:8", 30) == 0  # another member's own
    finally:
        await first.close()
        await second.close()


async def test_a_claim_ends_with_its_time_or_when_given_back(database: Path | str,
                                                             clock: FakeClock) -> None:
    service = await GameService.open(database, clock=clock)
    assert await service.claim_cooldown("new_game:1:7", 30) == 0
    clock.advance(10.5)
    assert await service.claim_cooldown("new_game:1:7", 30) == 20  # whole seconds, rounded up
    await service.close()
    service = await GameService.open(database, clock=clock)  # a restart keeps it
    try:
        assert await service.claim_cooldown("new_game:1:7", 30) == 20
        clock.advance(20)
        assert await service.claim_cooldown("new_game:1:7", 30) == 0  # over: claimed anew
        await service.release_cooldown("new_game:1:7")
        assert await service.claim_cooldown("new_game:1:7", 30) == 0
        assert await service.claim_cooldown("any", 0) == 0  # no cooldown at all
    finally:
        await service.close()
