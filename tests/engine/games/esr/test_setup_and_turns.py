"""Setup (ESR-1), determinism, JSON round trip and the flow of one turn (ESR-6, ESR-7)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.games.esr.state import EventSlot

CERTIFICATE = 10  # an event card that needs no further decision once taken
CARD_7M_RY = 0
CARD_6M_RRG = 12
CARD_4M_RYGB = 22


@pytest.mark.parametrize(
    ("players", "hand", "aside", "visible"),
    [
        (3, ["money", "event", "gems"], 6, 6),
        (4, ["money", "event", "gems"], 2, 1),
        (5, ["money", "event", "gems", "free"], 0, 0),
    ],
)
def test_esr1_setup(esr, players, hand, aside, visible):
    state, events = esr.new_game(7, players)
    assert [e.type for e in events[:2]] == ["game_started", "round_started"]
    assert state.round == 1 and state.turn == 1 and state.phase == "choose"
    for seat in range(players):
        assert state.players[seat].gems == [3, 3, 3, 3]
        assert state.players[seat].money == 0
        assert state.players[seat].gem_card is not None
        options = esr.decision_for(state, seat).options
        assert [o.action["card"] for o in options] == hand
    assert state.supply == [22 - 3 * players] * 4
    assert len(state.laid_aside) == aside
    assert len(state.gem_deck) == 30 - aside - players
    assert state.face_up_event is not None and len(state.event_deck) == 38
    view = esr.view(state, None)
    assert len(view["laid_aside"]) == visible
    assert view["laid_aside_hidden"] == aside - visible
    assert [c["id"] for c in view["laid_aside"]] == state.laid_aside[:visible]
    started = events[1]  # the narration shows the visible cards only
    assert started.laid_aside_visible == state.laid_aside[:visible]
    assert started.laid_aside_hidden == aside - visible


@pytest.mark.parametrize(("players", "turns"), [(3, 8), (4, 7), (5, 6)])
def test_esr1_three_rounds_of_turns_per_round(esr, lapse_turns, of_type, players, turns):
    state, _ = esr.new_game(3, players)
    state, events = lapse_turns(state, 3 * turns)
    assert state.phase == "over"
    ended = of_type(events, "turn_ended")
    assert [(e.round, e.turn) for e in ended] == [
        (r, t) for r in (1, 2, 3) for t in range(1, turns + 1)
    ]
    assert [e.round for e in of_type(events, "round_scored")] == [1, 2, 3]
    assert len(of_type(events, "game_ended")) == 1


@pytest.mark.parametrize("players", [0, 1, 2, 6])
def test_esr1_wrong_player_count_is_refused(esr, players):
    with pytest.raises(IllegalAction, match="3 to 5 players"):
        esr.new_game(1, players)


def test_same_seed_gives_identical_state(esr, play_choices):
    a, _ = esr.new_game(42, 4)
    b, _ = esr.new_game(42, 4)
    assert esr.dump(a) == esr.dump(b)
    choices = {0: "money", 1: "money", 2: "money", 3: "money"}
    assert esr.dump(play_choices(a, choices)[0]) == esr.dump(play_choices(b, choices)[0])


def test_different_seeds_give_different_games(esr):
    dumps = {esr.dump(esr.new_game(seed, 3)[0]) for seed in range(10)}
    assert len(dumps) == 10


def test_state_json_round_trip(esr, play_choices, set_gems):
    state, _ = esr.new_game(5, 3)
    assert esr.load(esr.dump(state)) == state
    set_gems(state, 1, [2, 3, 3, 3])
    state, _ = play_choices(state, {0: "money", 1: "money", 2: "event"})
    assert state.step.kind == "negotiation"
    for snapshot in (state, esr.apply(state, 1, {"type": "offer", "gems": [1, 0, 0, 0]})[0]):
        text = esr.dump(snapshot)
        assert esr.load(text) == snapshot
        assert esr.dump(esr.load(text)) == text


def test_choices_are_secret_and_changeable_until_the_last_player_chooses(esr, of_type):
    state, _ = esr.new_game(1, 3)
    state, events = esr.apply(state, 0, {"type": "choose", "card": "money"})
    assert [(e.seat, e.changed) for e in of_type(events, "action_chosen")] == [(0, False)]
    state, events = esr.apply(state, 0, {"type": "choose", "card": "gems"})
    assert [(e.seat, e.changed) for e in of_type(events, "action_chosen")] == [(0, True)]
    assert esr.decision_for(state, 0).current == {"type": "choose", "card": "gems"}
    assert [d.player for d in esr.pending(state)] == [1, 2]
    state, events = esr.apply(state, 1, {"type": "choose", "card": "money"})
    assert not of_type(events, "actions_revealed") and state.phase == "choose"
    state, events = esr.apply(state, 2, {"type": "choose", "card": "money"})
    assert of_type(events, "actions_revealed")[0].choices == {0: "gems", 1: "money", 2: "money"}
    assert state.phase == "resolve"
    with pytest.raises(IllegalAction):
        esr.apply(state, 0, {"type": "choose", "card": "money"})


@pytest.mark.parametrize(("players", "card"), [(3, "free"), (4, "free"), (5, "joker")])
def test_choosing_a_card_not_in_hand_is_illegal(esr, players, card):
    state, _ = esr.new_game(1, players)
    with pytest.raises(IllegalAction, match="no '"):
        esr.apply(state, 0, {"type": "choose", "card": card})


def test_resolution_order_money_event_gems(esr, play_choices, place_event):
    state, _ = esr.new_game(2, 3)
    place_event(state, CERTIFICATE)
    state, events = play_choices(state, {0: "gems", 1: "event", 2: "money"})
    types = [e.type for e in events]
    assert types.index("money_taken") > types.index("actions_revealed")
    assert "gems_taken" not in types  # Gemstones waits for the Event decision
    assert esr.pending(state)[0].kind == "esr.event_source"
    state, events = esr.apply(state, 1, {"type": "event_source", "source": "face_up"})
    types = [e.type for e in events]
    assert types.index("event_card_taken") < types.index("gems_taken") < types.index("turn_ended")


def test_esr6_single_money_chooser_takes_own_card_amount(esr, play_choices, of_type):
    state, _ = esr.new_game(2, 3)
    state.players[0].gem_card, state.players[1].gem_card = CARD_4M_RYGB, CARD_7M_RY
    state, events = play_choices(state, {0: "money", 1: "gems", 2: "gems"})
    assert [(e.seat, e.amount) for e in of_type(events, "money_taken")] == [(0, 4)]
    assert [p.money for p in state.players] == [4, 0, 0]


def test_esr6_single_gems_chooser_takes_own_card_gems_from_supply(esr, play_choices, of_type):
    state, _ = esr.new_game(2, 4)
    state.players[1].gem_card, state.players[0].gem_card = CARD_6M_RRG, CARD_4M_RYGB
    supply = list(state.supply)
    state, events = play_choices(state, {0: "money", 1: "gems", 2: "money", 3: "money"})
    taken = of_type(events, "gems_taken")
    assert [(e.seat, e.received) for e in taken] == [(1, [2, 0, 1, 0])]
    assert state.players[1].gems == [5, 3, 4, 3]
    assert state.supply == [supply[0] - 2, supply[1], supply[2] - 1, supply[3]]


def test_esr6_short_supply_gives_what_is_left_per_colour(esr, play_choices, set_gems, of_type):
    state, _ = esr.new_game(2, 4)
    set_gems(state, 2, [3 + state.supply[0] - 1, 3, 3, 3])  # leaves 1 red in the supply
    state.players[1].gem_card = CARD_6M_RRG
    state, events = play_choices(state, {0: "money", 1: "gems", 2: "money", 3: "money"})
    taken = of_type(events, "gems_taken")[0]
    assert (taken.wanted, taken.received) == ([2, 0, 1, 0], [1, 0, 1, 0])
    assert state.supply[0] == 0 and state.players[1].gems == [4, 3, 4, 3]


@pytest.mark.parametrize("card", ["money", "gems", "event"])
def test_three_or_more_choosers_lapse(esr, play_choices, of_type, card):
    state, _ = esr.new_game(4, 4)
    before = [(p.money, list(p.gems)) for p in state.players]
    other = "gems" if card == "money" else "money"
    state, events = play_choices(state, {0: card, 1: card, 2: card, 3: other})
    lapsed = of_type(events, "action_lapsed")
    assert [(e.action, e.seats, e.reason) for e in lapsed] == [(card, [0, 1, 2], "three_or_more")]
    assert [(p.money, p.gems) for p in state.players][:3] == before[:3]
    assert state.turn == 2 and state.phase == "choose"


def test_turn_end_discards_gem_cards_and_deals_new_ones(esr, lapse_turns):
    state, _ = esr.new_game(9, 3)
    dealt = [p.gem_card for p in state.players]
    top_of_deck = state.gem_deck[:3]
    state, _ = lapse_turns(state, 1)
    assert state.gem_discard == dealt
    assert [p.gem_card for p in state.players] == top_of_deck
    assert all(p.choice is None for p in state.players)


def test_esr7_untaken_face_up_event_goes_face_up_to_the_bottom(esr, lapse_turns, of_type):
    state, _ = esr.new_game(9, 3)
    card, next_card = state.face_up_event, state.event_deck[0].card
    state, events = lapse_turns(state, 1)
    assert [(e.card, e.reason) for e in of_type(events, "event_card_to_bottom")] == [
        (card, "not_taken")
    ]
    assert state.event_deck[-1] == EventSlot(card=card, face_up=True)
    assert state.face_up_event == next_card


@pytest.mark.parametrize(("players", "aside"), [(3, 6), (4, 2), (5, 0)])
def test_esr12_new_round_reshuffles_all_30_gem_cards(esr, lapse_turns, of_type, players, aside):
    state, _ = esr.new_game(12, players)
    state, events = lapse_turns(state, state.turns_per_round)
    assert state.round == 2 and state.turn == 1
    assert [e.round for e in of_type(events, "round_started")] == [2]
    dealt = [p.gem_card for p in state.players]
    assert sorted(state.laid_aside + state.gem_deck + dealt) == list(range(30))
    assert len(state.laid_aside) == aside and state.gem_discard == []


def test_esr12_short_colours_are_topped_up_by_every_holder(
    esr, lapse_turns, set_gems, of_type
):
    state, _ = esr.new_game(12, 3)
    state, _ = lapse_turns(state, state.turns_per_round - 1)
    # Red and blue end up tied between two seats: each returns 2 at the scoring,
    # leaving 4 in the supply; yellow and green stay plentiful.
    holdings = ([11, 3, 3, 0], [11, 3, 3, 11], [0, 3, 3, 11])
    for seat in range(3):
        set_gems(state, seat, [0, 0, 0, 0])
    for seat, gems in enumerate(holdings):
        set_gems(state, seat, gems)
    state, events = lapse_turns(state, 1)
    started = of_type(events, "round_started")[0]
    assert started.top_up == {0: ["red"], 1: ["red", "blue"], 2: ["blue"]}
    assert [p.gems for p in state.players] == [[8, 1, 1, 0], [8, 1, 1, 8], [0, 1, 1, 8]]
    assert state.supply == [6, 19, 19, 6]


def test_esr12_no_top_up_in_the_first_round_or_with_more_than_5(esr, lapse_turns, of_type):
    state, events = esr.new_game(12, 5)
    assert of_type(events, "round_started")[0].top_up == {}
    state, events = lapse_turns(state, state.turns_per_round)
    assert min(state.supply) > 5
    assert of_type(events, "round_started")[0].top_up == {}


def test_esr12_top_up_boundary_exactly_5_counts_6_does_not(esr, lapse_turns, set_gems, of_type):
    state, _ = esr.new_game(12, 3)
    state, _ = lapse_turns(state, state.turns_per_round - 1)
    # After the tied returns: red 5 in the supply (topped up), blue 6 (not topped up).
    holdings = ([10, 3, 3, 10], [10, 3, 3, 10], [1, 3, 3, 0])
    for seat in range(3):
        set_gems(state, seat, [0, 0, 0, 0])
    for seat, gems in enumerate(holdings):
        set_gems(state, seat, gems)
    state, events = lapse_turns(state, 1)
    assert of_type(events, "round_started")[0].top_up == {0: ["red"], 1: ["red"], 2: ["red"]}
    assert state.supply[0] == 8 and state.supply[3] == 6
