"""Changes reach the channel in the order they were committed, even when a deadline's change
is published before the click whose change came first."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import publish_order
from bot.core.publish_order import PublishOrder, version_range
from engine.service.models import AcceptedAction, SubmitResult


async def tell(order: PublishOrder, told: list[int], first: int, last: int) -> None:
    """Publish versions first..last (recording the first)."""
    async with order.turn(7, (first, last)):
        told.append(first)


async def test_a_later_change_waits_for_the_change_committed_before_it() -> None:
    order, told = PublishOrder(), []
    await tell(order, told, 1, 4)
    later = asyncio.create_task(tell(order, told, 6, 6))  # e.g. the autopilot at a deadline
    await asyncio.sleep(0.05)
    assert told == [1], "version 6 waits: version 5 is not told yet"

    await tell(order, told, 5, 5)  # the click that committed version 5 publishes now
    await later

    assert told == [1, 5, 6]


async def test_a_change_that_is_never_published_holds_up_the_next_only_briefly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(publish_order, "WAIT", 0.05)
    order, told = PublishOrder(), []
    await tell(order, told, 1, 1)
    await asyncio.wait_for(tell(order, told, 3, 3), 5)  # version 2 was lost on the way
    assert told == [1, 3]


async def test_a_change_without_actions_has_no_place_in_the_order() -> None:
    order, told = PublishOrder(), []
    await tell(order, told, 1, 1)
    async with order.turn(7, None):
        told.append(0)
    assert told == [1, 0]


def test_the_versions_of_a_change_are_those_its_results_committed() -> None:
    def result(*seqs: int) -> SubmitResult:
        return SubmitResult(game_id=1, version=max(seqs, default=0), status="running",
                            accepted=[AcceptedAction(seq=s, seat=0, action={}, by="player",
                                                     decision_key="k") for s in seqs])
    assert version_range([result(5, 6, 7), result(8)]) == (5, 8)
    assert version_range([result()]) is None
