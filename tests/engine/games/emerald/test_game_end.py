"""Both end conditions (EM-8, EM-11, EM-16), the end-of-game gem bonuses (EM-17), scoring and
the tiebreaks (EM-9)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.games.emerald.rules import majority_holders, rank, score_lines
from tests.engine.games.emerald.builders import GAME, act, move, of_type, position, with_roll
from tests.engine.games.emerald.test_dragon import EMPTY


def test_em8_taking_the_last_treasure_ends_the_game_at_once():
    state = position(3, knights={0: {"C9": 1, "T1": 4}})
    state.treasures_left, state.treasures = 1, [0, 2, 1]
    after, events = move(state, "C9")
    assert GAME.is_over(after) and after.end_reason == "last_treasure"
    (ended,) = of_type(events, "game_ended")
    assert ended.reason == "last_treasure" and ended.trigger == 0
    assert GAME.pending(after) == []
    with pytest.raises(IllegalAction, match="over"):
        act(after, 1, type="move", space="T1", colour=1)


def test_em16_a_player_left_with_one_knight_ends_the_game_before_the_rail_moves():
    state = with_roll(position(3, knights={0: {"M6": 1, "M1": 1, "chamber": 3},
                                           1: {"C2": 1, "C8": 1, "nest": 3}},
                               dragon=3, gold=EMPTY, gems=EMPTY), 1)
    after, events = move(state, "M6")  # wakes the dragon: C3 → C2, blue has no gold
    assert GAME.is_over(after) and after.end_reason == "one_knight" and after.end_seat == 1
    assert not of_type(events, "rail_shifted") and after.rail == 1
    assert of_type(events, "game_ended")[0].trigger == 1


def test_em8_em11_entering_the_chamber_with_the_second_last_knight_ends_the_game():
    state = position(3, knights={0: {"C9": 1, "M1": 1, "nest": 3}})
    after, _ = move(state, "C9")
    assert after.end_reason == "one_knight" and after.treasures[0] == 1


def test_em11_two_players_count_both_colours_together():
    state = with_roll(position(2, knights={0: {"M6": 1, "M1": 1}, 2: {"C2": 1, "nest": 3},
                                           3: {"T1": 1, "T2": 1, "nest": 2}},
                               dragon=3, gold=EMPTY, gems=EMPTY), 1)
    after, events = move(state, "M6", colour=0)  # yellow's last knight goes to the nest
    assert of_type(events, "knight_to_nest") and not GAME.is_over(after)
    assert after.in_play(1) == 2


def test_em17_a_gem_bonus_goes_only_to_a_sole_majority_of_at_least_one():
    gems = [[2, 1, 0, 0], [2, 0, 0, 0], [0, 1, 1, 0]]
    assert majority_holders(gems) == [None, None, 2, None]


def test_scoring_adds_gold_treasures_gems_and_bonuses():
    state = position(3, hands={0: [5, 1], 1: [3], 2: []},
                     held={0: {"ruby": 2}, 1: {"ruby": 1, "emerald": 1}, 2: {}})
    state.treasures = [1, 0, 2]
    state.four_kinds = 1
    lines = score_lines(state, majority_holders(state.gems))
    assert [line["total"] for line in lines] == [6 + 5 + 2 + 4, 3 + 2 + 4 + 4, 10]
    assert lines[1]["bonus_cards"] == 2  # four different gems... and the emerald majority


def _lines(*rows):
    return [{"total": t, "treasure_cards": tr, "gems": g} for t, tr, g in rows]


@pytest.mark.parametrize(("rows", "winners", "tiebreak"), [
    ([(20, 1, 3), (18, 2, 5), (10, 0, 0)], [0], "score"),
    ([(20, 1, 3), (20, 2, 1), (10, 0, 0)], [1], "treasures"),
    ([(20, 2, 3), (20, 2, 5), (20, 0, 9)], [1], "gems"),
    ([(20, 2, 5), (20, 2, 5), (10, 0, 0)], [0, 1], "shared"),
])
def test_em9_ties_go_to_more_treasures_then_more_gems_else_are_shared(rows, winners, tiebreak):
    standings, found, broken = rank(_lines(*rows))
    assert (found, broken) == (winners, tiebreak)
    ranks = {s.player: s.rank for s in standings}
    if tiebreak == "shared":
        assert ranks[0] == ranks[1] == 1 and ranks[2] == 3


def test_the_final_event_carries_every_scoring_line():
    state = position(3, knights={0: {"C9": 1, "T1": 4}}, hands={1: [2, 2]})
    state.treasures_left = 1
    after, events = move(state, "C9")
    (ended,) = of_type(events, "game_ended")
    assert ended.scores[1]["gold"] == 4 and ended.scores[0]["treasures"] == 5
    assert all(ended.places[s.player] == s.rank for s in GAME.results(after).standings)
    results = GAME.results(after)
    assert results is not None and results.standings[0].player in results.winners
    assert GAME.view(after, 2)["results"]["winners"] == results.winners
