"""Taking a card (EM-5, EM-19), the card beneath turned up for all, and the "4 different gems"
bonus the moment it is earned (EM-17)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from tests.engine.games.emerald.builders import GAME, act, move, of_type, position


def test_em5_both_piles_have_cards_the_player_chooses_and_the_turn_ends():
    state = position(3, knights={0: {"C6": 1, "T1": 4}}, rail=1, dragon=1, heading="chamber",
                     gold={7: [1, 4]}, gems={7: ["ruby", "garnet"]})
    state, _ = move(state, "C6")  # alone on C6: one step to C7, beside no rail
    (decision,) = GAME.pending(state)
    assert decision.kind == "emerald.card" and decision.player == 0
    assert [o.label for o in decision.options] == ["Take gold 4", "Take garnet"]
    after, events = act(state, 0, type="take", pile="gem")
    assert after.gems[0] == [0, 0, 1, 0] and after.gem_piles[6] == [0]
    (turned,) = of_type(events, "card_turned_up")
    assert (turned.cave, turned.pile, turned.card, turned.left) == (7, "gem", "gem:ruby", 1)
    assert of_type(events, "turn_ended")[0].reason == "card" and after.seat == 1


def test_em19_the_only_pile_with_cards_is_taken_without_asking():
    state = position(3, knights={0: {"C6": 1, "T1": 4}}, dragon=1, heading="chamber",
                     gold={7: [2, 5]}, gems={7: []})
    after, events = move(state, "C6")
    (taken,) = of_type(events, "card_taken")
    assert taken.pile == "gold" and taken.forced and taken.gem is None
    assert after.hands[0] == [5] and of_type(events, "card_turned_up")[0].card == "gold:2"


def test_a_cave_without_cards_gives_nothing_and_the_turn_goes_on():
    state = position(3, knights={0: {"C6": 1, "T1": 4}}, dragon=1, heading="chamber",
                     gold={7: []}, gems={7: []})
    after, events = move(state, "C6")
    assert not of_type(events, "card_taken") and not of_type(events, "turn_ended")
    assert after.seat == 0 and GAME.pending(after)[0].options[-1].label == "End turn"


def test_tip_move_first_to_a_meadow_then_take_a_card_with_the_second():
    state = position(3, knights={0: {"M1": 1, "C6": 1, "T1": 3}}, dragon=1, heading="chamber",
                     gold={7: [3]}, gems={7: []})
    state, _ = move(state, "M1")
    state, events = move(state, "C6")
    assert state.hands[0] == [3] and of_type(events, "turn_ended")[0].reason == "card"


def test_a_taken_gold_cards_value_is_never_told_only_how_many_each_holds():
    state = position(3, knights={0: {"C6": 1, "T1": 4}}, dragon=1, heading="chamber",
                     gold={7: [4]}, gems={7: []})
    after, events = move(state, "C6")
    assert "4" not in of_type(events, "card_taken")[0].model_dump_json()
    assert GAME.view(after, 1)["gold_cards"][0] == 1 and "hand" in GAME.view(after, 0)
    assert GAME.view(after, 1)["hand"] == [] and GAME.view(after, 0)["hand"] == [4]


def test_em17_four_different_gems_earn_the_bonus_at_once_and_it_is_never_lost():
    state = position(3, knights={0: {"C6": 1, "T1": 4}}, dragon=1, heading="chamber",
                     gold={7: []}, gems={7: ["turquoise"]},
                     held={0: {"ruby": 1, "emerald": 2, "garnet": 1}})
    after, events = move(state, "C6")
    assert of_type(events, "bonus_taken")[0].seat == 0 and after.four_kinds == 0
    # Another player completing the set later gets nothing.
    after.gems[1] = [1, 1, 1, 0]
    after.at[1][16] = 1  # a blue knight on C6
    after.total[16] += 1
    after.gem_piles[6] = [3]
    again, events = move(after, "C6", colour=1)
    assert not of_type(events, "bonus_taken") and again.four_kinds == 0


def test_em17_the_bonus_comes_before_the_dragon_moves():
    state = position(3, knights={0: {"C1": 1, "T1": 4}}, gold={2: []}, gems={2: ["ruby"]},
                     held={0: {"emerald": 1, "garnet": 1, "turquoise": 1}})
    _, events = move(state, "C1")
    kinds = [e.type for e in events]
    assert kinds.index("bonus_taken") < kinds.index("dragon_moved")


@pytest.mark.parametrize("pile", ["silver", None, 3])
def test_an_unknown_pile_is_refused(pile):
    state = position(3, knights={0: {"C6": 1, "T1": 4}}, dragon=1, heading="chamber",
                     gold={7: [1]}, gems={7: ["ruby"]})
    state, _ = move(state, "C6")
    with pytest.raises(IllegalAction, match="gold card or the gem card"):
        act(state, 0, type="take", pile=pile)
