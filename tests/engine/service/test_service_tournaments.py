"""Tournaments through the service on both stores: sign-up, rounds opened and advanced,
steps repeated after a crash, drops, round robin byes and cancelling."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from engine.service import GameService
from engine.service.tournament_errors import TournamentError

CHANNEL = 500


async def signed_up(service: GameService, players: int, **options) -> int:
    """A tournament in sign-up with members 1..players (P1..Pn); its id."""
    options = {"kind": "emerald", "format": "swiss", "rounds": 3, "table_size": 4,
               "seed": 11} | options
    info = await service.create_tournament(1, CHANNEL, 99, **options)
    for user in range(1, players + 1):
        await service.join_tournament(info.id, user, f"P{user}")
    return info.id


async def play_round(service: GameService, tournament_id: int, *, drop: int | None = None
                     ) -> list:
    """Open every table of the current round and let the autopilot finish each game."""
    info = await service.tournament(tournament_id)
    tables = await service.tournament_tables(tournament_id, info.round)
    for table in tables:
        if table.is_bye:
            continue
        await service.set_table_thread(tournament_id, table.round, table.table_no,
                                       10_000 + 10 * table.round + table.table_no)
        await service.open_table(tournament_id, table.round, table.table_no)
    for table in await service.tournament_tables(tournament_id, info.round):
        for user in table.people:
            if table.game_id is not None and user != drop:
                await service.set_autopilot(table.game_id, user, True)
    return tables


async def test_a_swiss_tournament_of_twelve_in_fours_runs_three_rounds_to_the_end(
        service: GameService) -> None:
    tid = await signed_up(service, 12)
    info = await service.start_tournament(tid)
    assert (info.status, info.round) == ("running", 1)
    seen: Counter = Counter()
    for number in (1, 2, 3):
        tables = await play_round(service, tid)
        seated = [u for t in tables for u in t.people]
        assert sorted(seated) == list(range(1, 13))  # everyone once per round
        for table in tables:
            seen.update(itertools.combinations(sorted(table.people), 2))
        info = await service.advance_tournament(tid)
        assert info.round == (number + 1 if number < 3 else 3)
    assert info.status == "finished"
    lines = await service.tournament_standings(tid)
    assert [s.rank for s in lines] == sorted(s.rank for s in lines)
    assert sum(s.played for s in lines) == 36
    assert max(seen.values()) <= 2
    # Tournament games are ordinary games: rated on the server like any other.
    assert len({t.game_id for t in await service.tournament_tables(tid)}) == 9


async def test_steps_repeated_after_a_crash_change_nothing(service: GameService) -> None:
    tid = await signed_up(service, 8)
    await service.start_tournament(tid)
    first = await service.tournament_tables(tid, 1)
    # Start again, open a table twice, advance twice: one round, one game per table.
    with pytest.raises(TournamentError):
        await service.start_tournament(tid)
    await play_round(service, tid)
    game_ids = [t.game_id for t in await service.tournament_tables(tid, 1)]
    for table in first:
        assert await service.open_table(tid, 1, table.table_no) is None
    assert [t.game_id for t in await service.tournament_tables(tid, 1)] == game_ids
    await service.advance_tournament(tid)
    again = await service.advance_tournament(tid)
    assert again.round == 2
    assert len(await service.tournament_tables(tid, 2)) == 2
    assert [t.seats for t in await service.tournament_tables(tid, 1)] == [t.seats for t in first]


async def test_a_round_waits_for_its_last_table(service: GameService) -> None:
    tid = await signed_up(service, 8)
    await service.start_tournament(tid)
    tables = await service.tournament_tables(tid, 1)
    for table in tables:
        await service.set_table_thread(tid, 1, table.table_no, 20_000 + table.table_no)
        await service.open_table(tid, 1, table.table_no)
    table = (await service.tournament_tables(tid, 1))[0]
    for user in table.people:
        await service.set_autopilot(table.game_id, user, True)
    info = await service.advance_tournament(tid)
    assert info.round == 1
    done = await service.tournament_tables(tid, 1)
    assert done[0].result is not None and done[1].result is None


async def test_a_drop_forfeits_the_rest_and_the_others_go_on(service: GameService) -> None:
    tid = await signed_up(service, 6, table_size=3)
    await service.start_tournament(tid)
    await play_round(service, tid, drop=2)
    info, _ = await service.drop_from_tournament(tid, 2)
    assert info.entrant(2).dropped == 1
    table = next(t for t in await service.tournament_tables(tid, 1) if 2 in t.seats)
    game = await service.get_game(table.game_id)
    assert game.seat_of(2).autopilot or game.status == "finished"
    info = await service.advance_tournament(tid)
    assert info.round == 2
    later = await service.tournament_tables(tid, 2)
    assert 2 not in [u for t in later for u in t.people]
    assert sorted(sum(1 for s in t.seats if s is None) for t in later) == [0, 1]
    line = next(s for s in await service.tournament_standings(tid) if s.user_id == 2)
    assert (line.points, line.dropped) == (0.0, True)
    with pytest.raises(TournamentError):
        await service.drop_from_tournament(tid, 2)


async def test_a_round_robin_of_five_gives_each_a_bye_and_ends_after_five_rounds(
        service: GameService) -> None:
    tid = await signed_up(service, 5, format="round_robin", table_size=2)
    info = await service.start_tournament(tid)
    assert info.rounds == 5
    met: Counter = Counter()
    byes = []
    while info.status == "running":
        tables = await play_round(service, tid)
        byes += [t.people[0] for t in tables if t.is_bye]
        met.update(tuple(sorted(t.people)) for t in tables if not t.is_bye)
        info = await service.advance_tournament(tid)
    assert sorted(byes) == [1, 2, 3, 4, 5]
    assert set(met) == set(itertools.combinations(range(1, 6), 2))
    lines = await service.tournament_standings(tid)
    assert sum(s.played for s in lines) == 25  # 4 games and a bye each


async def test_an_odd_count_fills_tables_with_ai_seats_that_score_nothing(
        service: GameService) -> None:
    tid = await signed_up(service, 7)
    await service.start_tournament(tid)
    tables = await play_round(service, tid)
    assert sorted(sum(1 for s in t.seats if s is None) for t in tables) == [0, 1]
    await service.advance_tournament(tid)
    lines = await service.tournament_standings(tid, through=1)
    # A table of four seats earns 6 points in all; the AI's share goes to nobody.
    assert sum(s.points for s in lines) < 12


async def test_sign_up_refuses_what_does_not_fit(service: GameService) -> None:
    tid = await signed_up(service, 1)
    with pytest.raises(TournamentError):
        await service.join_tournament(tid, 1, "P1")
    with pytest.raises(TournamentError):
        await service.leave_tournament(tid, 7)
    with pytest.raises(TournamentError):
        await service.start_tournament(tid)  # one member is no tournament
    with pytest.raises(TournamentError):
        await service.create_tournament(1, CHANNEL, 99, kind="emerald", format="swiss",
                                        rounds=3, table_size=4)  # the channel has one
    with pytest.raises(TournamentError):
        await service.create_tournament(1, CHANNEL + 1, 99, kind="gke", format="swiss",
                                        rounds=3, table_size=6)
    info = await service.leave_tournament(tid, 1)
    assert info.entrants == []


async def test_cancel_ends_the_tournament_and_names_its_open_games(
        service: GameService) -> None:
    tid = await signed_up(service, 8)
    await service.start_tournament(tid)
    tables = await service.tournament_tables(tid, 1)
    for table in tables:
        await service.set_table_thread(tid, 1, table.table_no, 30_000 + table.table_no)
        await service.open_table(tid, 1, table.table_no)
    info, open_games = await service.cancel_tournament(tid)
    assert info.status == "cancelled"
    assert open_games == sorted(t.game_id for t in await service.tournament_tables(tid, 1))
    assert await service.tournament_in_channel(1, CHANNEL) is None


async def test_a_league_pairs_its_next_round_only_when_it_is_due(service: GameService,
                                                                 clock) -> None:
    tid = await signed_up(service, 4, table_size=2, every=86_400.0, rounds=2)
    await service.start_tournament(tid)
    await play_round(service, tid)
    assert (await service.advance_tournament(tid)).round == 1
    assert await service.next_round_due() == pytest.approx(clock.now + 86_400.0)
    clock.advance(86_400.0)
    assert (await service.advance_tournament(tid)).round == 2


async def test_the_organisers_role_is_remembered_per_server(service: GameService) -> None:
    assert await service.organiser_role(1) is None
    await service.set_organiser_role(1, 777)
    assert (await service.organiser_role(1), await service.organiser_role(2)) == (777, None)
    await service.set_organiser_role(1, None)
    assert await service.organiser_role(1) is None
