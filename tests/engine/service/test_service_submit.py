"""Submitting moves: accepted ones are committed and reload exactly; refused ones write nothing."""

from __future__ import annotations

import random
import sqlite3

import pytest

from engine import get_kind
from engine.core.errors import IllegalAction
from engine.core.record import replay
from engine.service import (
    DuplicateAction,
    GameNotFound,
    GameNotRunning,
    GameService,
    NotSeated,
    StaleDecision,
    WrongTurn,
)
from engine.service.simulate import play_to_end, random_move
from engine.store import log


async def play_until(service: GameService, game_id: int, rng: random.Random, done) -> None:
    """Random moves until `done(pending decisions)` holds."""
    for _ in range(2000):
        if done(await service.pending(game_id)):
            return
        assert await random_move(service, game_id, rng) is not None
    raise AssertionError("condition never reached")


async def test_an_accepted_move_is_logged_with_its_seat_and_version(service: GameService,
                                                                    new_game) -> None:
    game = await new_game()
    view = await service.get_view(game.id, 2)
    assert view.version == 0 and view.decision.kind == "esr.choose_action"
    option = view.decision.options[0]
    result = await service.submit(game.id, 2, option.action, view.decision.key)
    assert result.version == 1 and result.status == "running"
    assert [(a.seq, a.seat, a.by) for a in result.accepted] == [(1, view.seat, "player")]
    assert [e.type for e in result.events] == ["action_chosen"]
    [row] = await service.action_log(game.id)
    assert (row.seq, row.seat, row.action, row.by, row.decision_key) == (
        1, view.seat, option.action, "player", view.decision.key)
    assert (await service.get_game(game.id)).version == 1


async def test_state_reloaded_from_the_file_equals_the_live_state(service: GameService, new_game,
                                                                  database, clock) -> None:
    game = await new_game(humans=4)
    rng = random.Random(3)
    for moves in (0, 1, 2, 7, 8, 9, 30, 31):
        while (await service.get_game(game.id)).version < moves:
            await random_move(service, game.id, rng)
        fresh = await GameService.open(database, clock=clock, snapshot_every=8)
        try:
            assert await fresh.state_json(game.id) == await service.state_json(game.id)
            assert await fresh.pending(game.id) == await service.pending(game.id)
            assert await fresh.get_view(game.id, 3) == await service.get_view(game.id, 3)
        finally:
            await fresh.close()


async def test_a_stale_prompt_is_refused_and_nothing_is_written(service: GameService, new_game,
                                                                dump) -> None:
    game = await new_game()
    rng = random.Random(5)
    old = (await service.get_view(game.id, 1)).decision
    await play_until(service, game.id, rng, lambda p: p and p[0].key != old.key)
    before = dump()
    with pytest.raises(StaleDecision, match="no longer current"):
        await service.submit(game.id, 1, old.options[0].action, old.key)
    with pytest.raises(StaleDecision):
        await service.submit(game.id, 1, old.options[0].action, "made-up-key")
    assert dump() == before


async def test_resending_the_same_choice_is_refused_but_changing_it_is_allowed(
        service: GameService, new_game, dump) -> None:
    game = await new_game()
    decision = (await service.get_view(game.id, 1)).decision
    money, gems = decision.options[0], decision.options[2]
    await service.submit(game.id, 1, money.action, decision.key)
    before = dump()
    with pytest.raises(DuplicateAction, match="You already chose Money"):
        await service.submit(game.id, 1, money.action, decision.key)
    assert dump() == before
    changed = await service.submit(game.id, 1, gems.action, decision.key)
    assert changed.version == 2
    assert (await service.get_view(game.id, 1)).decision.current == gems.action


async def test_someone_elses_live_prompt_is_a_wrong_turn(service: GameService, new_game,
                                                          dump) -> None:
    game = await new_game()
    await play_until(service, game.id, random.Random(1),
                     lambda p: len(p) == 1 and p[0].kind != "esr.choose_action")
    [decision] = await service.pending(game.id)
    info = await service.get_game(game.id)
    other = next(s for s in info.seats if s.seat != decision.player)
    owner = next(s for s in info.seats if s.seat == decision.player)
    before = dump()
    with pytest.raises(WrongTurn, match=f"waiting for {owner.name}"):
        await service.submit(game.id, other.user_id, decision.options[0].action, decision.key)
    assert dump() == before


async def test_bad_requests_are_typed_and_write_nothing(service: GameService, new_game,
                                                        dump) -> None:
    game = await new_game()
    lobby = await service.create_lobby(1, 1, 1, "P1")
    decision = (await service.get_view(game.id, 1)).decision
    before = dump()
    cases = [
        (999, 1, decision.options[0].action, decision.key, GameNotFound),
        (lobby.id, 1, decision.options[0].action, decision.key, GameNotRunning),
        (game.id, 99, decision.options[0].action, decision.key, NotSeated),
        (game.id, 1, {"type": "choose", "card": "nonsense"}, decision.key, IllegalAction),
        (game.id, 1, {"type": "accept"}, decision.key, IllegalAction),
        (game.id, 1, ["choose", "money"], decision.key, IllegalAction),
        (game.id, 1, {"type": "choose", "card": object()}, decision.key, IllegalAction),
    ]
    for game_id, user, action, key, error in cases:
        with pytest.raises(error) as caught:
            await service.submit(game_id, user, action, key)
        assert caught.value.message
    assert dump() == before
    assert (await service.get_view(game.id, 1)).decision == decision


async def test_a_failed_commit_leaves_the_game_as_it_was(service: GameService, new_game, dump,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    game = await new_game()
    decision = (await service.get_view(game.id, 1)).decision
    state, before = await service.state_json(game.id), dump()

    async def broken_disk(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    # The action row is already inserted when the game row update fails: all must roll back.
    monkeypatch.setattr(log, "advance_game", broken_disk)
    with pytest.raises(sqlite3.OperationalError):
        await service.submit(game.id, 1, decision.options[0].action, decision.key)
    monkeypatch.undo()
    assert dump() == before
    assert await service.state_json(game.id) == state
    result = await service.submit(game.id, 1, decision.options[0].action, decision.key)
    assert result.version == 1


async def test_a_finished_game_has_results_and_accepts_no_more_moves(service: GameService,
                                                                     new_game) -> None:
    game = await new_game(humans=3)
    await play_to_end(service, game.id, random.Random(11))
    info = await service.get_game(game.id)
    assert info.status == "finished" and info.finished_at is not None and info.tiebreak
    view = await service.get_view(game.id, 1)
    assert view.status == "finished" and view.decision is None
    assert await service.pending(game.id) == []
    assert await service.running_games() == []
    record = await service.export_record(game.id)
    final, _ = replay(record)
    kind = get_kind("esr")
    assert kind.is_over(final)
    assert kind.dump(final) == await service.state_json(game.id)
    winners = {r.user_id for r in await service.leaderboard(1) if r.wins}
    assert winners == {info.seats[w].user_id for w in kind.results(final).winners}
    with pytest.raises(GameNotRunning, match="over"):
        await service.submit(game.id, 1, {"type": "accept"}, "any")
