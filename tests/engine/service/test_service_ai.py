"""AI seats: they move at once, deterministically, are logged as 'ai', and recover after crashes."""

from __future__ import annotations

import random
import threading

import pytest

from engine.core.ai import POLICIES, SEAT_LEVELS, searches, searching
from engine.service import GameService
from engine.service.simulate import play_to_end, random_move


async def _game(service: GameService, seed: int = 5, humans: int = 2, ais: int = 2) -> int:
    lobby = await service.create_lobby(1, seed, 1, "P1", seed=seed)
    for user in range(2, humans + 1):
        await service.join(lobby.id, user, f"P{user}")
    for _ in range(ais):
        await service.add_ai(lobby.id, 1)
    return lobby.id


async def test_ai_seats_answer_at_once_and_are_logged_as_ai(service: GameService) -> None:
    game_id = await _game(service)
    started = await service.start(game_id, 1)
    assert [a.by for a in started.accepted] == ["ai", "ai"]
    assert started.version == 2
    info = await service.get_game(game_id)
    ai_seats = {s.seat for s in info.seats if s.is_ai}
    assert {a.seat for a in started.accepted} == ai_seats
    assert {d.player for d in await service.pending(game_id)}.isdisjoint(ai_seats)
    assert await service.deadlines(game_id) == [d for d in await service.deadlines(game_id)
                                                if d.seat not in ai_seats]


async def test_ai_moves_replay_identically_for_the_same_seed_and_moves(tmp_path, clock) -> None:
    logs = []
    for name in ("a", "b"):
        async with await GameService.open(tmp_path / f"{name}.sqlite3", clock=clock) as service:
            game_id = await _game(service, seed=77)
            await service.start(game_id, 1)
            await play_to_end(service, game_id, random.Random(9))
            logs.append([(r.seat, r.action, r.by) for r in await service.action_log(game_id)])
    assert logs[0] == logs[1]
    assert {"ai", "player"} == {by for _, _, by in logs[0]}


async def test_a_registered_policy_plays_its_level(service: GameService,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(POLICIES, "greedy-money",
                        lambda kind, state, d, rng: d.options[0].action)
    game_id = await _game(service, ais=0)
    await service.add_ai(game_id, 1, level="greedy-money", name="Midas")
    started = await service.start(game_id, 1)
    assert [a.action for a in started.accepted] == [{"type": "choose", "card": "money"}]


async def test_an_illegal_ai_move_falls_back_to_a_random_legal_one(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(POLICIES, "broken", lambda kind, state, d, rng: {"type": "cheat"})
    game_id = await _game(service, ais=0)
    await service.add_ai(game_id, 1, level="broken")
    started = await service.start(game_id, 1)
    assert started.accepted[0].action["type"] == "choose"


async def test_ai_moves_owed_after_a_crash_are_overdue_and_played_on_resume(
        database, clock) -> None:
    # auto_ai=False stands in for a crash between a player's commit and the AI's.
    async with await GameService.open(database, clock=clock, auto_ai=False) as service:
        game_id = await _game(service)
        started = await service.start(game_id, 1)
        assert started.accepted == []
        owed = [o for o in await service.overdue() if o.is_ai]
        assert len(owed) == 2 and all(o.due_at == clock.now for o in owed)
        result = await service.act_for(game_id, owed[0].seat, owed[0].key)
        assert [a.by for a in result.accepted] == ["ai"]
    async with await GameService.open(database, clock=clock) as service:
        [info] = await service.resume()
        assert info.version == 2
        assert [r.by for r in await service.action_log(game_id)] == ["ai", "ai"]
        assert not [o for o in await service.overdue() if o.is_ai]


async def test_a_game_with_one_human_plays_through(service: GameService) -> None:
    game_id = await _game(service, humans=1, ais=3)
    await service.start(game_id, 1)
    moves = await play_to_end(service, game_id, random.Random(1))
    info = await service.get_game(game_id)
    assert info.status == "finished" and 0 < moves < info.version
    assert await random_move(service, game_id, random.Random(1)) is None


async def test_a_searching_level_decides_off_the_event_loop_and_a_quick_one_on_it(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: dict[str, int] = {}

    def recording(level: str):
        def policy(kind, state, d, rng):
            threads[level] = threading.get_ident()
            return d.options[0].action
        return policy

    monkeypatch.setitem(POLICIES, "deep", searching(recording("deep")))
    monkeypatch.setitem(POLICIES, "quick", recording("quick"))
    game_id = await _game(service, ais=0)
    await service.add_ai(game_id, 1, level="deep", name="Deep")
    await service.add_ai(game_id, 1, level="quick", name="Quick")
    started = await service.start(game_id, 1)
    assert len(started.accepted) == 2
    assert threads["quick"] == threading.get_ident()
    assert threads["deep"] != threading.get_ident(), "a search must not stop other games' clicks"
    assert searches(POLICIES["strong"]) and not searches(POLICIES["greedy"])


async def test_a_policy_knows_each_seats_public_level(service: GameService,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple] = []

    def policy(kind, state, d, rng):
        seen.append(SEAT_LEVELS.get())
        return d.options[0].action

    monkeypatch.setitem(POLICIES, "watcher", policy)
    game_id = await _game(service, humans=2, ais=0)
    await service.add_ai(game_id, 1, level="watcher", name="Watcher")
    await service.add_ai(game_id, 1, level="greedy", name="Greedy")
    await service.start(game_id, 1)
    info = await service.get_game(game_id)
    expected = tuple(s.ai_level for s in sorted(info.seats, key=lambda s: s.seat))
    assert seen == [expected]
    assert sorted(level or "person" for level in expected) == [
        "greedy", "person", "person", "watcher"]
    assert SEAT_LEVELS.get() is None, "only while the policy decides"
