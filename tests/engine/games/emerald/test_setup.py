"""Setup by the rulebook and EM-1, EM-2, EM-6, EM-13: knights, starting spaces, piles, dragon."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.games.emerald.board import CODES, game_data
from tests.engine.games.emerald.builders import GAME, of_type

KNIGHTS = {2: (4, 4), 3: (3, 5), 4: (4, 5), 5: (5, 4)}  # players → (colours, knights each)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_em1_knights_per_count_one_of_each_colour_on_every_starting_space(players):
    state, events = GAME.new_game(7, players)
    colours, per_colour = KNIGHTS[players]
    assert state.colours == colours
    assert [sum(row) for row in state.at] == [per_colour] * colours
    used = ["T1", "T2", "T3", "T4"] + (["B"] if players in (3, 4) else [])
    for code in ("T1", "T2", "T3", "T4", "B"):
        expected = 1 if code in used else 0  # with 2 and 5 players the main building is empty
        assert [row[CODES[code]] for row in state.at] == [expected] * colours
    knights_per_player = {state.owner(c): 0 for c in range(colours)}
    for colour in range(colours):
        knights_per_player[state.owner(colour)] += per_colour
    assert set(knights_per_player.values()) == {8 if players == 2 else per_colour}
    assert of_type(events, "game_started")[0].starting_spaces == used


def test_two_players_play_two_colours_each():
    state, _ = GAME.new_game(1, 2)
    assert [state.owner(c) for c in range(4)] == [0, 0, 1, 1]
    assert list(state.colours_of(1)) == [2, 3]


@pytest.mark.parametrize("seed", range(5))
def test_em2_piles_alternate_three_and_two_and_four_cards_stay_in_the_box(seed):
    state, events = GAME.new_game(seed, 4)
    for cave in range(1, 10):
        gold, gems = state.gold_piles[cave - 1], state.gem_piles[cave - 1]
        assert (len(gold), len(gems)) == ((3, 2) if cave % 2 else (2, 3))
    assert len(state.box_gold) == 2 and len(state.box_gems) == 2
    every_gold = sorted([c for p in state.gold_piles for c in p] + state.box_gold)
    assert every_gold == sorted(game_data().gold_cards)
    every_gem = sorted([c for p in state.gem_piles for c in p] + state.box_gems)
    assert every_gem == sorted(t for t in range(4) for _ in range(6))
    face_up = of_type(events, "game_started")[0].face_up
    top_gem = ("ruby", "emerald", "garnet", "turquoise")[state.gem_piles[0][-1]]
    assert face_up[0] == [f"gold:{state.gold_piles[0][-1]}", f"gem:{top_gem}"]


def test_different_seeds_deal_different_piles():
    deals = {str(GAME.new_game(seed, 3)[0].gold_piles) for seed in range(6)}
    assert len(deals) == 6


def test_em6_dragon_starts_on_c4_facing_the_exit_beside_a_rail_on_c1_to_c4():
    state, _ = GAME.new_game(3, 3)
    assert (state.dragon, state.heading, state.rail) == (4, -1, 1)
    assert GAME.view(state, None)["heading"] == "exit"


def test_em13_the_first_seat_begins_and_must_move_a_knight():
    state, _ = GAME.new_game(3, 4)
    (decision,) = GAME.pending(state)
    assert decision.player == 0 and decision.kind == "emerald.move"
    assert all(o.action["type"] == "move" for o in decision.options)  # no End turn yet


@pytest.mark.parametrize("players", [1, 6])
def test_player_counts_outside_two_to_five_are_refused(players):
    with pytest.raises(IllegalAction, match="2 to 5 players"):
        GAME.new_game(1, players)


def test_an_unknown_setting_is_refused():
    with pytest.raises(IllegalAction, match="no setting"):
        GAME.new_game(1, 3, {"dragons": 2})
