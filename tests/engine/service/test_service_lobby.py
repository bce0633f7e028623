"""Lobbies: lifecycle, one per channel, the ESR-2 seat shuffle, and refusals that write nothing."""

from __future__ import annotations

import pytest

from engine.core.errors import EngineError, UnknownGame
from engine.core.rng import shuffled_seats
from engine.service import (
    AlreadySeated,
    AlreadyStarted,
    BadSettings,
    ChannelBusy,
    GameNotFound,
    GameNotRunning,
    GameService,
    LobbyFull,
    NoSuchSeat,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    UnknownAiLevel,
)
from engine.service.outbox import NOTHING_TOLD


async def test_lobby_lifecycle_from_create_to_start(service: GameService) -> None:
    lobby = await service.create_lobby(1, 10, 111, "Anna", max_players=4)
    assert lobby.status == "lobby" and lobby.host_id == 111
    assert [(s.slot, s.user_id, s.name, s.seat) for s in lobby.seats] == [(0, 111, "Anna", None)]
    await service.join(lobby.id, 222, "Ben")
    # Ids are opaque: on SQLite text works too (a terminal's); PostgreSQL keeps Discord's ints.
    cleo = "cli-user" if service.db.dialect == "sqlite" else 333
    await service.join(lobby.id, cleo, "Cleo")
    lobby = await service.leave(lobby.id, 222)
    assert [s.name for s in lobby.seats] == ["Anna", "Cleo"]
    lobby = await service.add_ai(lobby.id, 111)
    lobby = await service.add_ai(lobby.id, 111, name="Robo")
    lobby = await service.remove_ai(lobby.id, 111)
    assert [(s.name, s.is_ai) for s in lobby.seats] == [("Anna", False), ("Cleo", False),
                                                         ("AI 1", True)]
    assert (await service.game_in_channel(1, 10)).id == lobby.id
    await service.start(lobby.id, 111)
    game = await service.get_game(lobby.id)
    assert game.status == "running" and game.started_at is not None
    assert sorted(s.seat for s in game.seats) == [0, 1, 2]
    assert game.seat_of(cleo).name == "Cleo"
    assert [g.id for g in await service.running_games()] == [game.id]
    assert await service.pending(game.id)  # the humans owe their action choice


async def test_seats_are_shuffled_from_the_seed_per_esr_2(service: GameService) -> None:
    lobby = await service.create_lobby(1, 10, 1, "P1", seed=4242)
    for user in range(2, 6):
        await service.join(lobby.id, user, f"P{user}")
    await service.start(lobby.id, 1)
    game = await service.get_game(lobby.id)
    expected = shuffled_seats(4242, [0, 1, 2, 3, 4])
    assert [s.slot for s in game.seats] == expected
    assert [s.seat for s in game.seats] == [0, 1, 2, 3, 4]


async def test_one_open_lobby_or_running_game_per_channel(service: GameService, dump) -> None:
    first = await service.create_lobby(1, 10, 1, "P1")
    before = dump()
    with pytest.raises(ChannelBusy, match="open lobby"):
        await service.create_lobby(1, 10, 2, "P2")
    assert dump() == before
    await service.create_lobby(1, 11, 2, "P2")  # another channel
    await service.create_lobby(2, 10, 3, "P3")  # same channel id, another guild
    for user in (4, 5):
        await service.join(first.id, user, f"P{user}")
    await service.start(first.id, 1)
    with pytest.raises(ChannelBusy, match="game in progress"):
        await service.create_lobby(1, 10, 6, "P6")
    await service.abandon(first.id, 1)
    again = await service.create_lobby(1, 10, 6, "P6")  # the channel is free again
    assert again.id != first.id


async def test_the_last_human_leaving_closes_the_lobby(service: GameService) -> None:
    lobby = await service.create_lobby(1, 10, 1, "P1")
    await service.add_ai(lobby.id, 1)
    closed = await service.leave(lobby.id, 1)
    assert closed.status == "abandoned"
    assert await service.game_in_channel(1, 10) is None


