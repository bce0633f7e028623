"""Several processes on one database: each acts only for the games on its shards, a lapsed
lease is taken over, and a process that lost its lease writes nothing (the fence)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine.service import GameService
from engine.store.leases import LeaseLost, shard_of
from tests.engine.service.conftest import FakeClock

SHARDS = 2
GUILD_0, GUILD_1 = 5, (1 << 22) + 5  # on shards 0 and 1 by Discord's formula
TIMER = {"choose_action": 60.0}


@pytest.fixture
async def second(database: Path | str, clock: FakeClock) -> AsyncIterator[GameService]:
    """A second bot process on the same database."""
    other = await GameService.open(database, clock=clock)
    yield other
    await other.close()


async def _game(service: GameService, guild: int, channel: int) -> int:
    lobby = await service.create_lobby(guild, channel, 1, "P1", seed=3, deadlines=TIMER)
    await service.join(lobby.id, 2, "P2")
    await service.join(lobby.id, 3, "P3")
    await service.start(lobby.id, 1)
    return lobby.id


def test_guilds_fall_on_the_shards_discord_says() -> None:
    assert (shard_of(GUILD_0, SHARDS), shard_of(GUILD_1, SHARDS)) == (0, 1)


async def test_each_process_acts_only_for_the_games_on_its_own_shards(
        service: GameService, second: GameService, clock: FakeClock) -> None:
    service.use_shards([0], SHARDS)
    second.use_shards([1], SHARDS)
    assert (await service.renew_shards()).gained == {0}
    assert (await second.renew_shards()).gained == {1}
    mine, theirs = await _game(service, GUILD_0, 10), await _game(second, GUILD_1, 11)
    with pytest.raises(LeaseLost):
        await service.create_lobby(GUILD_1, 12, 1, "P1")
    clock.advance(61)
    assert {o.game_id for o in await service.overdue()} == {mine}
    assert {o.game_id for o in await second.overdue()} == {theirs}
    assert [g.id for g in await service.running_games()] == [mine]
    assert service.owns(GUILD_0) and not service.owns(GUILD_1)


async def test_a_second_process_started_on_a_held_shard_waits_and_writes_nothing(
        service: GameService, second: GameService, dump) -> None:
    service.use_shards([0], SHARDS)
    await service.renew_shards()
    game = await _game(service, GUILD_0, 10)
    second.use_shards([0], SHARDS)
    assert (await second.renew_shards()).gained == set()
    assert await second.resume() == []
    [decision, *_] = await service.pending(game)
    user = (await service.get_game(game)).seats[decision.player].user_id
    before = dump()
    with pytest.raises(LeaseLost):
        await second.submit(game, user, decision.options[0].action, decision.key)
    assert dump() == before


async def test_a_lapsed_lease_is_taken_over_and_the_old_owner_is_fenced_off(
        service: GameService, second: GameService, clock: FakeClock, dump) -> None:
    service.use_shards([0], SHARDS, lease_seconds=20)
    await service.renew_shards()
    game = await _game(service, GUILD_0, 10)
    second.use_shards([0], SHARDS, lease_seconds=20)
    clock.advance(10)
    assert (await service.renew_shards()).gained == set()  # renewed: held until +30
    clock.advance(15)
    assert (await second.renew_shards()).gained == set()  # not lapsed yet
    clock.advance(10)  # the first process stopped renewing (paused, cut off): it lapsed
    assert (await second.renew_shards()).gained == {0}
    assert [g.id for g in await second.resume()] == [game]
    [decision, *_] = await second.pending(game)
    user = (await second.get_game(game)).seats[decision.player].user_id
    before = dump()
    with pytest.raises(LeaseLost):  # the old owner wakes up, its cache still says it may
        await service.submit(game, user, decision.options[0].action, decision.key)
    assert dump() == before
    await second.submit(game, user, decision.options[0].action, decision.key)
    assert (await service.renew_shards()).lost == {0}
    assert await service.overdue(clock.now + 999) == []


async def test_a_clean_shutdown_hands_its_shards_over_at_once(
        service: GameService, second: GameService) -> None:
    service.use_shards([0, 1], SHARDS)
    await service.renew_shards()
    second.use_shards([1], SHARDS)
    assert (await second.renew_shards()).gained == set()
    await service.release_shards()
    assert (await second.renew_shards()).gained == {1}


def test_shards_outside_the_count_are_refused(service: GameService) -> None:
    with pytest.raises(ValueError):
        service.use_shards([2], SHARDS)
