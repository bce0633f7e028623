"""Ratings through the service, on SQLite and PostgreSQL: who is rated, as what, and once."""

from __future__ import annotations

import asyncio
import random

import pytest

from engine import get_kind
from engine.core.errors import DataFileError
from engine.ratings import ai
from engine.ratings.ai import ai_ratings
from engine.ratings.model import Entrant, Rating, update
from engine.service import GameService
from engine.service.simulate import play_to_end
from engine.store import ratings as store
from engine.store.query import fetch_all
from tests.engine.service.conftest import FakeClock

pytestmark = pytest.mark.asyncio


async def emerald_game(service: GameService, humans: int, ais: int = 0, *, channel: int = 100,
                       level: str = "greedy", seed: int = 5, start: bool = True) -> int:
    """An Emerald game of user ids 1..humans (named P1..) and AI seats, started."""
    info = await service.create_lobby(1, channel, 1, "P1", kind="emerald", seed=seed)
    for user in range(2, humans + 1):
        await service.join(info.id, user, f"P{user}")
    for _ in range(ais):
        await service.add_ai(info.id, 1, level)
    if start:
        await service.start(info.id, 1)
    return info.id


async def ratings_of(service: GameService, game_id: int) -> dict[int, tuple[float, float]]:
    """Each person's (mu before, mu after) in a game, by user id."""
    return {c.user_id: (c.before.mu, c.after.mu) for c in await service.rating_changes(game_id)}


async def seat_places(service: GameService, game_id: int) -> dict[int, int]:
    """Each seat's finishing place."""
    async with service.db.read() as conn:
        rows = await fetch_all(conn, "SELECT seat, rank FROM results WHERE game_id = ?",
                               (game_id,))
    return {int(seat): int(rank) for seat, rank in rows}


async def places(service: GameService, game_id: int) -> dict[int, int]:
    """Each person's finishing place, by user id."""
    info = await service.get_game(game_id)
    results = await seat_places(service, game_id)
    return {s.user_id: results[s.seat] for s in info.seats if s.user_id is not None}


async def test_a_finished_game_of_two_people_rates_both_the_winner_up(service):
    game = await emerald_game(service, 2)
    await play_to_end(service, game, random.Random(3))
    changes = await ratings_of(service, game)
    place = await places(service, game)
    assert set(changes) == {1, 2}
    winner, loser = sorted(changes, key=place.__getitem__)
    assert place[winner] < place[loser]
    assert changes[winner][1] > changes[winner][0] == 25.0
    assert changes[loser][1] < changes[loser][0] == 25.0


async def test_playing_alone_against_ai_seats_is_never_rated(service):
    for channel, level in ((100, "random"), (101, "greedy")):
        game = await emerald_game(service, 1, 2, channel=channel, level=level)
        await play_to_end(service, game, random.Random(channel))
        assert (await service.get_game(game)).status == "finished"
        assert await service.rating_changes(game) == []
    async with service.db.read() as conn:
        assert await store.current(conn, 1, "emerald", [1]) == {}


async def test_ai_seats_play_with_their_levels_measured_rating_and_stay_unchanged(service):
    game = await emerald_game(service, 2, 1, level="greedy")
    await play_to_end(service, game, random.Random(8))
    info = await service.get_game(game)
    results = await seat_places(service, game)
    entrants = [Entrant(seat=s.seat, place=results[s.seat], user_id=s.user_id, level=s.ai_level)
                for s in sorted(info.seats, key=lambda s: s.seat)]
    expected = {c.user_id: c.after.mu for c in update(entrants, {}, ai_ratings("emerald"))}
    assert {u: after for u, (_, after) in (await ratings_of(service, game)).items()} == expected
    # The same table against a random AI instead moves the ratings differently.
    weaker = update(entrants, {}, {"greedy": ai_ratings("emerald")["random"]})
    assert {c.user_id: c.after.mu for c in weaker} != expected


async def test_a_person_who_left_rates_last_whatever_the_autopilot_reached(service):
    game = await emerald_game(service, 2)
    await service.set_autopilot(game, 2, True)
    await play_to_end(service, game, random.Random(4))
    changes = await ratings_of(service, game)
    assert changes[2][1] < 25.0 < changes[1][1]  # the leaver lost, the one who stayed won


async def test_abandoning_a_started_game_is_a_loss_for_the_host_alone(service):
    game = await emerald_game(service, 3)
    decision = (await service.pending(game))[0]
    await service.submit(game, 1, decision.options[0].action, decision.key)
    await service.abandon(game, 1)
    changes = await ratings_of(service, game)
    assert set(changes) == {1} and changes[1][1] < 25.0
    async with service.db.read() as conn:
        assert set(await store.current(conn, 1, "emerald", [1, 2, 3])) == {1}


async def test_an_abandoned_game_without_a_move_or_by_an_admin_rates_nobody(service):
    first = await emerald_game(service, 2, channel=100)
    await service.abandon(first, 1)
    second = await emerald_game(service, 2, channel=101)
    decision = (await service.pending(second))[0]
    await service.submit(second, 1, decision.options[0].action, decision.key)
    await service.abandon(second, 99, is_admin=True)
    assert await service.rating_changes(first) == await service.rating_changes(second) == []