async def test_the_host_role_passes_on_when_the_host_leaves(service: GameService) -> None:
    lobby = await service.create_lobby(1, 10, 1, "P1")
    await service.join(lobby.id, 2, "P2")
    lobby = await service.leave(lobby.id, 1)
    assert lobby.host_id == 2 and lobby.status == "lobby"
    with pytest.raises(NotHost):
        await service.add_ai(lobby.id, 1)
    await service.add_ai(lobby.id, 2)


async def test_abandon_needs_the_host_or_an_admin(service: GameService, new_game) -> None:
    game = await new_game()
    with pytest.raises(NotHost):
        await service.abandon(game.id, 2)
    ended = await service.abandon(game.id, 2, is_admin=True)
    assert ended.status == "abandoned" and ended.finished_at is not None
    assert await service.running_games() == []
    with pytest.raises(GameNotRunning, match="abandoned"):
        await service.abandon(game.id, 1)
    decision = (await service.get_view(game.id, 1)).decision
    with pytest.raises(GameNotRunning):
        await service.submit(game.id, 1, decision.options[0].action, decision.key)


async def _refusals(service: GameService, new_game) -> list:
    """(call, expected error) pairs, each on a fresh situation."""
    full = await service.create_lobby(1, 20, 1, "P1", max_players=3)
    await service.join(full.id, 2, "P2")
    await service.add_ai(full.id, 1)
    small = await service.create_lobby(1, 21, 1, "P1")
    await service.join(small.id, 2, "P2")
    started = await new_game()
    return [
        (lambda: service.join(full.id, 9, "P9"), LobbyFull),
        (lambda: service.add_ai(full.id, 1), LobbyFull),
        (lambda: service.join(small.id, 2, "P2"), AlreadySeated),
        (lambda: service.join(started.id, 9, "P9"), AlreadyStarted),
        (lambda: service.leave(started.id, 1), AlreadyStarted),
        (lambda: service.start(started.id, 1), AlreadyStarted),
        (lambda: service.start(small.id, 1), NotEnoughPlayers),
        (lambda: service.start(full.id, 2), NotHost),
        (lambda: service.remove_ai(small.id, 1), NoSuchSeat),
        (lambda: service.leave(small.id, 9), NotSeated),
        (lambda: service.join(999, 9, "P9"), GameNotFound),
        (lambda: service.add_ai(small.id, 1, level="genius"), UnknownAiLevel),
        (lambda: service.create_lobby(1, 22, 1, "P1", kind="chess"), UnknownGame),
        (lambda: service.create_lobby(1, 22, 1, "P1", settings={"x": 1}), BadSettings),
        (lambda: service.create_lobby(1, 22, 1, "P1", max_players=9), BadSettings),
        (lambda: service.create_lobby(1, 22, 1, "P1", deadlines={"negotiate": -5}), BadSettings),
        (lambda: service.set_message(999, "table", 1, 2), GameNotFound),
    ]


async def test_each_refusal_is_typed_explained_and_writes_nothing(service: GameService, new_game,
                                                                  dump) -> None:
    for call, error in await _refusals(service, new_game):
        before = dump()
        with pytest.raises(error) as caught:
            await call()
        assert isinstance(caught.value, EngineError) and caught.value.message
        assert dump() == before, error.__name__


async def test_not_enough_players_says_how_many(service: GameService) -> None:
    lobby = await service.create_lobby(1, 10, 1, "P1")
    with pytest.raises(NotEnoughPlayers, match="at least 3 players to start; there are 1"):
        await service.start(lobby.id, 1)


async def test_messages_are_remembered_replaced_and_forgotten(service: GameService,
                                                              new_game) -> None:
    game = await new_game()
    await service.set_message(game.id, "table", 10, 1000)
    await service.set_message(game.id, "thread:negotiation", 11, 1100)
    await service.set_message(game.id, "table", 10, 2000)
    found = await service.get_messages(game.id)
    # "told": the start's own mark that nothing has been told yet (engine/service/outbox.py)
    assert {n: (m.channel_id, m.message_id) for n, m in found.items()} == {
        "table": (10, 2000), "thread:negotiation": (11, 1100), "told": (0, NOTHING_TOLD)}
    await service.forget_message(game.id, "thread:negotiation")
    assert sorted(await service.get_messages(game.id)) == ["table", "told"]
