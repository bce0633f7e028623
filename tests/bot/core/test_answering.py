"""Answers before tables: channel writes wait while clicks are still writing their answer."""

from __future__ import annotations

import asyncio

from bot.core.interactions import Answering, _answering, answered


async def test_a_channel_write_waits_until_every_click_has_answered() -> None:
    answering = Answering()
    answering.begin()
    answering.begin()
    order: list[str] = []

    async def publish() -> None:
        await answering.idle(at_most=5)
        order.append("table")

    task = asyncio.create_task(publish())
    await asyncio.sleep(0)
    answering.end()
    await asyncio.sleep(0)
    order.append("first answer")
    answering.end()
    order.append("second answer")
    await task
    assert order == ["first answer", "second answer", "table"]


async def test_the_wait_is_bounded_and_nothing_waits_when_nobody_is_answering() -> None:
    answering = Answering()
    await asyncio.wait_for(answering.idle(at_most=5), 0.1)  # idle: returns at once
    answering.begin()  # an answer that never comes (a stuck handler)
    await asyncio.wait_for(answering.idle(at_most=0.05), 1)  # gives up after its bound


async def test_an_interaction_counts_as_answered_once_even_if_its_tasks_say_so_too() -> None:
    answering = Answering()
    answering.begin()
    answering.begin()  # another click, still answering
    token = _answering.set([answering])

    async def child() -> None:
        answered()

    await asyncio.create_task(child())  # a task the handler started (a copy of its context)
    answered()  # and the handler's own end
    _answering.reset(token)
    assert answering.count == 1, "the other click is still answering"
