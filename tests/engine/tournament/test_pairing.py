"""Pairing rounds: Swiss tables by score groups without repeats, round robin schedules."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from engine.tournament.pairing import round_robin_rounds, swiss_tables, table_sizes
from engine.tournament.standings import TableResult, met, standings


def pairs(tables) -> Counter:
    """How often each pair of members sat at one table."""
    counted: Counter = Counter()
    for table in tables:
        people = sorted(s for s in table if s is not None)
        counted.update(itertools.combinations(people, 2))
    return counted


def play_swiss(players: int, size: int, rounds: int, seed: int) -> list[list[tuple]]:
    """Pair and play `rounds` Swiss rounds with random places; the tables of each round."""
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    results: list[TableResult] = []
    schedule = []
    for number in range(1, rounds + 1):
        table = standings(ids, results, (), size)
        tables = swiss_tables([s.user_id for s in table], {s.user_id: s.points for s in table},
                              met(results), size, seed + number)
        schedule.append(tables)
        for index, seats in enumerate(tables, start=1):
            places = list(range(1, size + 1))
            rng.shuffle(places)
            results.append(TableResult(number, index, seats, tuple(places),
                                       tuple(float(10 - p) for p in places)))
    return schedule


@pytest.mark.parametrize(("people", "size", "expected"), [
    (12, 4, [4, 4, 4]), (13, 4, [4, 3, 3, 3]), (5, 4, [3, 2]), (7, 2, [2, 2, 2, 1]),
    (3, 5, [3]), (64, 4, [4] * 16)])
def test_tables_are_as_few_and_as_even_as_possible(people, size, expected) -> None:
    assert table_sizes(people, size) == expected


@pytest.mark.parametrize("seed", range(6))
def test_swiss_seats_everyone_exactly_once_per_round_at_tables_of_the_games_size(seed) -> None:
    for tables in play_swiss(13, 4, 3, seed):
        seated = [s for t in tables for s in t if s is not None]
        assert sorted(seated) == list(range(1, 14))
        assert all(len(t) == 4 for t in tables)
        # The odd count is filled with AI seats, at most one per table here.
        assert sorted(sum(1 for s in t if s is None) for t in tables) == [0, 1, 1, 1]


@pytest.mark.parametrize("seed", range(10))
def test_swiss_twelve_in_fours_repeats_as_few_pairs_as_the_count_allows(seed) -> None:
    schedule = play_swiss(12, 4, 3, seed)
    # Three tables of four: a second-round table holds two of some first-round table, so
    # each has at least one repeated pair; nobody meets anyone a third time.
    second = pairs(t for tables in schedule[:2] for t in tables)
    assert sorted(second.values()).count(2) == 3
    assert max(pairs(t for tables in schedule for t in tables).values()) == 2


@pytest.mark.parametrize("seed", range(4))
def test_swiss_sixty_four_in_fours_over_five_rounds_never_repeats_a_pair(seed) -> None:
    schedule = play_swiss(64, 4, 5, seed)
    assert max(pairs(t for tables in schedule for t in tables).values()) == 1


def test_swiss_repeats_only_when_it_cannot_be_avoided() -> None:
    # Four players in tables of two: after three rounds everyone has met everyone.
    schedule = play_swiss(4, 2, 4, 3)
    counted = pairs(t for tables in schedule for t in tables)
    assert sorted(counted.values()) == [1, 1, 1, 1, 2, 2]  # round four repeats two pairs
    first_three = pairs(t for tables in schedule[:3] for t in tables)
    assert set(first_three.values()) == {1}


def test_swiss_without_history_seats_the_score_groups_together() -> None:
    ranked = list(range(1, 13))
    points = {p: float(13 - p) for p in ranked}  # all different: one member per score group
    tables = swiss_tables(ranked, points, {}, 4, 1)
    assert [sorted(t) for t in tables] == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]


def test_swiss_bends_score_groups_to_avoid_a_repeat() -> None:
    ranked = [1, 2, 3, 4, 5, 6, 7, 8]
    points = {1: 6.0, 2: 6.0, 3: 5.0, 4: 5.0, 5: 1.0, 6: 1.0, 7: 0.0, 8: 0.0}
    met_before = {1: {2: 1}, 2: {1: 1}}
    tables = swiss_tables(ranked, points, met_before, 2, 1)
    together = {frozenset(t) for t in tables}
    assert frozenset({1, 2}) not in together
    # Leaders still meet the next score group, not the bottom.
    assert {frozenset({1, 3}), frozenset({2, 4})} <= together or \
        {frozenset({1, 4}), frozenset({2, 3})} <= together


def test_swiss_pairing_is_the_same_for_the_same_seed() -> None:
    assert play_swiss(16, 4, 3, 9) == play_swiss(16, 4, 3, 9)
    assert play_swiss(16, 4, 3, 9) != play_swiss(16, 4, 3, 10)


@pytest.mark.parametrize(("people", "size"), [(5, 2), (6, 2), (5, 4), (6, 3), (10, 4), (7, 5),
                                              (4, 4), (9, 3)])
def test_round_robin_lets_every_pair_meet(people, size) -> None:
    ids = list(range(1, people + 1))
    rounds = round_robin_rounds(ids, size)
    for tables in rounds:
        seated = [s for t in tables for s in t if s is not None]
        assert sorted(seated) == ids
    counted = pairs(t for tables in rounds for t in tables)
    assert set(itertools.combinations(ids, 2)) <= set(counted)


def test_round_robin_of_five_in_twos_has_five_rounds_and_one_bye_each() -> None:
    rounds = round_robin_rounds([1, 2, 3, 4, 5], 2)
    assert len(rounds) == 5
    byes = [t[0] for tables in rounds for t in tables if len(t) == 1]
    assert sorted(byes) == [1, 2, 3, 4, 5]
    assert set(pairs(t for tables in rounds for t in tables).values()) == {1}


def test_round_robin_of_six_in_twos_plays_five_rounds_without_byes() -> None:
    rounds = round_robin_rounds(list(range(6)), 2)
    assert len(rounds) == 5 and all(len(t) == 2 for tables in rounds for t in tables)
