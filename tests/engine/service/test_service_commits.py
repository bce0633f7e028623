"""Write transactions per move: a player's move and the AI moves it leads to share one commit
(one disk sync), and the front end's message names are written without one."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from engine import get_kind
from engine.core.ai import POLICIES
from engine.core.record import replay
from engine.service import GameService
from engine.service.simulate import random_move

KIND = get_kind("esr")


class Transactions:
    """Records the `durable` flag of every write transaction the service opens."""

    def __init__(self, service: GameService) -> None:
        self.durable: list[bool] = []
        opened = service.db.transaction

        @asynccontextmanager
        async def recorded(*, durable: bool = True, **scope: Any) -> AsyncIterator[Any]:
            self.durable.append(durable)
            async with opened(durable=durable, **scope) as conn:
                yield conn

        service.db.transaction = recorded  # type: ignore[method-assign]

    def take(self) -> list[bool]:
        """The flags since the last take."""
        taken, self.durable = self.durable, []
        return taken


async def _table(service: GameService, humans: int, levels: list[str], seed: int = 11) -> int:
    lobby = await service.create_lobby(1, 500 + seed, 1, "P1", seed=seed)
    for user in range(2, humans + 1):
        await service.join(lobby.id, user, f"P{user}")
    for level in levels:
        await service.add_ai(lobby.id, 1, level=level)
    return lobby.id


async def test_each_move_commits_once_with_every_ai_move_it_leads_to(
        service: GameService) -> None:
    game_id = await _table(service, 1, ["random", "greedy", "random"])
    transactions = Transactions(service)
    started = await service.start(game_id, 1)
    assert len(started.accepted) == 3 and transactions.take() == [True, True]  # start, AI moves
    rng, followed = random.Random(3), 0
    while (result := await random_move(service, game_id, rng)) is not None:
        assert transactions.take() == [True]
        followed += len(result.accepted) > 1
        assert [a.seq for a in result.accepted] == list(
            range(result.version - len(result.accepted) + 1, result.version + 1))
    assert followed > 10  # most of the AI seats' moves came in a player's commit
    info = await service.get_game(game_id)
    assert info.status == "finished"
    record = await service.export_record(game_id)
    assert len(record.actions) == info.version
    assert KIND.is_over(replay(record)[0])


async def test_a_failing_ai_keeps_the_players_move_and_the_ai_moves_before_it(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(POLICIES, "flaky", _works_once())
    game_id = await _table(service, 2, ["flaky", "flaky"])
    started = await service.start(game_id, 1)
    assert [a.by for a in started.accepted] == ["ai"]
    assert (await service.get_game(game_id)).version == 1
    [overdue] = [o for o in await service.overdue() if o.game_id == game_id and o.is_ai]
    assert overdue.seat != started.accepted[0].seat
    # A player's move goes in although the AI after it fails again.
    seat, action, key = await _a_human_move(service, game_id)
    result = await service.submit(game_id, seat, action, key)
    assert result.accepted[0].by == "player"
    assert result.version == (await service.get_game(game_id)).version
    assert len(await service.action_log(game_id)) == result.version


async def test_ai_turns_played_on_request_keep_the_moves_before_a_failure(
        database, clock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(POLICIES, "flaky", _works_once())
    async with await GameService.open(database, clock=clock, auto_ai=False) as service:
        game_id = await _table(service, 1, ["flaky", "flaky", "flaky"])
        await service.start(game_id, 1)
        assert (await service.get_game(game_id)).version == 0
        with pytest.raises(RuntimeError):
            await service.play_ai_turns(game_id)
        assert (await service.get_game(game_id)).version == 1
        assert [row.by for row in await service.action_log(game_id)] == ["ai"]


async def test_message_names_are_written_without_a_disk_sync(service: GameService) -> None:
    game_id = await _table(service, 1, ["random", "random"])
    await service.start(game_id, 1)
    transactions = Transactions(service)
    await service.set_message(game_id, "table", 900, 901)
    await service.forget_message(game_id, "table")
    await service.set_message(game_id, "table", 900, 902)
    assert transactions.take() == [False, False, False]
    assert (await service.get_messages(game_id))["table"].message_id == 902
    fresh = await GameService.open(service.db.target)
    try:
        assert (await fresh.get_messages(game_id))["table"].message_id == 902
    finally:
        await fresh.close()


def _works_once() -> Any:
    """A policy that answers its first decision at random and fails on every later one."""
    calls = []

    def policy(kind: Any, state: Any, decision: Any, rng: random.Random) -> dict:
        calls.append(decision.key)
        if len(calls) > 1:
            raise RuntimeError("this AI fails")
        return rng.choice(decision.options).action

    return policy


async def _a_human_move(service: GameService, game_id: int) -> tuple[int, dict, str]:
    info = await service.get_game(game_id)
    owing = {d.player for d in await service.pending(game_id)}
    seat = next(s for s in info.seats if not s.is_ai and s.seat in owing)
    suggestion = await service.suggest(game_id, seat.user_id, random.Random(1))
    assert seat.user_id is not None and suggestion is not None
    decision, action = suggestion
    return seat.user_id, action, decision.key
