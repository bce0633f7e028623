"""Snapshots: every N actions the state is stored; snapshot + tail replay equals a full replay."""

from __future__ import annotations

import random

from engine import get_kind
from engine.core.record import replay
from engine.service import GameService
from engine.service.simulate import play_to_end, random_move
from engine.store import log
from engine.store.query import fetch_all

KIND = get_kind("esr")


async def snapshots(service: GameService, game_id: int) -> dict[int, str]:
    """Every stored snapshot of a game, by seq."""
    async with service.db.read() as conn:
        return {seq: state for seq, state in await fetch_all(
            conn, "SELECT seq, state FROM snapshots WHERE game_id = ?", (game_id,))}


async def test_snapshots_are_taken_every_n_actions_and_at_the_end(database, clock) -> None:
    async with await GameService.open(database, clock=clock, snapshot_every=5) as service:
        game = await service.create_lobby(1, 1, 1, "P1", seed=3)
        for user in (2, 3):
            await service.join(game.id, user, f"P{user}")
        await service.start(game.id, 1)
        rng = random.Random(4)
        for _ in range(23):
            await random_move(service, game.id, rng)
        assert sorted(await snapshots(service, game.id)) == [5, 10, 15, 20]
        await play_to_end(service, game.id, rng)
        final = (await service.get_game(game.id)).version
        assert max(await snapshots(service, game.id)) == final


async def test_each_snapshot_equals_the_replay_of_the_log_up_to_it(database, clock) -> None:
    async with await GameService.open(database, clock=clock, snapshot_every=7) as service:
        game = await service.create_lobby(1, 1, 1, "P1", seed=99)
        for user in (2, 3, 4):
            await service.join(game.id, user, f"P{user}")
        await service.add_ai(game.id, 1)
        await service.start(game.id, 1)
        await play_to_end(service, game.id, random.Random(8))
        record = await service.export_record(game.id)
        stored = await snapshots(service, game.id)
    assert len(stored) > 10
    for seq, state in stored.items():
        assert KIND.dump(replay(record, upto=seq)[0]) == state, seq


async def test_loading_from_snapshot_plus_tail_equals_a_full_replay(database, clock) -> None:
    async with await GameService.open(database, clock=clock, snapshot_every=6) as service:
        game = await service.create_lobby(1, 1, 1, "P1", seed=1234)
        for user in (2, 3, 4, 5):
            await service.join(game.id, user, f"P{user}")
        await service.start(game.id, 1)
    rng = random.Random(2)
    for target in (5, 6, 7, 13, 40, 41, 77):
        # A fresh service each time: the state must come from the file, not from a cache.
        async with await GameService.open(database, clock=clock, snapshot_every=6) as service:
            while (await service.get_game(game.id)).version < target:
                await random_move(service, game.id, rng)
        async with await GameService.open(database, clock=clock, snapshot_every=6) as service:
            async with service.db.read() as conn:
                latest = await log.latest_snapshot(conn, game.id, target)
            expected = target - target % 6
            assert (latest[0] if latest else 0) == expected  # no snapshot yet: setup + replay
            loaded = await service.state_json(game.id)
            full, _ = replay(await service.export_record(game.id))
        assert loaded == KIND.dump(full), target
