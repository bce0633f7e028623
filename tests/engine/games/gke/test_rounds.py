"""A round of Große kleine Edelsteine: setup, picks (GKE-5, GKE-12), the close (GKE-10) and the
scoring card by card (GKE-6, GKE-11), the rulebook's examples first."""

import pytest

from engine.core.errors import IllegalAction
from engine.core.game import CLOCK, DecisionUI
from engine.games.gke import GAME, events
from engine.games.gke.data import BACKS, game_data
from engine.games.gke.rules import label_of
from tests.engine.games.gke.builders import act, card_id, gem_id, pick, slot_of, table

AQUA5 = card_id("aquamarine", 5)  # green
ROUND = [AQUA5, card_id("ruby", 3), card_id("topaz", 2)]  # green, blue, pink
AQ = slot_of(AQUA5)


def scored(evs, card):
    return next(e for e in evs if isinstance(e, events.CardScored) and e.card == card)


def test_setup_lays_out_n_cards_per_colour_and_stacks_the_rest_as_bonus_cards():
    state, evs = GAME.new_game(3, 3, {"cards_per_colour": 4})
    cards = game_data().cards
    assert [len(s) for s in state.stacks] == [3, 3, 3]  # one of each turned up already
    assert len(state.bonus) == 63 - 12
    for back, stack in enumerate(state.stacks):
        assert {cards[c].back for c in [*stack, state.face_up[back]]} == {BACKS[back]}
    assert isinstance(evs[0], events.RoundStarted) and evs[0].cards == state.face_up
    assert len(state.labels) == 81 and all(len(label) == 2 for label in state.labels)
    assert sorted(state.labels.values()) == list(range(81))


def test_cards_per_colour_outside_3_to_9_is_refused():
    with pytest.raises(IllegalAction, match="3 to 9"):
        GAME.new_game(1, 2, {"cards_per_colour": 10})


def test_example_1_the_spider_wins_the_aquamarine_card():
    state = table(2, cards=ROUND)
    state, evs = pick(state, 0, AQ, gem_id("aquamarine", 5))
    assert not any(isinstance(e, events.RoundClosed) for e in evs)
    state, evs = GAME.apply(state, CLOCK, {"type": "time_up", "round": 1})
    card = scored(evs, AQUA5)
    assert card.winner == 0 and card.reveals[0].result == "card"
    assert AQUA5 in state.won[0]


def test_example_2_the_moon_wins_a_magnifier_piece_and_the_card_leaves():
    state = table(2, cards=ROUND)
    state, _ = pick(state, 1, AQ, gem_id("aquamarine", 6))
    state, evs = GAME.apply(state, CLOCK, {"type": "time_up", "round": 1})
    card = scored(evs, AQUA5)
    assert card.winner is None and card.reveals[0].result == "piece"
    assert state.pieces == [0, 1] and state.supply == 11
    assert AQUA5 in state.removed


def test_two_sizes_off_wins_nothing():
    state = table(2, cards=ROUND)
    state, _ = pick(state, 0, AQ, gem_id("aquamarine", 7))
    state, evs = GAME.apply(state, CLOCK, {"type": "time_up", "round": 1})
    assert scored(evs, AQUA5).reveals[0].result == "none" and state.pieces == [0, 0]


def test_a_third_piece_is_traded_at_once_for_the_top_bonus_card():
    state = table(2, cards=ROUND)
    state.pieces[0] = 2
    state.supply = 10
    top = state.bonus[-1]
    state, _ = pick(state, 0, AQ, gem_id("aquamarine", 4))
    state, evs = GAME.apply(state, CLOCK, {"type": "time_up", "round": 1})
    assert state.pieces[0] == 0 and state.supply == 12
    assert state.bonus_won[0] == [top]
    assert any(isinstance(e, events.MagnifierCompleted) and e.seat == 0 for e in evs)


def test_two_magnifiers_on_one_card_go_in_seat_order():
    state = table(2, cards=ROUND)
    state.pieces = [2, 2]
    state.supply = 8
    first, second = state.bonus[-1], state.bonus[-2]
    state, _ = pick(state, 1, AQ, gem_id("aquamarine", 6))
    state, _ = pick(state, 0, AQ, gem_id("aquamarine", 4))
    state, _ = GAME.apply(state, CLOCK, {"type": "time_up", "round": 1})
    assert state.bonus_won == [[first], [second]]


def test_cards_are_scored_pink_then_green_then_blue():
    state = table(2)
    _, evs = GAME.apply(state, CLOCK, {"type": "time_up", "round": 1})
    backs = [e.back for e in evs if isinstance(e, events.CardScored)]
    assert [BACKS[b] for b in backs] == ["pink", "green", "blue"]


def test_the_round_closes_the_moment_everyone_holds_their_last_pick():
    state = table(2)
    kinds = [game_data().gems[game_data().cards[c].gem].kind for c in state.face_up]
    free = {k: [g.id for g in game_data().gems if g.kind == k] for k in kinds}
    moves = [(seat, slot, free[kinds[slot]][seat * 3 + slot % 2]) for seat in (0, 1)
             for slot in range(3)]
    for i, (seat, slot, gem) in enumerate(moves):
        state, evs = pick(state, seat, slot, gem)
        closed = [e for e in evs if isinstance(e, events.RoundClosed)]
        assert bool(closed) == (i == len(moves) - 1)
    assert closed[0].reason == "all_picked" and state.round == 2


