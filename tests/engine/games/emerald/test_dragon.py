"""The dragon (EM-6, EM-7, EM-14, EM-15), the rail, the catch and the bribe, a decision of
another player in the middle of a turn; the rulebook's two dragon notes."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction, NotYourTurn
from tests.engine.games.emerald.builders import (
    GAME,
    act,
    knights_at,
    move,
    of_type,
    position,
    with_roll,
)

EMPTY = {cave: [] for cave in range(1, 10)}


def board(players: int = 3, roll: int = 1, **changes):
    """A position with every pile empty (unless given), the next die showing `roll`."""
    changes.setdefault("gold", EMPTY)
    changes.setdefault("gems", EMPTY)
    return with_roll(position(players, **changes), roll)


def test_em6_a_move_ending_beside_the_rail_wakes_the_dragon_after_the_card():
    state = board(knights={0: {"C1": 1, "T1": 4}}, gold={**EMPTY, 2: [3]}, roll=1)
    after, events = move(state, "C1")
    kinds = [e.type for e in events]
    assert kinds.index("card_taken") < kinds.index("dragon_moved")
    (dragon,) = of_type(events, "dragon_moved")
    assert (dragon.seat, dragon.roll, dragon.start, dragon.path) == (0, 1, 4, [3])
    assert after.dragon == 3 and of_type(events, "rail_shifted")[0].first == 2


def test_a_move_ending_off_the_rail_leaves_the_dragon_alone():
    state = board(knights={0: {"C4": 1, "T1": 4}})
    _, events = move(state, "C4")  # onto C5; the rail lies beside C1–C4
    assert not of_type(events, "dragon_moved") and not of_type(events, "rail_shifted")


def test_em14_the_dragon_turns_at_the_end_of_the_rail_it_heads_for():
    state = board(knights={0: {"C1": 1, "T1": 4}}, dragon=3, roll=3)
    after, events = move(state, "C1")  # C2 is beside the rail
    (dragon,) = of_type(events, "dragon_moved")
    assert dragon.path == [2, 1, 2] and dragon.turned and dragon.heading == "chamber"
    assert (after.dragon, after.heading) == (2, 1)


def test_em14_a_dragon_ending_on_a_rail_end_already_faces_back_along_it():
    state = board(knights={0: {"C1": 1, "T1": 4}}, dragon=4, roll=3)
    after, events = move(state, "C1")
    assert of_type(events, "dragon_moved")[0].path == [3, 2, 1]
    assert after.heading == 1  # turned on C1 at once
    # First dragon note: the rail moves on and leaves it behind; it stays where it is.
    shifted = of_type(events, "rail_shifted")[0]
    assert shifted.first == 2 and shifted.dragon_left_behind and after.dragon == 1


def test_note_a_dragon_behind_the_rail_moves_again_only_when_woken_then_toward_the_chamber():
    state = board(knights={0: {"M1": 1, "M6": 1, "T1": 3}}, dragon=1, heading="chamber",
                  rail=2, roll=2)
    state, events = move(state, "M1")  # a meadow: the dragon sleeps
    assert not of_type(events, "dragon_moved")
    after, events = move(state, "M6")  # onto C1, the dragon's own cave
    assert of_type(events, "dragon_moved")[0].path == [2, 3]
    assert after.dragon == 3


def test_em15_knights_the_dragon_only_passes_are_safe():
    state = board(knights={0: {"M6": 1, "T1": 4}, 1: {"C3": 1, "T1": 4}}, dragon=4, roll=2)
    after, events = move(state, "M6")
    assert of_type(events, "dragon_moved")[0].path == [3, 2]
    assert not of_type(events, "victim_chosen") and knights_at(after, "C3")[1] == 1


def test_em15_turning_back_onto_its_starting_cave_catches_there():
    state = board(knights={0: {"M6": 1, "T1": 4}, 1: {"C2": 1, "T1": 4}}, dragon=2, roll=2)
    _after, events = move(state, "M6")
    assert of_type(events, "dragon_moved")[0].path == [1, 2]
    assert of_type(events, "victim_chosen")[0].colour == 1


def test_em15_the_knight_that_woke_the_dragon_may_be_the_one_caught():
    state = board(knights={0: {"M6": 1, "T1": 4}}, dragon=2, roll=1)
    after, events = move(state, "M6")  # onto C1; the dragon steps from C2 to C1
    (caught,) = of_type(events, "victim_chosen")
    assert caught.colour == 0 and caught.moved and caught.chosen_by is None
    assert of_type(events, "knight_to_nest")[0].reason == "no_gold"  # EM-19: no gold to pay
    assert knights_at(after, "nest")[0] == 1


def test_em7_the_roller_chooses_the_victim_among_several_its_own_included():
    state = board(knights={0: {"M6": 1, "C1": 1, "T1": 3}, 1: {"C1": 1, "T1": 4}},
                  dragon=2, roll=1)
    state, events = move(state, "M6")
    (decision,) = GAME.pending(state)
    assert decision.kind == "emerald.victim" and decision.player == 0
    choices = [(o.action["colour"], o.action["moved"]) for o in decision.options]
    assert choices == [(0, True), (0, False), (1, False)]
    assert decision.options[0].label == "seat 1's knight, the one that just moved"
    with pytest.raises(NotYourTurn):
        act(state, 1, type="victim", colour=0, moved=True)
    with pytest.raises(IllegalAction, match="knights on the dragon's cave"):
        act(state, 0, type="victim", colour=2, moved=False)
    after, events = act(state, 0, type="victim", colour=1, moved=False)
    assert of_type(events, "victim_chosen")[0].chosen_by == 0
    assert knights_at(after, "nest") == [0, 1, 0]


def test_note_only_the_rollers_own_knights_there_one_of_them_is_caught():
    state = board(knights={0: {"M6": 1, "C1": 1, "T1": 3}}, dragon=2, roll=1)
    state, _ = move(state, "M6")  # two red knights on C1: the one that moved and the other
    (decision,) = GAME.pending(state)
    assert len(decision.options) == 2  # EM-18: which one matters for the second move
    after, _ = act(state, 0, type="victim", colour=0, moved=False)
    # The knight that moved is left and may not move again; no other red knight is on C1.
    assert [o.action.get("space") for o in GAME.pending(after)[0].options] == ["T1", None]


def test_em19_one_kind_of_knight_on_the_cave_is_caught_without_asking():
    state = board(knights={0: {"M6": 1, "T1": 4}, 1: {"C2": 2, "T1": 3}}, dragon=3, roll=1,
                  hands={1: [2]})
    state, events = move(state, "M6")
    assert of_type(events, "victim_chosen")[0].colour == 1 and state.phase == "bribe"


def test_the_bribe_falls_to_the_victims_owner_in_the_middle_of_the_turn():
    state = board(knights={0: {"M6": 1, "T1": 4}, 1: {"C2": 1, "T1": 4}}, dragon=3, roll=1,
                  hands={1: [4, 1, 4]})
    state, _ = move(state, "M6")
    (decision,) = GAME.pending(state)
    assert decision.kind == "emerald.bribe" and decision.player == 1
    assert GAME.decision_for(state, 0) is None
    assert [o.label for o in decision.options] == ["Pay gold 1", "Pay gold 4",
                                                   "Let it go to the nest"]
    with pytest.raises(NotYourTurn, match="owner of the caught knight"):
        act(state, 0, type="bribe", card=None)
    with pytest.raises(IllegalAction, match="no gold card of that value"):
        act(state, 1, type="bribe", card=3)
    after, events = act(state, 1, type="bribe", card=4)
    assert after.hands[1] == [1, 4] and after.removed == [4]
    assert of_type(events, "bribed") and knights_at(after, "C2")[1] == 1
    assert "4" not in of_type(events, "bribed")[0].model_dump_json()
    # The rail shifts after the catch; a dragon move alone does not end the turn (EM-10).
    assert of_type(events, "rail_shifted") and after.seat == 0 and after.phase == "move"


def test_declining_the_bribe_sends_the_knight_to_the_nest_with_no_treasure():
    state = board(knights={0: {"M6": 1, "T1": 4}, 1: {"C2": 1, "T1": 4}}, dragon=3, roll=1,
                  hands={1: [2]})
    state, _ = move(state, "M6")
    after, events = act(state, 1, type="bribe", card=None)
    assert of_type(events, "knight_to_nest")[0].reason == "declined"
    assert knights_at(after, "nest") == [0, 1, 0] and after.hands[1] == [2]
    assert after.treasures == [0, 0, 0]  # second note: the nest gives no treasure


def test_the_rail_stops_beside_c6_to_c9_and_the_dragon_never_passes_c9():
    state = board(knights={0: {"C5": 1, "T1": 4}}, rail=6, dragon=8, heading="chamber", roll=3)
    after, events = move(state, "C5")  # onto C6, beside the rail
    assert of_type(events, "dragon_moved")[0].path == [9, 8, 7]
    assert not of_type(events, "rail_shifted") and after.rail == 6


def test_the_last_shift_says_the_rail_stays():
    state = board(knights={0: {"C4": 1, "T1": 4}}, rail=5, dragon=6, roll=1)
    _, events = move(state, "C4")
    assert of_type(events, "rail_shifted")[0].final


def test_em3_the_die_shows_one_two_or_three_evenly():
    from engine.core.rng import Rng

    rng = Rng.from_seed(5)
    rolls = [1 + rng.below(3) for _ in range(3000)]
    assert {rolls.count(r) for r in (1, 2, 3)} <= set(range(900, 1100))


# --- EM-20: the dragon only ever stands and steps beside the rail ------------------------------


def test_em20_a_shift_leaving_the_dragon_on_the_exit_end_it_heads_for_turns_it_at_once():
    # The case found by play: the dragon steps from C3 to C2 heading for the exit, then the rail
    # moves to C2–C5. C2 is now the end it heads for, so it turns, and a roll of 2 takes it to
    # C3 and C4, never to C1.
    state = board(knights={0: {"M6": 1, "C3": 1, "T1": 3}}, dragon=3, roll=1)
    state, events = move(state, "M6")  # onto C1, beside the rail: the dragon steps to C2
    assert of_type(events, "dragon_moved")[0].path == [2]
    (shifted,) = of_type(events, "rail_shifted")
    assert shifted.first == 2 and shifted.dragon_turned and not shifted.dragon_left_behind
    assert (state.dragon, state.heading, state.rail) == (2, 1, 2)
    assert GAME.view(state, None)["heading"] == "chamber"  # what the board picture draws
    assert "turns to face the chamber" in GAME.narrate(shifted, ["Ann", "Bo", "Cy"])
    _, events = move(with_roll(state, 2), "C3")  # the second move, onto C4: it wakes again
    assert of_type(events, "dragon_moved")[0].path == [3, 4]


def _wake(rail: int, cave: int, heading: int, roll: int):
    """Wake the dragon standing on `cave` heading `heading` (1: chamber) beside a rail from
    `rail`, the die showing `roll`: a lone knight steps onto the rail's exit end, no cards
    anywhere. The dragon's path, and the state after its move and the shift."""
    origin = "M6" if rail == 1 else f"C{rail - 1}"
    state = board(knights={0: {origin: 1, "T1": 4}}, dragon=cave,
                  heading="chamber" if heading == 1 else "exit", rail=rail, roll=roll)
    after, events = move(state, origin)
    (dragon,) = of_type(events, "dragon_moved")
    assert dragon.start == cave and dragon.roll == roll
    return dragon.path, after


