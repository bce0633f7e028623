"""After a restart: running games are listed and resumed exactly; finished ones feed the stats."""

from __future__ import annotations

import random

from engine import get_kind
from engine.core.record import replay
from engine.service import GameService
from engine.service.simulate import play_to_end, random_move


async def test_running_games_lists_only_running_ones(service: GameService, new_game) -> None:
    running = await new_game()
    await service.create_lobby(1, 1, 1, "P1")
    abandoned = await new_game()
    await service.abandon(abandoned.id, 1)
    finished = await new_game()
    await play_to_end(service, finished.id, random.Random(1))
    assert [g.id for g in await service.running_games()] == [running.id]
    assert [g.status for g in await service.open_lobbies()] == ["lobby"]


async def test_a_restarted_service_resumes_every_game_where_it_was(database, clock) -> None:
    states = {}
    async with await GameService.open(database, clock=clock, snapshot_every=8) as service:
        rng = random.Random(6)
        for channel in range(6):
            lobby = await service.create_lobby(1, channel, 1, "P1", seed=channel)
            for user in range(2, 3 + channel % 3):
                await service.join(lobby.id, user, f"P{user}")
            await service.add_ai(lobby.id, 1)
            await service.start(lobby.id, 1)
            for _ in range(channel * 7):
                await random_move(service, lobby.id, rng)
            states[lobby.id] = await service.state_json(lobby.id)
        deadlines = {g: await service.deadlines(g) for g in states}
    async with await GameService.open(database, clock=clock, snapshot_every=8) as service:
        resumed = await service.resume()
        assert sorted(g.id for g in resumed) == sorted(states)
        for game_id, state in states.items():
            assert await service.state_json(game_id) == state
            assert await service.deadlines(game_id) == deadlines[game_id]
        for game_id in states:
            await play_to_end(service, game_id, random.Random(game_id))
            record = await service.export_record(game_id)
            assert get_kind("esr").is_over(replay(record)[0])
        assert await service.running_games() == []


async def test_leaderboard_and_history_after_several_finished_games(service: GameService,
                                                                    new_game) -> None:
    kind = get_kind("esr")
    expected: dict[int, list[int]] = {}  # user -> [wins, games, money]
    for seed in range(5):
        game = await new_game(humans=3 + seed % 2, ais=1, seed=seed)
        await play_to_end(service, game.id, random.Random(seed))
        results = kind.results(replay(await service.export_record(game.id))[0])
        for standing in results.standings:
            seat = game.seats[standing.player]
            if seat.user_id is None:
                continue
            row = expected.setdefault(seat.user_id, [0, 0, 0])
            row[0] += standing.player in results.winners
            row[1] += 1
            row[2] += standing.score
    elsewhere = await new_game(guild=2)
    await play_to_end(service, elsewhere.id, random.Random(1))
    dropped = await new_game()
    await service.abandon(dropped.id, 1)
    board = await service.leaderboard(1)
    assert {r.user_id: [r.wins, r.games, r.money] for r in board} == expected
    assert [(r.wins, r.money) for r in board] == sorted(((r.wins, r.money) for r in board),
                                                        reverse=True)
    assert board[0].name.startswith("P")
    assert [r.user_id for r in await service.leaderboard(1, limit=2)] == [r.user_id
                                                                        for r in board[:2]]
    history = await service.history(1)
    assert [h.status for h in history] == ["abandoned", "finished", *["finished"] * 5]
    assert all(h.rank is not None and h.score is not None for h in history[1:])
    assert len(await service.history(1, guild_id=2)) == 1
    assert await service.history(4, guild_id=2) == []


async def test_the_service_opens_the_file_named_in_the_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("JUWELIER_DB", str(tmp_path / "from-env" / "bot.sqlite3"))
    async with await GameService.open() as service:
        await service.create_lobby(1, 1, 1, "P1")
    assert (tmp_path / "from-env" / "bot.sqlite3").exists()