def test_with_four_players_each_picks_two_gems_for_two_of_the_three_cards():
    state = table(4)
    assert state.picks_per_round == 2
    gems = game_data().gems
    kinds = [gems[game_data().cards[c].gem].kind for c in state.face_up]
    options = [g.id for g in gems if g.kind == kinds[2]]
    state, _ = pick(state, 0, 0, next(g.id for g in gems if g.kind == kinds[0]))
    state, _ = pick(state, 0, 1, next(g.id for g in gems if g.kind == kinds[1]
                                      and g.id not in state.picks[0]))
    before = state.model_copy(deep=True)
    with pytest.raises(IllegalAction, match="2 gems already"):
        pick(state, 0, 2, next(g for g in options if g not in state.picks[0]))
    assert state == before
    state, _ = act(state, 0, {"type": "release", "card": 1})
    state, _ = pick(state, 0, 2, next(g for g in options if g not in state.picks[0]))
    assert state.held(0) == 2


def test_picking_a_held_gem_for_another_card_moves_it_and_a_new_pick_puts_the_old_back():
    ruby4, ruby6 = card_id("ruby", 4), card_id("ruby", 6)  # green, blue
    state = table(2, cards=[ruby4, ruby6])
    first, second = slot_of(ruby4), slot_of(ruby6)
    state, evs = pick(state, 0, first, gem_id("ruby", 5))
    state, evs = pick(state, 0, second, gem_id("ruby", 5))  # move (GKE-12)
    assert state.picks[0][first] is None and state.picks[0][second] == gem_id("ruby", 5)
    assert evs[0].moved_from == first
    state, evs = pick(state, 0, second, gem_id("ruby", 6))  # replace: the 5 goes back
    assert state.picks[0][second] == gem_id("ruby", 6)
    assert evs[0].put_back == label_of(state, gem_id("ruby", 5))
    assert state.holder(gem_id("ruby", 5)) is None


def test_a_gem_another_player_holds_cannot_be_taken_and_nothing_changes():
    state = table(3, cards=ROUND)
    state, _ = pick(state, 1, AQ, gem_id("aquamarine", 5))
    before = state.model_copy(deep=True)
    with pytest.raises(IllegalAction, match=r"took gem .* first"):
        pick(state, 2, AQ, gem_id("aquamarine", 5))
    assert state == before
    options = GAME.decision_for(state, 2).options
    assert label_of(state, gem_id("aquamarine", 5)) not in {o.label for o in options}


def test_the_time_limit_scores_the_round_with_missing_picks_empty():
    state = table(3, cards=ROUND)
    state, _ = pick(state, 2, AQ, gem_id("aquamarine", 5))
    clock = GAME.clock(state)
    assert clock is not None and clock.kind == "pick"
    state, evs = GAME.apply(state, CLOCK, clock.action)
    assert [e.reason for e in evs if isinstance(e, events.RoundClosed)] == ["time_up"]
    assert scored(evs, AQUA5).winner == 2
    assert all(not scored(evs, c).reveals for c in ROUND[1:])
    with pytest.raises(IllegalAction, match="passed"):
        GAME.apply(state, CLOCK, clock.action)  # a late second expiry of round 1
    assert GAME.clock(state).key != clock.key


@pytest.mark.parametrize("action, message", [
    ({"type": "pick", "card": 0, "label": "ZZ"}, "No gem bears the label ZZ"),
    ({"type": "pick", "card": 5, "label": "A3"}, "no such card"),
    ({"type": "pick", "card": "0", "label": "A3"}, "three cards"),
    ({"type": "pick", "card": 0}, "by its label"),
    ({"type": "release", "card": 0}, "no gem for that card"),
    ({"type": "fly", "card": 0}, "not a move"),
    ({"type": "fly"}, "not a move"),
])
def test_malformed_actions_are_refused_with_a_reason_and_change_nothing(action, message):
    state = table(2)
    before = state.model_copy(deep=True)
    with pytest.raises(IllegalAction, match=message):
        GAME.apply(state, 0, action)
    assert state == before


def test_a_gem_of_another_kind_is_refused():
    state = table(2, cards=ROUND)
    with pytest.raises(IllegalAction, match="not the kind the pink card shows"):
        pick(state, 0, 0, gem_id("ruby", 5))


def test_a_seat_outside_the_game_and_the_clock_cannot_pick():
    state = table(2)
    label = next(iter(state.labels))
    with pytest.raises(IllegalAction, match="not playing"):
        GAME.apply(state, 3, {"type": "pick", "card": 0, "label": label})
    with pytest.raises(IllegalAction, match="passed"):
        GAME.apply(state, CLOCK, {"type": "pick", "card": 0, "label": label})


def test_every_player_decides_at_once_on_a_pool_decision():
    state = table(3)
    owed = GAME.pending(state)
    assert [d.player for d in owed] == [0, 1, 2]
    assert {d.ui for d in owed} == {DecisionUI.POOL}


def test_a_player_holding_every_pick_owes_nothing_but_may_still_change():
    state = table(2)
    for card in range(3):
        kind = GAME.view(state, 0)["cards"][card]["kind"]
        free = next(g for g in GAME.view(state, 0)["pool"]
                    if g["kind"] == kind and g["holder"] is None)
        state, _ = act(state, 0, {"type": "pick", "card": card, "label": free["label"]})
    assert [d.player for d in GAME.pending(state)] == [1]
    changes = GAME.decision_for(state, 0)
    assert {o.action["type"] for o in changes.options} == {"pick", "release"}


def test_the_end_scores_stars_plus_one_for_exactly_two_pieces_and_ties_share():
    state = table(2, cards_per_colour=3)
    state.round = 3
    state.won = [[card_id("ruby", 4)], [card_id("ruby", 3)]]  # 3 stars, 2 stars
    state.pieces = [0, 2]
    state.supply = 10
    state, evs = GAME.apply(state, CLOCK, {"type": "time_up", "round": 3})
    assert GAME.is_over(state)
    assert [line["total"] for line in evs[-1].scores] == [3, 3]
    assert state.results.winners == [0, 1] and state.results.tiebreak == "shared"