def test_em20_every_dragon_walk_stays_beside_the_rail_and_turns_exactly_at_its_ends():
    # Every (rail, cave, heading) the dragon can reach from the start (C4 facing the exit, the
    # rail beside C1–C4) and every roll: it steps only beside the rail, or toward it from behind
    # when a shift left it there (EM-14); it turns exactly at the rail's ends; and after every
    # move and shift it never stands on the end it heads for (EM-20).
    start = (1, 4, -1)
    seen, todo = {start}, [start]
    while todo:
        rail, cave, heading = todo.pop()
        assert (heading, cave) not in ((-1, rail), (1, rail + 3)), \
            f"the dragon on C{cave} heads off the end of the rail C{rail}–C{rail + 3}"
        for roll in (1, 2, 3):
            path, after = _wake(rail, cave, heading, roll)
            steps = [cave, *path]
            for before, here, step in zip(steps, steps[1:], range(roll), strict=False):
                if before < rail:
                    assert here == before + 1, f"behind the rail it steps toward it: {steps}"
                else:
                    assert rail <= here <= rail + 3, f"C{here} is off the rail C{rail}: {steps}"
                if step + 1 < roll and here in (rail, rail + 3) and before >= rail:
                    # at an end it turns at once: the next step goes back along the rail
                    assert steps[step + 2] == before, f"no turn at C{here}: {steps}"
                elif step + 1 < roll and before >= rail:
                    assert steps[step + 2] - here == here - before, f"turned early: {steps}"
            state = (after.rail, after.dragon, after.heading)
            if state not in seen:
                seen.add(state)
                todo.append(state)
    assert (2, 2, 1) in seen and (2, 2, -1) not in seen  # the case EM-20 settles
    assert {rail for rail, _, _ in seen} == set(range(1, 7))  # every rail position reached


def test_em20_only_the_game_itself_may_move_a_game_onto_todays_rules():
    state = board(knights={0: {"M6": 1, "T1": 4}})
    with pytest.raises(IllegalAction):
        act(state, 0, type="rules", revision=2)
    from engine.core.errors import NotYourTurn as Refused
    from engine.core.game import CLOCK

    with pytest.raises(Refused):  # today's game follows revision 2 already
        act(state, CLOCK, type="rules", revision=2)
    assert GAME.upgrade(state) is None
