"""Trading between two players who chose the same action (rulebook: Trading; ESR-2 to ESR-5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import GameEvent, GameKind
from engine.games.esr.state import EsrState

CARD_7M_RY = 0
CARD_4M_RYGB = 22
CERTIFICATE = 10

Gems = list[int]
Result = tuple[EsrState, list[GameEvent]]
Start = Callable[..., Result]


@pytest.fixture
def negotiate(esr: GameKind, play_choices: Any, set_gems: Any, place_event: Any) -> Start:
    """A 3-player game where seats 0 and 1 chose `action`; seat 2 chose something else."""

    def start(gems0: Gems, gems1: Gems, action: str = "money",
              money: tuple[int, int] = (0, 0)) -> Result:
        state, _ = esr.new_game(3, 3)
        set_gems(state, 0, gems0)
        set_gems(state, 1, gems1)
        state.players[0].money, state.players[1].money = money
        state.players[0].gem_card, state.players[1].gem_card = CARD_7M_RY, CARD_4M_RYGB
        place_event(state, CERTIFICATE)
        third = "gems" if action == "money" else "money"
        return play_choices(state, {0: action, 1: action, 2: third})

    return start


def offer(esr: GameKind, state: EsrState, seat: int, gems: Gems) -> Result:
    return esr.apply(state, seat, {"type": "offer", "gems": gems})


@pytest.mark.parametrize(
    ("gems0", "gems1", "money", "opener", "decided_by"),
    [
        ([4, 3, 3, 3], [3, 3, 3, 3], (0, 0), 1, "red"),
        ([3, 2, 3, 3], [3, 3, 3, 3], (0, 0), 0, "yellow"),
        ([3, 3, 5, 3], [3, 3, 4, 9], (0, 0), 1, "green"),
        ([3, 3, 3, 4], [3, 3, 3, 3], (0, 0), 1, "blue"),
        ([3, 3, 3, 3], [3, 3, 3, 3], (9, 5), 1, "money"),
        ([3, 3, 3, 3], [3, 3, 3, 3], (5, 5), 0, "seat"),
    ],
)
def test_esr3_opener_has_fewer_red_then_yellow_green_blue_then_esr2(
    negotiate, of_type, gems0, gems1, money, opener, decided_by
):
    state, events = negotiate(gems0, gems1, money=money)
    started = of_type(events, "negotiation_started")[0]
    assert (started.opener, started.decided_by) == (opener, decided_by)
    assert state.step.to_move == opener


def test_esr3_fewer_red_opens_even_with_more_of_everything_else(negotiate, of_type):
    _, events = negotiate([2, 9, 9, 9], [3, 0, 0, 0])
    assert of_type(events, "negotiation_started")[0].opener == 0


def test_esr4_rulebook_miriam_peter_example_is_legal_move_by_move(esr, negotiate, of_type):
    peter, miriam = 0, 1  # same red and yellow, Miriam has fewer green: she opens
    state, events = negotiate([3, 3, 4, 3], [3, 3, 3, 3])
    assert of_type(events, "negotiation_started")[0].decided_by == "green"
    moves = [
        (miriam, [1, 0, 0, 0], "opening"),  # 1 red
        (peter, [0, 0, 0, 2], "quantity"),  # 2 blue
        (miriam, [0, 1, 1, 0], "value"),  # 1 yellow, 1 green
        (peter, [1, 0, 0, 1], "value"),  # trades 1 blue for 1 red
        (miriam, [0, 0, 3, 0], "quantity"),  # 3 green
        (peter, [1, 0, 0, 2], "value"),  # adds 1 blue: as many as Miriam's, with more red
    ]
    for seat, gems, how in moves:
        state, events = offer(esr, state, seat, gems)
        made = of_type(events, "offer_made")
        assert [(e.seat, e.gems, e.how) for e in made] == [(seat, gems, how)]
    state, events = esr.apply(state, miriam, {"type": "accept"})
    accepted = of_type(events, "offer_accepted")[0]
    assert (accepted.seat, accepted.from_seat, accepted.gems, accepted.forced) == (
        miriam, peter, [1, 0, 0, 2], "")
    assert state.players[miriam].gems == [4, 3, 3, 5]
    assert state.players[peter].gems == [2, 3, 4, 1]
    assert [(e.seat, e.amount) for e in of_type(events, "money_taken")] == [(peter, 7)]


@pytest.mark.parametrize(
    ("first", "second", "how"),
    [
        ([1, 0, 0, 0], [0, 0, 0, 2], "quantity"),  # more gemstones, colours play no role
        ([0, 0, 2, 0], [1, 0, 0, 1], "value"),  # as many, more red
        ([0, 1, 0, 1], [0, 1, 1, 0], "value"),  # red equal, yellow equal, more green
        ([0, 0, 0, 1], [0, 0, 1, 0], "value"),
    ],
)
def test_esr4_raise_by_quantity_or_value(esr, negotiate, of_type, first, second, how):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3])
    state, _ = offer(esr, state, 0, first)
    state, events = offer(esr, state, 1, second)
    assert of_type(events, "offer_made")[0].how == how
    assert state.step.offer == second and state.step.to_move == 0


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ([0, 0, 0, 2], [1, 0, 0, 0]),  # fewer gemstones never beat, whatever their colour
        ([1, 0, 0, 1], [0, 1, 1, 0]),  # as many, but less red
        ([0, 1, 1, 0], [0, 1, 1, 0]),  # an equal offer does not beat
        ([0, 0, 1, 0], [0, 0, 0, 1]),
    ],
)
def test_esr4_a_raise_that_does_not_beat_is_rejected_without_change(esr, negotiate, first, second):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3])
    state, _ = offer(esr, state, 0, first)
    before = esr.dump(state)
    with pytest.raises(IllegalAction, match="does not beat"):
        offer(esr, state, 1, second)
    assert esr.dump(state) == before


def test_offering_gems_you_do_not_own_is_rejected(esr, negotiate):
    state, _ = negotiate([0, 3, 3, 3], [3, 3, 3, 3])
    before = esr.dump(state)
    with pytest.raises(IllegalAction, match="You have only 0 red gemstones"):
        offer(esr, state, 0, [1, 0, 0, 0])
    with pytest.raises(IllegalAction, match="You have only 3 blue gemstones"):
        offer(esr, state, 0, [0, 0, 0, 4])
    with pytest.raises(IllegalAction):
        offer(esr, state, 0, [0, -1, 0, 0])
    assert esr.dump(state) == before


def test_esr4_own_earlier_offer_does_not_bind(esr, negotiate):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3])
    state, _ = offer(esr, state, 0, [0, 0, 3, 0])
    state, _ = offer(esr, state, 1, [1, 0, 0, 2])
    # Seat 0 withdraws the three green completely and offers different gemstones.
    state, _ = offer(esr, state, 0, [2, 0, 0, 1])
    state, _ = esr.apply(state, 1, {"type": "accept"})
    assert state.players[0].gems == [1, 3, 3, 2]
    assert state.players[1].gems == [5, 3, 3, 4]
    assert state.players[0].money == 7


def test_accept_transfers_gems_and_offerer_carries_out_gemstones(esr, negotiate, of_type):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3], action="gems")
    supply = list(state.supply)
    state, _ = offer(esr, state, 0, [0, 0, 0, 1])
    state, events = esr.apply(state, 1, {"type": "accept"})
    assert state.players[1].gems == [3, 3, 3, 4]
    # Seat 0 carries out Gemstones with their own card (RY), ESR-6.
    assert [(e.seat, e.received) for e in of_type(events, "gems_taken")] == [(0, [1, 1, 0, 0])]
    assert state.players[0].gems == [4, 4, 3, 2]
    assert state.supply == [supply[0] - 1, supply[1] - 1, supply[2], supply[3]]


def test_accept_without_an_offer_is_illegal(esr, negotiate):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3])
    with pytest.raises(IllegalAction, match="no offer"):
        esr.apply(state, 0, {"type": "accept"})


def test_esr5_opener_offers_nothing_other_offers_one_and_opener_must_accept(
    esr, negotiate, of_type
):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3])
    state, _ = offer(esr, state, 0, [0, 0, 0, 0])
    decision = esr.pending(state)[0]
    assert decision.player == 1 and decision.constraints["offer"]["exactly_one"]
    state, events = offer(esr, state, 1, [0, 1, 0, 0])
    assert [e.how for e in of_type(events, "offer_made")] == ["single"]
    accepted = of_type(events, "offer_accepted")[0]
    assert (accepted.seat, accepted.from_seat, accepted.forced) == (0, 1, "opened_with_nothing")
    assert state.players[0].gems == [3, 4, 3, 3] and state.players[1].gems == [3, 2, 3, 3]
    assert [p.money for p in state.players[:2]] == [0, 4]


def test_esr5_after_opening_with_nothing_more_than_one_gem_is_rejected(esr, negotiate):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3])
    state, _ = offer(esr, state, 0, [0, 0, 0, 0])
    with pytest.raises(IllegalAction, match="exactly one"):
        offer(esr, state, 1, [0, 0, 1, 1])


def test_esr5_both_offer_nothing_and_the_action_lapses(esr, negotiate, of_type):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3])
    state, _ = offer(esr, state, 0, [0, 0, 0, 0])
    state, events = offer(esr, state, 1, [0, 0, 0, 0])
    lapsed = of_type(events, "action_lapsed")
    assert [(e.action, e.reason) for e in lapsed] == [("money", "nobody_offered")]
    assert not of_type(events, "money_taken")
    assert [p.gems for p in state.players[:2]] == [[3, 3, 3, 3]] * 2
    assert [p.money for p in state.players[:2]] == [0, 0]


def test_esr5_only_the_opener_may_offer_nothing(esr, negotiate):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3])
    state, _ = offer(esr, state, 0, [1, 0, 0, 0])
    with pytest.raises(IllegalAction, match="Only the player who opens"):
        offer(esr, state, 1, [0, 0, 0, 0])


@pytest.mark.parametrize("winning", [[0, 0, 0, 3], [1, 1, 0, 0]])
def test_esr5_player_who_cannot_beat_accepts_automatically(esr, negotiate, of_type, winning):
    state, _ = negotiate([0, 0, 0, 2], [3, 3, 3, 3])  # seat 0 holds only 2 blue
    state, _ = offer(esr, state, 0, [0, 0, 0, 1])
    state, events = offer(esr, state, 1, winning)
    accepted = of_type(events, "offer_accepted")
    assert [(e.seat, e.from_seat, e.forced) for e in accepted] == [(0, 1, "cannot_beat")]
    assert state.players[1].money == 4
    assert state.step is None or state.step.kind != "negotiation"


def test_esr5_first_offer_the_partner_cannot_beat_is_accepted_at_once(esr, negotiate, of_type):
    state, _ = negotiate([0, 3, 3, 3], [1, 0, 0, 0])  # seat 0 opens (no red), seat 1 has 1 gem
    state, events = offer(esr, state, 0, [0, 0, 0, 2])
    assert of_type(events, "offer_accepted")[0].forced == "cannot_beat"
    assert state.players[1].gems == [1, 0, 0, 2] and state.players[0].money == 7


def test_esr5_empty_handed_opener_offers_nothing_automatically(esr, negotiate, of_type):
    state, events = negotiate([0, 0, 0, 0], [3, 3, 3, 3])
    made = of_type(events, "offer_made")
    assert [(e.seat, e.how, e.forced) for e in made] == [(0, "nothing", True)]
    decision = esr.pending(state)[0]
    assert decision.player == 1 and decision.kind == "esr.negotiate"
    assert {o.label for o in decision.options} == {
        "Offer 1 red", "Offer 1 yellow", "Offer 1 green", "Offer 1 blue", "Offer nothing"}


def test_esr5_two_empty_handed_players_lapse_without_a_decision(negotiate, of_type):
    _, events = negotiate([0, 0, 0, 0], [0, 0, 0, 0])
    assert [e.reason for e in of_type(events, "action_lapsed")] == ["nobody_offered"]
    assert not of_type(events, "money_taken")


def test_out_of_turn_negotiator_and_outsider_get_not_your_turn(esr, negotiate):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3])
    before = esr.dump(state)
    with pytest.raises(NotYourTurn):
        offer(esr, state, 1, [1, 0, 0, 0])
    with pytest.raises(NotYourTurn):
        esr.apply(state, 1, {"type": "accept"})
    with pytest.raises(NotYourTurn):
        offer(esr, state, 2, [1, 0, 0, 0])
    assert esr.dump(state) == before
    assert esr.decision_for(state, 1) is None and esr.decision_for(state, 2) is None


def test_wrong_action_type_in_negotiation_is_illegal(esr, negotiate):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3])
    for action in ({"type": "forgo"}, {"type": "offer", "gems": [1, 0]},
                   {"type": "offer", "gems": "red"}, {"type": "choose", "card": "money"}):
        with pytest.raises(IllegalAction):
            esr.apply(state, 0, action)


def test_event_negotiation_winner_then_chooses_the_event_source(esr, negotiate):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3], action="event")
    state, _ = offer(esr, state, 0, [0, 0, 0, 1])
    state, _ = esr.apply(state, 1, {"type": "accept"})
    decision = esr.pending(state)[0]
    assert (decision.player, decision.kind) == (0, "esr.event_source")
    state, _ = esr.apply(state, 0, {"type": "event_source", "source": "face_up"})
    assert state.players[0].scoring_cards == [CERTIFICATE]


def test_negotiation_decision_offers_accept_and_describes_the_offer(esr, negotiate):
    state, _ = negotiate([3, 3, 3, 3], [3, 3, 3, 3])
    opening = esr.pending(state)[0]
    assert opening.constraints["offer"]["may_offer_nothing"]
    assert [o.action["gems"] for o in opening.options] == [
        [0, 0, 0, 1], [0, 0, 1, 0], [0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]]
    assert opening.options[-1].label == "Offer nothing"
    state, _ = offer(esr, state, 0, [0, 2, 0, 0])
    answer = esr.pending(state)[0]
    assert answer.player == 1
    assert answer.constraints["offer"]["current"] == [0, 2, 0, 0]
    assert answer.constraints["offer"]["own"] == [3, 3, 3, 3]
    # Accept, then the cheapest raise by quantity and the cheapest by value (ESR-4).
    assert [o.action for o in answer.options] == [
        {"type": "accept"},
        {"type": "offer", "gems": [0, 0, 0, 3]},
        {"type": "offer", "gems": [1, 0, 0, 1]},
    ]
    for option in answer.options[1:]:
        esr.apply(state, 1, option.action)  # every ready-made raise is legal


def test_a_non_negotiator_sending_any_action_is_told_it_is_not_their_turn() -> None:
    from engine import get_kind
    from engine.core.errors import NotYourTurn
    from engine.games.esr.state import NegotiationStep

    esr = get_kind("esr")
    state, _ = esr.new_game(4, 3)
    for seat, card in enumerate(["money", "money", "gems"]):
        state, _ = esr.apply(state, seat, {"type": "choose", "card": card})
    assert isinstance(state.step, NegotiationStep)
    with pytest.raises(NotYourTurn):
        esr.apply(state, 2, {"type": "event_source", "source": "blind"})


def test_the_cheapest_value_raise_is_the_lowest_of_all_offers_that_beat_the_current_one() -> None:
    # Found directly (no enumeration) for speed; checked against the enumeration it replaced.
    import random

    from engine.games.esr.decisions import cheapest_value_raise
    from engine.games.esr.gems import beats, offer_key

    rng = random.Random(1)
    for _ in range(3000):
        own = [rng.randint(0, 6) for _ in range(4)]
        current = [rng.randint(0, 4) for _ in range(4)]
        if not sum(current):
            continue
        size = sum(current)
        every_offer = [[r, y, g, size - r - y - g] for r in range(own[0] + 1)
                       for y in range(own[1] + 1) for g in range(own[2] + 1)
                       if 0 <= size - r - y - g <= own[3]]
        raises = [o for o in every_offer if beats(o, current)]
        assert cheapest_value_raise(own, current) == (min(raises, key=offer_key) if raises
                                                       else None), (own, current)
