"""Moving knights (EM-4, EM-10, EM-18, EM-19), the rulebook's examples and tips, the two-player
rule, and every illegal move refused with a message a player understands."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction, NotYourTurn
from tests.engine.games.emerald.builders import GAME, act, knights_at, move, of_type, position


def test_rulebook_example_a_knight_goes_as_many_steps_as_knights_stand_on_its_space():
    # Three players: three knights on every starting space, so a knight leaving one goes 3.
    state = position(3)
    after, events = move(state, "T2")
    (moved,) = of_type(events, "knight_moved")
    assert (moved.origin, moved.to, moved.steps) == ("T2", "M3", 3)
    assert knights_at(after, "T2") == [0, 1, 1]


def test_em4_mixed_colours_on_a_path_space_all_count():
    state = position(3, knights={0: {"M1": 1}, 1: {"M1": 1, "T1": 4}, 2: {"M1": 1, "T1": 4}})
    _after, events = move(state, "M1")
    assert of_type(events, "knight_moved")[0].to == "M4"


def test_tip_stepping_onto_your_own_knight_adds_a_step_to_it():
    # Red has a knight alone on M3 (1 step). Moving another red knight onto it makes 2 there,
    # and the one that did not move now goes 2 steps.
    state = position(3, knights={0: {"M3": 1, "T1": 1, "T2": 1, "T3": 1, "T4": 1}})
    state, _ = move(state, "T1")  # three knights on T1: 3 steps, onto M3
    assert knights_at(state, "M3")[0] == 2
    (decision,) = GAME.pending(state)
    labels = [o.label for o in decision.options]
    assert "M3\u00a0→\u00a0M5" in labels and "End turn" in labels  # never wrapped apart
    state, events = move(state, "M3")
    assert of_type(events, "knight_moved")[0].steps == 2


def test_the_last_meadow_and_the_first_cave_are_one_step_apart():
    state = position(3, knights={0: {"M6": 1, "T1": 4}}, rail=3)
    _, events = move(state, "M6")
    assert of_type(events, "knight_moved")[0].to == "C1"


def test_em4_em8_entering_the_chamber_is_one_step_past_c9_and_surplus_steps_lapse():
    state = position(3, knights={0: {"C8": 1, "T1": 4}, 1: {"C8": 2, "T1": 3}}, rail=2)
    after, events = move(state, "C8")  # 3 steps: C9, chamber, and one that lapses
    assert of_type(events, "knight_moved")[0].to == "chamber"
    assert after.treasures[0] == 1 and after.treasures_left == 3
    assert of_type(events, "turn_ended")[0].reason == "chamber"  # the treasure ends the turn
    assert after.seat == 1


def test_em10_a_second_move_must_be_a_different_knight_and_the_turn_may_end_after_one():
    state = position(3, knights={0: {"M1": 1, "T1": 4}})
    state, _ = move(state, "M1")  # alone on M1: 1 step to M2, a meadow, so the turn goes on
    with pytest.raises(IllegalAction, match="already moved"):
        move(state, "M2")
    ended, events = act(state, 0, type="end_turn")
    assert of_type(events, "turn_ended")[0].reason == "chosen" and ended.seat == 1


def test_em10_two_moves_end_the_turn():
    state = position(3, knights={0: {"M1": 1, "M3": 1, "T1": 3}})
    state, _ = move(state, "M1")
    state, events = move(state, "M3")
    assert of_type(events, "turn_ended")[0].reason == "two_moves" and state.seat == 1


def test_em18_the_twin_of_the_knight_that_moved_may_move():
    state = position(3, knights={0: {"M1": 1, "M2": 1, "T1": 3}})
    state, _ = move(state, "M1")  # onto M2: two red knights there, one has moved
    state, events = move(state, "M2")
    assert of_type(events, "knight_moved")[0].steps == 2


def test_em19_the_turn_ends_by_itself_when_no_knight_may_move_again():
    # Red's only other knights are in the chamber: after the one move nothing may move.
    state = position(3, knights={0: {"M1": 1, "chamber": 4}})
    state, events = move(state, "M1")
    assert of_type(events, "turn_ended")[0].reason == "no_second_move"


def test_end_turn_before_any_move_is_refused():
    with pytest.raises(IllegalAction, match="at least one knight"):
        act(position(3), 0, type="end_turn")


def test_two_player_rule_knights_of_one_colour_per_turn():
    state = position(2, knights={0: {"M1": 1, "T1": 3}, 1: {"M3": 1, "T1": 3}})
    state, _ = move(state, "M1", colour=0)
    (decision,) = GAME.pending(state)
    assert {o.action.get("colour") for o in decision.options} == {0, None}
    with pytest.raises(IllegalAction, match="one colour per turn"):
        move(state, "M3", colour=1)
    state, events = move(state, "T1", colour=0)
    assert of_type(events, "knight_moved")[0].second


def test_two_players_name_the_colour_where_both_stand():
    state = position(2)
    with pytest.raises(IllegalAction, match="both colours"):
        act(state, 0, type="move", space="T1")
    after, _ = act(state, 0, type="move", space="T1", colour=1)
    assert knights_at(after, "M4") == [0, 1, 0, 0]  # four knights on a tower: 4 steps


@pytest.mark.parametrize(("seat", "action", "error", "message"), [
    (1, {"type": "move", "space": "T1", "colour": 1}, NotYourTurn, "not your turn"),
    (5, {"type": "move", "space": "T1"}, NotYourTurn, "no seat"),
    (0, {"type": "move", "space": "Z9"}, IllegalAction, "Name the space"),
    (0, {"type": "move", "space": "M4"}, IllegalAction, "no knight on M4"),
    (0, {"type": "move", "space": "T1", "colour": 1}, IllegalAction, "not one of your"),
    (0, {"type": "move", "space": "chamber"}, IllegalAction, "out of the game"),
    (0, {"type": "take", "pile": "gold"}, IllegalAction, "Move a knight"),
    (0, {"type": "bribe", "card": 3}, IllegalAction, "Move a knight"),
    (0, "north", IllegalAction, "Move a knight"),
    (0, None, IllegalAction, "Move a knight"),
])
def test_illegal_moves_are_refused_and_change_nothing(seat, action, error, message):
    state = position(3)
    before = GAME.dump(state)
    with pytest.raises(error, match=message):
        GAME.apply(state, seat, action)
    assert GAME.dump(state) == before


def test_every_option_offered_is_accepted_as_it_is():
    state = position(3, knights={0: {"M1": 1, "C2": 1, "T1": 3}})
    for option in GAME.pending(state)[0].options:
        GAME.apply(state, 0, option.action)


def test_a_move_option_says_where_it_lands_and_what_happens_there():
    state = position(3, knights={0: {"M6": 1, "C7": 1, "T1": 3}}, rail=1)
    labels = {o.label.replace("\u00a0", " ") for o in GAME.pending(state)[0].options}
    assert labels == {"M6 → C1 · take a card, wakes the dragon", "C7 → C8 · take a card",
                      "T1 → M5"}  # three red and two others on T1: a meadow, nothing happens
    state = position(3, knights={0: {"C9": 1, "T1": 4}})
    assert "C9\u00a0→\u00a0chamber · treasure" in {o.label for o in GAME.pending(state)[0].options}
