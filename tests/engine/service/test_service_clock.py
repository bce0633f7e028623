"""A game's own clock (Große kleine Edelsteine's round time limit) and AI seats that take a
person's time over a pool decision, on a real SQLite file."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from engine.core.errors import IllegalAction
from engine.core.game import CLOCK
from engine.core.registry import register
from engine.games.gke import GAME
from engine.service import GameService

register(GAME)  # the service finds a game by name


async def gke(service: GameService, humans: int = 2, ais: tuple[str, ...] = (),
              deadlines: dict | None = None) -> int:
    """A started game of Große kleine Edelsteine: humans are users 1..n."""
    info = await service.create_lobby(1, 100, 1, "P1", kind="gke", seed=3, deadlines=deadlines)
    for user in range(2, humans + 1):
        await service.join(info.id, user, f"P{user}")
    for level in ais:
        await service.add_ai(info.id, 1, level)
    await service.start(info.id, 1)
    return info.id


def free_pick(view: dict, card: int) -> dict:
    """A pick of some free gem of the card's kind."""
    kind = view["cards"][card]["kind"]
    gem = next(g for g in view["pool"] if g["kind"] == kind and g["holder"] is None)
    return {"type": "pick", "card": card, "label": gem["label"]}


async def test_the_round_clock_is_one_deadline_and_its_expiry_the_games_own_move(
        service: GameService, clock) -> None:
    start = clock.now
    game = await gke(service)
    rows = await service.deadlines(game)
    assert [(d.seat, d.kind, d.decision_key, d.due_at) for d in rows] == [
        (CLOCK, "pick", "r1", start + 90)]  # the players' picks have no deadline of their own
    assert (await service.get_view(game, 1)).due_at == start + 90
    assert await service.decision_due(game) == start + 90
    clock.advance(89)
    assert await service.overdue() == []
    clock.advance(1)
    [due] = await service.overdue()
    assert (due.seat, due.user_id, due.is_ai) == (CLOCK, None, False)
    result = await service.act_for(game, CLOCK, due.key)
    assert [(a.seat, a.by, a.action) for a in result.accepted] == [
        (CLOCK, "clock", {"type": "time_up", "round": 1})]
    assert (await service.get_view(game)).view["round"] == 2
    assert [(d.seat, d.decision_key, d.due_at) for d in await service.deadlines(game)] == [
        (CLOCK, "r2", clock.now + 90)]
    assert await service.act_for(game, CLOCK, due.key) is None  # a late second expiry: nothing
    assert len(await service.action_log(game)) == 1


async def test_a_round_closed_by_its_last_pick_leaves_its_clock_behind(
        service: GameService, clock) -> None:
    game = await gke(service)
    for user in (1, 2):
        for card in range(3):
            view = await service.get_view(game, user)
            await service.submit(game, user, free_pick(view.view, card), view.decision.key)
    assert (await service.get_view(game)).view["round"] == 2
    clock.advance(90)
    assert await service.act_for(game, CLOCK, "r1") is None
    assert [d.decision_key for d in await service.deadlines(game)] == ["r2"]


async def test_no_time_limit_means_no_clock(service: GameService) -> None:
    game = await gke(service, deadlines={"pick": None})
    assert await service.deadlines(game) == []


async def test_an_ai_seat_picks_after_a_persons_think_time_one_gem_at_a_time(
        service: GameService, clock) -> None:
    start = clock.now
    game = await gke(service, humans=1, ais=("hard",))
    assert await service.action_log(game) == []  # no instant grab
    [ai_row] = [d for d in await service.deadlines(game) if d.seat == 1]
    assert start + 0.08 * 90 <= ai_row.due_at <= start + 0.22 * 90
    view = await service.get_view(game, 1)
    await service.submit(game, 1, free_pick(view.view, 0), view.decision.key)
    [still] = [d for d in await service.deadlines(game) if d.seat == 1]
    assert still == ai_row  # a person's pick does not restart the AI's think time
    for picks in range(1, 4):
        clock.now = max(d.due_at for d in await service.deadlines(game) if d.seat == 1)
        result = await service.act_for(game, 1, "r1")
        assert [(a.seat, a.by) for a in result.accepted] == [(1, "ai")]
        held = (await service.get_view(game)).view
        assert sum(g["holder"] == 1 for g in held["pool"]) == picks
        after = [d for d in await service.deadlines(game) if d.seat == 1]
        if picks < 3:
            assert after[0].due_at > clock.now  # the next pick takes its own time
    assert [d.seat for d in await service.deadlines(game)] == [CLOCK]  # done: nothing owed


async def test_the_autopilot_never_picks_for_a_person(service: GameService, clock) -> None:
    game = await gke(service)
    result = await service.set_autopilot(game, 2, True)
    assert result.accepted == []
    clock.advance(30)
    assert await service.overdue() == []
    assert await service.action_log(game) == []


async def test_the_clock_survives_a_restart_and_closes_the_round_once(
        database: Path | str, clock, service: GameService) -> None:
    game = await gke(service)
    view = await service.get_view(game, 1)
    await service.submit(game, 1, free_pick(view.view, 0), view.decision.key)
    await service.close()
    clock.advance(95)
    again = await GameService.open(database, clock=clock)
    try:
        await again.resume()
        [due] = await again.overdue()
        assert due.seat == CLOCK
        assert (await again.act_for(game, CLOCK, due.key)).accepted
        assert await again.act_for(game, CLOCK, due.key) is None
        log = await again.action_log(game)
        assert [row.by for row in log] == ["player", "clock"]
    finally:
        await again.close()


@pytest.mark.parametrize("limit", [30.0, 300.0])
def test_think_time_keeps_a_seats_picks_inside_the_limit(limit: float) -> None:
    import random

    state, _ = GAME.new_game(1, 2)
    decision = GAME.pending(state)[0]
    rng = random.Random(4)
    times = [GAME.think_time(decision, "hard", limit, rng) for _ in range(300)]
    assert 3 * max(times) < limit and min(times) > 0


async def test_two_players_reaching_for_one_gem_at_the_same_instant_get_exactly_one(
        service: GameService) -> None:
    game = await gke(service)
    view = await service.get_view(game, 1)
    action = free_pick(view.view, 0)
    results = await asyncio.gather(
        service.submit(game, 1, action, "r1"), service.submit(game, 2, action, "r1"),
        return_exceptions=True)
    won = [r for r in results if not isinstance(r, BaseException)]
    lost = [r for r in results if isinstance(r, BaseException)]
    assert len(won) == 1 and len(lost) == 1
    assert isinstance(lost[0], IllegalAction) and "first" in lost[0].message
    log = await service.action_log(game)
    assert [(row.seat, row.action) for row in log] == [(won[0].accepted[0].seat, action)]
