"""Autopilot seats, lobby expiry and half-time reminders, on a real file with a hand-moved clock."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.service import GameNotRunning, GameService, NotSeated
from engine.service.simulate import random_move


async def seat_of(service: GameService, game_id: int, user_id: int) -> int:
    """The seat number of a user."""
    return (await service.get_game(game_id)).seat_of(user_id).seat


async def choose(service: GameService, game_id: int, user_id: int, option: int = 0) -> None:
    """Let a user answer their current decision with one of its options."""
    view = await service.get_view(game_id, user_id)
    await service.submit(game_id, user_id, view.decision.options[option].action,
                         view.decision.key)


# --- autopilot -------------------------------------------------------------------------------


async def test_autopilot_on_answers_the_seats_pending_decision_at_once(service: GameService,
                                                                       new_game) -> None:
    game = await new_game()
    seat = await seat_of(service, game.id, 2)

    result = await service.set_autopilot(game.id, 2, True)

    assert [(a.seat, a.by) for a in result.accepted] == [(seat, "autopilot")]
    assert seat not in {d.player for d in await service.pending(game.id)}
    assert seat not in {d.seat for d in await service.deadlines(game.id)}
    assert (await service.get_game(game.id)).seat_of(2).autopilot


async def test_an_autopilot_seat_keeps_answering_without_the_player(service: GameService,
                                                                    new_game) -> None:
    game = await new_game()
    seat = await seat_of(service, game.id, 2)
    await service.set_autopilot(game.id, 2, True)
    rng = random.Random(4)
    for _ in range(60):
        assert seat not in {d.player for d in await service.pending(game.id)}
        if await random_move(service, game.id, rng) is None:
            break
    mine = [row.by for row in await service.action_log(game.id) if row.seat == seat]
    assert len(mine) > 3 and set(mine) == {"autopilot"}


async def test_autopilot_off_gives_the_next_decision_back_with_a_normal_deadline(
        service: GameService, new_game, clock) -> None:
    game = await new_game()
    seat = await seat_of(service, game.id, 2)
    await service.set_autopilot(game.id, 2, True)
    off = await service.set_autopilot(game.id, 2, False)
    assert off.accepted == []
    await choose(service, game.id, 1)
    await choose(service, game.id, 3)
    rng = random.Random(1)
    while not any(d.player == seat for d in await service.pending(game.id)):
        clock.advance(1)
        assert await random_move(service, game.id, rng) is not None
    [row] = [d for d in await service.deadlines(game.id) if d.seat == seat]
    assert row.due_at > clock.now  # the player's own clock again, not "due at once"
    first, *rest = await service.action_log(game.id)
    assert (first.seat, first.by) == (seat, "autopilot")
    assert {r.by for r in rest} == {"player"}


async def test_the_autopilot_flag_survives_a_restart_and_resume_plays_what_it_owes(
        database: Path | str, clock) -> None:
    # Without auto play, switching on writes the flag but answers nothing: as if the process
    # died between the flag and the move.
    async with await GameService.open(database, clock=clock, auto_ai=False) as service:
        lobby = await service.create_lobby(1, 2, 1, "P1", seed=3)
        for user in (2, 3):
            await service.join(lobby.id, user, f"P{user}")
        await service.start(lobby.id, 1)
        await service.set_autopilot(lobby.id, 3, True)
        seat = await seat_of(service, lobby.id, 3)
        assert seat in {d.player for d in await service.pending(lobby.id)}
    async with await GameService.open(database, clock=clock) as service:
        assert (await service.get_game(lobby.id)).seat_of(3).autopilot
        await service.resume()
        assert seat not in {d.player for d in await service.pending(lobby.id)}
        assert [(r.seat, r.by) for r in await service.action_log(lobby.id)] == [
            (seat, "autopilot")]


async def test_taking_the_seat_back_restarts_its_clock(database: Path | str, clock) -> None:
    async with await GameService.open(database, clock=clock, auto_ai=False) as service:
        lobby = await service.create_lobby(1, 2, 1, "P1", seed=3)
        for user in (2, 3):
            await service.join(lobby.id, user, f"P{user}")
        await service.start(lobby.id, 1)
        seat = await seat_of(service, lobby.id, 2)
        await service.set_autopilot(lobby.id, 2, True)
        [row] = [d for d in await service.deadlines(lobby.id) if d.seat == seat]
        assert row.due_at == clock.now  # an autopilot seat is due at once, like an AI
        clock.advance(10)

        await service.set_autopilot(lobby.id, 2, False)

        [row] = [d for d in await service.deadlines(lobby.id) if d.seat == seat]
        assert row.due_at == clock.now + 120
        assert seat not in {o.seat for o in await service.overdue()}


async def test_autopilot_needs_a_seat_in_a_running_game(service: GameService, new_game,
                                                        dump) -> None:
    game = await new_game()
    lobby = await new_game(start=False)
    before = dump()
    with pytest.raises(NotSeated):
        await service.set_autopilot(game.id, 99, True)
    with pytest.raises(GameNotRunning):
        await service.set_autopilot(lobby.id, 1, True)
    assert dump() == before


# --- lobby expiry ----------------------------------------------------------------------------


async def test_only_lobbies_unchanged_for_the_whole_time_expire(service: GameService, new_game,
                                                                clock) -> None:
    old = await new_game(start=False)
    running = await new_game()
    clock.advance(1000)
    busy = await new_game(start=False)
    assert await service.next_lobby_expiry(1800) == old.updated_at + 1800
    clock.advance(799)
    assert await service.expire_lobbies(older_than=1800) == []
    clock.advance(1)

    closed = await service.expire_lobbies(older_than=1800)

    assert [(g.id, g.status) for g in closed] == [(old.id, "abandoned")]
    assert (await service.get_game(busy.id)).status == "lobby"
    assert (await service.get_game(running.id)).status == "running"
    assert await service.next_lobby_expiry(1800) == busy.updated_at + 1800
    # The channel is free for a new lobby.
    await service.create_lobby(old.guild_id, old.channel_id, 5, "P5")


async def test_joining_keeps_a_lobby_open(service: GameService, new_game, clock) -> None:
    lobby = await new_game(humans=1, start=False)
    clock.advance(1500)
    await service.join(lobby.id, 2, "P2")
    clock.advance(1500)
    assert await service.expire_lobbies(older_than=1800) == []
    clock.advance(300)
    assert [g.id for g in await service.expire_lobbies(older_than=1800)] == [lobby.id]
    assert await service.next_lobby_expiry(1800) is None


# --- reminders -------------------------------------------------------------------------------


async def test_reminders_fall_due_at_half_time_and_are_claimed_only_once(service: GameService,
                                                                         new_game,
                                                                         clock) -> None:
    start = clock.now
    game = await new_game()
    await choose(service, game.id, 1)
    assert await service.next_reminder() == start + 60
    clock.advance(59)
    assert await service.claim_reminders() == []
    clock.advance(1)

    claimed = await service.claim_reminders()

    assert sorted(r.user_id for r in claimed) == [2, 3]  # not P1, who has chosen
    assert {(r.due_at, r.kind) for r in claimed} == {(start + 120, "esr.choose_action")}
    assert await service.claim_reminders() == []
    assert await service.next_reminder() is None


async def test_a_claimed_reminder_stays_claimed_after_a_restart(database: Path | str,
                                                                clock) -> None:
    async with await GameService.open(database, clock=clock) as service:
        lobby = await service.create_lobby(1, 2, 1, "P1", seed=3)
        for user in (2, 3):
            await service.join(lobby.id, user, f"P{user}")
        await service.start(lobby.id, 1)
        clock.advance(70)
        assert len(await service.claim_reminders()) == 3
    async with await GameService.open(database, clock=clock) as service:
        await service.resume()
        assert await service.claim_reminders() == []


async def test_no_reminders_for_ai_autopilot_or_overdue_decisions(service: GameService, new_game,
                                                                  clock) -> None:
    game = await new_game(humans=3, ais=1)
    await service.set_autopilot(game.id, 2, True)
    clock.advance(60)
    assert sorted(r.user_id for r in await service.claim_reminders()) == [1, 3]
    late = await new_game()
    clock.advance(200)  # past half time and past the deadline: the autopilot's turn, no ping
    assert [r for r in await service.claim_reminders() if r.game_id == late.id] == []
    assert await service.next_reminder() is None


async def test_a_new_decision_gets_its_own_reminder(service: GameService, new_game,
                                                    clock) -> None:
    game = await new_game()
    clock.advance(60)
    assert len(await service.claim_reminders()) == 3
    for user in (1, 2, 3):
        await choose(service, game.id, user)
    owing = {d.player for d in await service.pending(game.id)}
    upcoming = await service.next_reminder()
    assert owing and upcoming is not None and upcoming > clock.now
    clock.advance(upcoming - clock.now)
    claimed = await service.claim_reminders()
    assert claimed and {r.seat for r in claimed} <= owing


async def test_decision_due_is_the_earliest_deadline_of_a_human_still_deciding(
        service: GameService, new_game, clock) -> None:
    start = clock.now
    game = await new_game(humans=3, ais=1)
    assert await service.decision_due(game.id) == start + 120
    for user in (1, 2, 3):
        await service.set_autopilot(game.id, user, True)
    assert await service.decision_due(game.id) is None
