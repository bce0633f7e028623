"""Concurrent submits: exactly one accepted per decision, and a gap-free action log."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine import get_kind
from engine.core.record import replay
from engine.service import (
    ConcurrentWrite,
    DuplicateAction,
    GameNotRunning,
    GameService,
    StaleDecision,
    SubmitResult,
    WrongTurn,
)
from engine.service.simulate import random_move

REFUSALS = (StaleDecision, DuplicateAction, WrongTurn, GameNotRunning)  # last wave ends it


async def _wave(service: GameService, game_id: int, rng: random.Random) -> tuple[int, int]:
    """Fire many submits at every pending decision at once; returns (decisions, accepted)."""
    info = await service.get_game(game_id)
    pending = await service.pending(game_id)
    kind = get_kind("esr")
    calls = []
    for decision in pending:
        owner = info.seats[decision.player].user_id
        if decision.kind == "esr.choose_action":
            # A changeable choice: the player's clicks may only be double clicks, never two.
            action = rng.choice(decision.options).action
            calls += [service.submit(game_id, owner, action, decision.key) for _ in range(6)]
            continue
        state = kind.load(await service.state_json(game_id))
        attempts = [kind.sample_action(state, decision, random.Random(i)) for i in range(6)]
        calls += [service.submit(game_id, owner, a, decision.key) for a in attempts]
        # Everyone else clicks the same prompt too (a button on the shared table message).
        calls += [service.submit(game_id, s.user_id, attempts[0], decision.key)
                  for s in info.seats if s.seat != decision.player]
    rng.shuffle(calls)
    outcomes = await asyncio.gather(*calls, return_exceptions=True)
    accepted = [o for o in outcomes if isinstance(o, SubmitResult)]
    refused = [o for o in outcomes if not isinstance(o, SubmitResult)]
    assert all(isinstance(o, REFUSALS) for o in refused), refused
    per_decision = Counter((a.accepted[0].seat, a.accepted[0].decision_key) for a in accepted)
    assert set(per_decision.values()) == {1}
    assert set(per_decision) == {(d.player, d.key) for d in pending}
    return len(pending), len(accepted)


async def test_many_concurrent_submits_accept_one_per_decision(service: GameService,
                                                               new_game) -> None:
    game = await new_game(humans=4)
    rng = random.Random(12)
    total = 0
    while (await service.get_game(game.id)).status == "running":
        decisions, accepted = await _wave(service, game.id, rng)
        assert decisions == accepted
        total += accepted
    log = await service.action_log(game.id)
    assert [row.seq for row in log] == list(range(1, total + 1))
    final, _ = replay(await service.export_record(game.id))
    assert get_kind("esr").dump(final) == await service.state_json(game.id)


async def test_concurrent_games_keep_separate_gap_free_logs(service: GameService,
                                                            new_game) -> None:
    games = [await new_game(humans=3, seed=s) for s in range(8)]

    async def drive(game_id: int) -> int:
        rng = random.Random(game_id)
        for moves in range(40):
            if await random_move(service, game_id, rng) is None:
                return moves
        return 40

    moves = await asyncio.gather(*(drive(g.id) for g in games))
    for game, count in zip(games, moves, strict=True):
        assert [r.seq for r in await service.action_log(game.id)] == list(range(1, count + 1))


REPO = Path(__file__).resolve().parents[3]


async def _one_decision_pending(service: GameService, game_id: int,
                                rng: random.Random) -> tuple[Any, Any]:
    """Play on at random until exactly one decision is pending; it and who owes it."""
    while len(await service.pending(game_id)) != 1:
        await random_move(service, game_id, rng)
    [decision] = await service.pending(game_id)
    return decision, (await service.get_game(game_id)).seats[decision.player].user_id


async def test_a_second_writer_on_the_same_file_cannot_apply_a_move_twice(database, clock,
                                                                          service: GameService,
                                                                          new_game) -> None:
    game = await new_game()
    decision, user = await _one_decision_pending(service, game.id, random.Random(3))
    async with await GameService.open(database, clock=clock) as other:
        await other.resume()  # a second process with the game loaded, same prompt showing
        await service.submit(game.id, user, decision.options[0].action, decision.key)
        with pytest.raises(ConcurrentWrite):
            await other.submit(game.id, user, decision.options[-1].action, decision.key)
        # The loser dropped its stale copy: a retry sees that the prompt has moved on.
        with pytest.raises(StaleDecision):
            await other.submit(game.id, user, decision.options[-1].action, decision.key)
        assert await other.state_json(game.id) == await service.state_json(game.id)


async def test_clicks_arriving_together_through_two_processes_accept_exactly_one(
        database, clock, service: GameService, new_game) -> None:
    game = await new_game()
    decision, user = await _one_decision_pending(service, game.id, random.Random(5))
    before = len(await service.action_log(game.id))
    async with await GameService.open(database, clock=clock) as other:
        await other.resume()
        clicks = [(svc, option.action) for option in decision.options[:3]
                  for svc in (service, other)]
        outcomes = await asyncio.gather(
            *(svc.submit(game.id, user, action, decision.key) for svc, action in clicks),
            return_exceptions=True)
    accepted = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(accepted) == 1 and len(refused) == len(clicks) - 1
    assert all(isinstance(o, (ConcurrentWrite, StaleDecision)) for o in refused), refused
    log = await service.action_log(game.id)
    assert len(log) == before + len(accepted[0].accepted)
    assert [r.seq for r in log] == list(range(1, len(log) + 1))


async def test_clicks_arriving_together_through_four_os_processes_accept_exactly_one(
        database, service: GameService, new_game) -> None:
    game = await new_game()
    decision, user = await _one_decision_pending(service, game.id, random.Random(7))
    before = len(await service.action_log(game.id))
    clicks = [subprocess.Popen(
        [sys.executable, "-m", "tests.engine.service.click_worker", str(database), str(game.id),
         str(user), decision.key, str(index % len(decision.options))],
        cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for index in range(4)]
    for click in clicks:  # every process has the game loaded, the same prompt showing
        assert click.stdout is not None and click.stdout.readline() == "READY\n"
    for click in clicks:
        assert click.stdin is not None
        click.stdin.write("go\n")
        click.stdin.flush()
    said = sorted(click.communicate(timeout=60)[0].strip() for click in clicks)
    assert said.count("ACCEPTED") == 1, said
    assert all(s in ("ACCEPTED", "REFUSED ConcurrentWrite", "REFUSED StaleDecision")
               for s in said), said
    service._forget(game.id)  # the winner was another process: read the log afresh
    log = await service.action_log(game.id)
    assert [r.seq for r in log] == list(range(1, len(log) + 1)) and len(log) > before
    assert log[before].decision_key == decision.key and log[before].by == "player"
    assert [r.by for r in log[before + 1:]].count("player") == 0  # answered once, by one click


async def test_a_submit_cancelled_at_any_point_leaves_file_and_cache_consistent(
        service: GameService, new_game) -> None:
    game = await new_game()
    kind = get_kind("esr")
    outcomes = Counter()
    for step in range(60):
        decision = (await service.pending(game.id))[0]
        user = (await service.get_game(game.id)).seats[decision.player].user_id
        task = asyncio.create_task(
            service.submit(game.id, user, decision.options[0].action, decision.key))
        # From "before it starts" to "after it finished", through every await in between.
        await asyncio.sleep(0 if step == 0 else 0.00002 * 1.15**step)  # 20 µs to 90 ms
        task.cancel()
        try:
            await task
            outcomes["done"] += 1
        except asyncio.CancelledError:
            outcomes["cancelled"] += 1
        # Whatever happened, the live state is exactly the replay of what was committed.
        final, _ = replay(await service.export_record(game.id))
        assert kind.dump(final) == await service.state_json(game.id), step
    assert outcomes["cancelled"] and outcomes["done"], outcomes
    log = await service.action_log(game.id)
    assert [r.seq for r in log] == list(range(1, len(log) + 1))