async def test_games_that_ended_before_ratings_are_rated_once_in_the_order_they_ended(
        database, clock: FakeClock):
    async with await GameService.open(database, clock=clock) as service:
        games = []
        for channel, seed in ((100, 5), (101, 6), (102, 7)):
            games.append(await emerald_game(service, 2, channel=channel, seed=seed))
        # Finished out of their start order: 2, then 0, then 1.
        for index in (2, 0, 1):
            clock.advance(60)
            await play_to_end(service, games[index], random.Random(index))
        rated = [await ratings_of(service, g) for g in games]
        async with service.db.transaction() as conn:  # as a database from before ratings
            for table in ("rating_changes", "rated_games", "ratings"):
                await conn.execute(f"DELETE FROM {table}")
    async with await GameService.open(database, clock=clock) as service:
        await service.resume()
        assert [await ratings_of(service, g) for g in games] == rated
        assert await service.rate_backlog() == 0  # nothing rated twice
        async with service.db.read() as conn:
            now = await store.current(conn, 1, "emerald", [1, 2])
    assert {user: rating.games for user, rating in now.items()} == {1: 3, 2: 3}
    last = rated[1]  # game 1 ended last: its "after" is the current rating
    assert {user: round(r.mu, 9) for user, r in now.items()} == \
        {user: round(after, 9) for user, (_, after) in last.items()}
    assert all(isinstance(r, Rating) for r in now.values())


async def test_the_board_ranks_by_shown_rating_and_a_profile_sums_up_the_games(service):
    games = []
    for channel in (100, 101):
        games.append(await emerald_game(service, 2, channel=channel, seed=channel))
        await play_to_end(service, games[-1], random.Random(channel))
    board = await service.rating_board(1, "emerald")
    assert [m.rating.shown for m in board] == sorted((m.rating.shown for m in board),
                                                     reverse=True)
    assert {m.user_id for m in board} == {1, 2} and {m.name for m in board} == {"P1", "P2"}
    assert await service.rated_kinds(1) == ["emerald"] and await service.rated_kinds(2) == []
    (ann,) = await service.profile(1, 1)
    mine = [await places(service, g) for g in games]
    assert ann.kind == "emerald" and ann.games == 2
    assert ann.wins == sum(p[1] == 1 for p in mine)
    assert ann.average_place == sum(p[1] for p in mine) / 2
    assert [g.game_id for g in ann.recent] == games[::-1]
    assert [g.change.after for g in ann.recent] == [r for r in reversed(ann.trend)]
    assert ann.rating == ann.trend[-1] and ann.rating.games == 2
    assert ann.recent[0].players == 2
    assert await service.profile(1, 3) == []  # never played here


async def test_a_game_whose_ai_ratings_cannot_be_read_ends_and_is_rated_on_the_next_start(
        database, clock: FakeClock, monkeypatch, caplog):
    def unreadable(game: str) -> dict:
        raise DataFileError(f"data/{game}/ai_ratings.json: missing")

    async with await GameService.open(database, clock=clock) as service:
        game = await emerald_game(service, 2, 1)
        with monkeypatch.context() as patch:
            patch.setattr(ai, "ai_ratings", unreadable)
            await play_to_end(service, game, random.Random(2))
        assert (await service.get_game(game)).status == "finished"
        assert await service.rating_changes(game) == []
        assert "not rated for now" in caplog.text
    async with await GameService.open(database, clock=clock) as service:
        await service.resume()
        assert set(await ratings_of(service, game)) == {1, 2}


async def test_the_backlog_runs_on_the_first_resume_of_a_process_only(service, monkeypatch):
    # resume runs again when a process takes over a shard; the backlog holds every write.
    passes = []
    original = type(service).rate_backlog

    async def counted(self):  # type: ignore[no-untyped-def]
        passes.append(1)
        return await original(self)

    monkeypatch.setattr(type(service), "rate_backlog", counted)
    service.backlog_rated = False
    await service.resume()
    await service.resume()
    assert passes == [1]


async def last_move(service: GameService, game_id: int, rng: random.Random):
    """Play random moves until the next one would end the game; that move, not submitted."""
    kind = get_kind((await service.get_game(game_id)).kind)
    while True:
        info = await service.get_game(game_id)
        owing = {d.player for d in await service.pending(game_id)}
        seat = next(s for s in info.seats if s.seat in owing)
        decision, action = await service.suggest(game_id, seat.user_id, rng)
        after, _ = kind.advance(kind.load(await service.state_json(game_id)), seat.seat,
                                action, quiet=True)
        if kind.is_over(after):
            return seat.user_id, action, decision.key
        await service.submit(game_id, seat.user_id, action, decision.key)


async def test_two_games_of_the_same_people_ending_at_once_chain_their_rating_changes(
        service, database, clock):
    # Two processes end a game each of the same two members at the same moment: each game's
    # change must start from the other's result, or one of the two would be lost.
    games = [await emerald_game(service, 2, channel=channel, seed=seed)
             for channel, seed in ((100, 5), (101, 6))]
    last = [await last_move(service, game, random.Random(game)) for game in games]
    async with await GameService.open(database, clock=clock) as other:
        results = await asyncio.gather(*(svc.submit(game, *move)
                                         for svc, game, move in zip((service, other), games,
                                                                    last, strict=True)))
    assert [result.status for result in results] == ["finished"] * 2
    changes = [{c.user_id: c for c in await service.rating_changes(g)} for g in games]
    async with service.db.read() as conn:
        now = await store.current(conn, 1, "emerald", [1, 2])
    for user in (1, 2):
        first, second = sorted((c[user] for c in changes), key=lambda c: c.before.games)
        assert first.before == Rating()
        assert second.before == first.after
        assert now[user].mu == second.after.mu and now[user].games == 2
