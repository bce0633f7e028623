"""Tournament points by place (ties shared), byes, drops and the tie-breaks."""

from __future__ import annotations

from engine.tournament.standings import TableResult, met, standings, table_points


def result(seats, places, scores=None, **extra) -> TableResult:
    """A table's result in seat order."""
    scores = scores or [0.0] * len(seats)
    return TableResult(1, 1, tuple(seats), tuple(places), tuple(float(s) for s in scores),
                       **extra)


def test_points_count_the_seats_beaten_and_share_ties() -> None:
    points = table_points(result([1, 2, 3, 4], [1, 2, 2, 4]), 4)
    assert points == {1: 3.0, 2: 1.5, 3: 1.5, 4: 0.0}


def test_a_win_at_a_smaller_table_is_worth_a_win_at_a_full_one() -> None:
    assert table_points(result([1, 2, 3], [1, 2, 3]), 4) == {1: 3.0, 2: 1.5, 3: 0.0}


def test_ai_seats_take_places_but_earn_nothing() -> None:
    points = table_points(result([1, None, 2, 3], [2, 1, 3, 4]), 4)
    assert points == {1: 2.0, 2: 1.0, 3: 0.0}


def test_a_forfeited_seat_scores_nothing_and_the_others_keep_their_places() -> None:
    points = table_points(result([1, 2, 3], [1, 2, 3], forfeited=frozenset({1})), 3)
    assert points == {1: 0.0, 2: 1.0, 3: 0.0}


def test_a_bye_counts_as_a_win() -> None:
    assert table_points(TableResult(1, 3, (5,), (1,), (0.0,), bye=True), 2) == {5: 1.0}


def test_standings_rank_by_points_then_buchholz_then_game_score() -> None:
    results = [
        TableResult(1, 1, (1, 2), (1, 2), (30.0, 10.0)),
        TableResult(1, 2, (3, 4), (1, 2), (20.0, 25.0)),
        TableResult(2, 1, (1, 3), (1, 2), (5.0, 5.0)),
        TableResult(2, 2, (2, 4), (1, 2), (12.0, 1.0)),
    ]
    lines = standings([1, 2, 3, 4], results, (), 2)
    assert [(s.user_id, s.points) for s in lines] == [(1, 2.0), (3, 1.0), (2, 1.0), (4, 0.0)]
    # 3 and 2 have one point each; 3 met 4 (0) and 1 (2): Buchholz 2; 2 met 1 and 4: also 2;
    # the game scores decide: 3 scored 25, 2 scored 22.
    assert [s.buchholz for s in lines] == [2.0, 2.0, 2.0, 2.0]
    assert [s.score for s in lines] == [35.0, 25.0, 22.0, 26.0]
    assert [s.rank for s in lines] == [1, 2, 3, 4]


def test_members_equal_on_every_count_share_a_rank() -> None:
    lines = standings([1, 2, 3], [result([1, 2, 3], [1, 1, 3], [5, 5, 0])], (), 3)
    assert [(s.user_id, s.rank) for s in lines] == [(1, 1), (2, 1), (3, 3)]


def test_met_lists_the_people_at_each_table_and_no_ai() -> None:
    seen = met([result([1, None, 2], [1, 2, 3]), result([2, 3], [1, 2])])
    assert seen == {1: {2: 1}, 2: {1: 1, 3: 1}, 3: {2: 1}}


def test_dropped_members_stay_in_the_standings_marked() -> None:
    lines = standings([1, 2], [result([1, 2], [2, 1])], [2], 2)
    assert [(s.user_id, s.dropped) for s in lines] == [(2, True), (1, False)]
