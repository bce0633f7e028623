"""Deadlines: set when a decision becomes pending, cleared when answered, acted on by request."""

from __future__ import annotations

import random

from engine.service import GameService
from engine.service.simulate import random_move


async def test_each_pending_decision_gets_a_deadline_by_its_kind(service: GameService, new_game,
                                                                 clock) -> None:
    start = clock.now
    game = await new_game()
    rows = await service.deadlines(game.id)
    assert [(d.seat, d.kind, d.due_at) for d in rows] == [
        (seat, "esr.choose_action", start + 120) for seat in range(3)]
    view = await service.get_view(game.id, 1)
    assert view.due_at == start + 120
    assert await service.next_due() == start + 120


async def test_nothing_is_overdue_until_the_clock_passes_the_deadline(service: GameService,
                                                                      new_game, clock) -> None:
    game = await new_game()
    assert await service.overdue() == []
    clock.advance(119)
    assert await service.overdue() == []
    clock.advance(1)
    overdue = await service.overdue()
    assert [(o.game_id, o.seat, o.kind) for o in overdue] == [
        (game.id, seat, "esr.choose_action") for seat in range(3)]
    assert {o.user_id for o in overdue} == {1, 2, 3} and not any(o.is_ai for o in overdue)
    assert await service.overdue(now=clock.now - 60) == []  # an explicit time works too


async def test_answering_clears_only_your_deadline_and_others_keep_theirs(
        service: GameService, new_game, clock) -> None:
    start = clock.now
    game = await new_game()
    clock.advance(30)
    view = await service.get_view(game.id, 1)
    await service.submit(game.id, 1, view.decision.options[0].action, view.decision.key)
    rows = await service.deadlines(game.id)
    assert view.seat not in {d.seat for d in rows}
    assert {d.due_at for d in rows} == {start + 120}  # the choice clock was not restarted


async def test_act_for_plays_for_the_absent_player_with_autopilot(service: GameService, new_game,
                                                                  clock) -> None:
    game = await new_game()
    clock.advance(121)
    for item in await service.overdue():
        result = await service.act_for(item.game_id, item.seat, item.key)
        assert result is not None
        assert result.accepted[0].by == "autopilot" and result.accepted[0].seat == item.seat
    log = await service.action_log(game.id)
    assert [row.by for row in log] == ["autopilot"] * 3
    pending = await service.pending(game.id)
    assert pending and pending[0].kind != "esr.choose_action"  # the turn moved on
    assert all(d.due_at > clock.now for d in await service.deadlines(game.id))


async def test_act_for_a_decision_already_answered_does_nothing(service: GameService, new_game,
                                                                clock, dump) -> None:
    game = await new_game()
    clock.advance(200)
    overdue = await service.overdue()
    mine = next(o for o in overdue if o.user_id == 1)
    view = await service.get_view(game.id, 1)
    await service.submit(game.id, 1, view.decision.options[1].action, view.decision.key)
    before = dump()
    # The key is unchanged during the choice, but the choice made in time must stand.
    assert await service.act_for(game.id, mine.seat, mine.key) is None
    assert await service.act_for(game.id, mine.seat, "old-key") is None
    assert dump() == before
    assert (await service.get_view(game.id, 1)).decision.current == view.decision.options[1].action


async def test_deadlines_are_a_per_game_setting(service: GameService, new_game, clock) -> None:
    start = clock.now
    quick = await new_game(deadlines={"choose_action": 10})
    relaxed = await new_game(deadlines={"esr.choose_action": None})
    assert {d.due_at for d in await service.deadlines(quick.id)} == {start + 10}
    assert await service.deadlines(relaxed.id) == []
    assert (await service.get_game(quick.id)).deadlines["negotiate"] == 90


async def test_a_negotiation_offer_restarts_the_partners_clock(service: GameService, new_game,
                                                               clock) -> None:
    game = await new_game(deadlines={"negotiate": 5, "default": 7})
    rng = random.Random(2)
    for _ in range(500):
        pending = await service.pending(game.id)
        if pending and pending[0].kind == "esr.negotiate":
            break
        await random_move(service, game.id, rng)
    [decision] = await service.pending(game.id)
    [row] = await service.deadlines(game.id)
    assert (row.seat, row.decision_key, row.kind) == (decision.player, decision.key,
                                                      "esr.negotiate")
    clock.advance(3)
    await random_move(service, game.id, rng)
    for row in await service.deadlines(game.id):
        expected = {"esr.negotiate": 5, "esr.choose_action": 120}.get(row.kind, 7)
        assert row.due_at == clock.now + expected


def test_every_deadline_follows_the_games_pace() -> None:
    from engine import get_kind
    from engine.service.deadlines import paced

    esr = get_kind("esr")
    assert paced(esr, 120) == {"choose_action": 120, "negotiate": 90, "default": 60}
    assert paced(esr, 60) == {"choose_action": 60, "negotiate": 90, "default": 60}  # a minimum
    assert paced(esr, 86400) == {"choose_action": 86400, "negotiate": 64800, "default": 43200}
    assert paced(esr, 0) == dict.fromkeys(("choose_action", "negotiate", "default"))
