"""Instant ("Sofort") cards (ESR-8), carried out and forgone through the public apply()."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import Action, GameEvent
from engine.games.esr.cards import cards
from engine.games.esr.events import (
    EventCardTaken,
    EventCardToBottom,
    InstantCarriedOut,
    InstantForgone,
)
from engine.games.esr.state import EsrState, EventSlot, InstantStep
from tests.engine.games.esr.esr_builders import (
    KIND,
    TAKER,
    act,
    assert_event_cards_conserved,
    assert_gems_conserved,
    at_instant,
    colour,
    event_id,
    event_ids,
    fresh_state,
    gem_changes,
    hand_out,
    lapse_turn,
    one_plus_one_id,
    only,
    put_face_up,
    put_on_top,
    set_gems,
    take_event,
)

RED, YELLOW, GREEN, BLUE = range(4)
CARRY_OUT: Action = {"type": "carry_out"}
FORGO: Action = {"type": "forgo"}

RED_BLUE = one_plus_one_id({"red", "blue"})
YELLOW_GREEN = one_plus_one_id({"yellow", "green"})
HALF = event_id("half_scoring")
EXCHANGE = event_id("exchange")
REMOVE = event_id("remove")
TRIO = event_id("trio")
HALVE_ALL = event_id("halve_all")
INSTANTS = [c.id for c in cards().event if c.kind == "instant"]

EVERYONE_3: list[list[int]] = [[3, 3, 3, 3]] * 4


def finish(before: EsrState, *actions: Action) -> tuple[EsrState, InstantCarriedOut]:
    """Carry out the Instant in `before` with these answers; check what every Instant must do."""
    card = before.step.card  # type: ignore[union-attr]
    after, events = act(before, CARRY_OUT, *actions)
    done = only(events, InstantCarriedOut)
    assert (done.seat, done.card) == (TAKER, card)
    assert_discarded(after, events, card, "used")
    assert done.changes == gem_changes(before, after)
    return after, done


def assert_discarded(after: EsrState, events: Sequence[GameEvent], card: int, reason: str) -> None:
    """The card lies face up at the bottom of the event deck; nothing was lost or created."""
    assert after.event_deck[-1] == EventSlot(card=card, face_up=True)
    assert [e.card for e in events if isinstance(e, EventCardToBottom) and e.reason == reason] \
        == [card]
    assert after.step is None or not isinstance(after.step, InstantStep)
    assert_gems_conserved(after)
    assert_event_cards_conserved(after)


def option_actions(state: EsrState) -> list[Action]:
    """The actions the single pending decision offers."""
    (decision,) = KIND.pending(state)
    return [option.action for option in decision.options]


def offered_colours(state: EsrState) -> list[str]:
    return [a["colour"] for a in option_actions(state)]


def gems(state: EsrState) -> list[list[int]]:
    return [list(p.gems) for p in state.players]


# --- Forgoing (every Instant card) ----------------------------------------------------------


@pytest.mark.parametrize("card", INSTANTS)
def test_esr8_every_instant_can_be_forgone_changing_nothing_but_the_deck(card: int) -> None:
    before = at_instant(card, [[2, 1, 0, 5], [4, 0, 3, 1], [0, 0, 0, 0], [1, 6, 2, 2]])
    assert {"type": "forgo"} in option_actions(before)
    after, events = act(before, FORGO)
    assert only(events, InstantForgone).card == card
    assert not [e for e in events if isinstance(e, InstantCarriedOut)]
    assert gems(after) == gems(before) and after.supply == before.supply
    assert [p.money for p in after.players] == [p.money for p in before.players]
    assert_discarded(after, events, card, "forgone")


# --- 1+1 ------------------------------------------------------------------------------------


def test_esr8_one_plus_one_red_blue_sets_both_to_exactly_4_rulebook_example() -> None:
    # Rulebook: 6 blue and 1 red -> give back 2 blue, take 3 red.
    before = at_instant(RED_BLUE, [[1, 2, 7, 6], [3, 3, 3, 3], [3, 3, 3, 3], [3, 3, 3, 3]])
    after, done = finish(before)
    assert after.players[TAKER].gems == [4, 2, 7, 4]
    assert done.changes == {TAKER: [3, 0, 0, -2]}
    assert [after.supply[c] - before.supply[c] for c in range(4)] == [-3, 0, 0, 2]


def test_esr8_one_plus_one_yellow_green_sets_both_to_exactly_4() -> None:
    before = at_instant(YELLOW_GREEN, [[5, 0, 9, 1], [3, 3, 3, 3], [3, 3, 3, 3], [3, 3, 3, 3]])
    after, done = finish(before)
    assert after.players[TAKER].gems == [5, 4, 4, 1]
    assert done.changes == {TAKER: [0, 4, -5, 0]}


def test_esr8_one_plus_one_with_short_supply_takes_what_there_is() -> None:
    # 20 red are with the others, so only 2 red are left in the supply.
    before = at_instant(RED_BLUE, [[0, 3, 3, 4], [10, 3, 3, 3], [10, 3, 3, 3], [0, 3, 3, 3]])
    assert before.supply[RED] == 2
    after, done = finish(before)
    assert after.players[TAKER].gems == [2, 3, 3, 4]
    assert after.supply[RED] == 0
    assert done.changes == {TAKER: [2, 0, 0, 0]}


# --- Half scoring ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "half_base"), [
    ("red", 7), ("yellow", 6), ("green", 5), ("blue", 4),
])
def test_esr8_half_scoring_pays_the_sole_majority_half_base_and_it_returns_half_rounded_up(
        name: str, half_base: int) -> None:
    c = ["red", "yellow", "green", "blue"].index(name)
    holdings = [[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]]
    holdings[2] = [5 if i == c else 1 for i in range(4)]
    before = at_instant(HALF, holdings)
    assert offered_colours(act(before, CARRY_OUT)[0]) == ["red", "yellow", "green", "blue"]
    after, done = finish(before, colour(name))
    assert [p.money for p in after.players] == [0, 0, half_base, 0]
    assert done.changes == {2: [-3 if i == c else 0 for i in range(4)]}  # half of 5 rounded up
    assert done.colour == name
    assert done.scoring is not None
    assert (done.scoring.colour, done.scoring.base, done.scoring.majority) == (name, half_base, [2])
    assert done.scoring.returned == {2: 3}


def test_esr8_half_scoring_tie_splits_half_base_rounding_down_and_each_returns_2() -> None:
    # Rulebook: green scored, two players share the majority: 2 million each (10 : 2 : 2).
    before = at_instant(HALF, [[0, 0, 4, 0], [0, 0, 4, 0], [0, 0, 1, 0], [0, 0, 0, 0]])
    after, done = finish(before, colour("green"))
    assert [p.money for p in after.players] == [2, 2, 0, 0]
    assert done.changes == {0: [0, 0, -2, 0], 1: [0, 0, -2, 0]}


def test_esr8_half_scoring_three_way_red_tie_gets_2_each_and_one_gem_holders_return_one() -> None:
    before = at_instant(HALF, [[1, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]])
    after, done = finish(before, colour("red"))
    assert [p.money for p in after.players] == [2, 2, 2, 0]  # 7 // 3
    assert done.changes == {0: [-1, 0, 0, 0], 1: [-1, 0, 0, 0], 2: [-1, 0, 0, 0]}


def test_esr8_half_scoring_ignores_scoring_cards_which_stay_in_front_of_their_owner() -> None:
    state = fresh_state(4)
    set_gems(state, [[0, 0, 0, 0], [6, 0, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0]])
    red_cards = [event_id("colour_bonus", "red"), event_id("per_gem", "red"),
                 *event_ids("majority_bonus")]
    hand_out(state, {1: red_cards, 2: event_ids("certificate")[:1]})
    put_face_up(state, HALF)
    before, _ = take_event(state)
    after, done = finish(before, colour("red"))
    assert [p.money for p in after.players] == [0, 7, 0, 0]
    assert done.scoring is not None and done.scoring.cards_used == {}
    assert [p.total for p in done.scoring.payments] == [7]
    assert after.players[1].scoring_cards == red_cards
    assert after.players[2].scoring_cards == event_ids("certificate")[:1]


def test_esr8_half_scoring_a_colour_nobody_holds_scores_nothing() -> None:
    before = at_instant(HALF, [[3, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0]])
    after, done = finish(before, colour("blue"))
    assert [p.money for p in after.players] == [0, 0, 0, 0]
    assert done.changes == {}
    assert done.scoring is not None and done.scoring.payments == []


# --- Exchange -------------------------------------------------------------------------------


EXCHANGE_TABLE = [[0, 0, 0, 2], [0, 0, 0, 0], [3, 0, 0, 0], [0, 2, 0, 1]]


def test_esr8_exchange_gives_one_own_gemstone_and_takes_one_of_a_chosen_fellow() -> None:
    before = at_instant(EXCHANGE, EXCHANGE_TABLE)
    give_stage, _ = act(before, CARRY_OUT)
    assert offered_colours(give_stage) == ["blue"]  # only colours the taker owns
    target_stage, _ = act(give_stage, colour("blue"))
    # Only fellows with gemstones: seat 1 has none, the taker is not a fellow.
    assert option_actions(target_stage) == [{"type": "player", "seat": 2},
                                            {"type": "player", "seat": 3}]
    take_stage, _ = act(target_stage, {"type": "player", "seat": 2})
    assert offered_colours(take_stage) == ["red"]
    after, done = finish(before, colour("blue"), {"type": "player", "seat": 2}, colour("red"))
    assert done.target == 2
    assert done.changes == {TAKER: [1, 0, 0, -1], 2: [-1, 0, 0, 1]}
    assert after.players[TAKER].gems == [1, 0, 0, 1]
    assert after.players[2].gems == [2, 0, 0, 1]
    assert after.supply == before.supply


def test_esr8_exchange_may_swap_within_one_colour() -> None:
    before = at_instant(EXCHANGE, EXCHANGE_TABLE)
    after, done = finish(before, colour("blue"), {"type": "player", "seat": 3}, colour("blue"))
    assert done.changes == {}
    assert gems(after) == gems(before)


@pytest.mark.parametrize("holdings", [
    [[0, 0, 0, 0], [3, 3, 3, 3], [3, 3, 3, 3], [3, 3, 3, 3]],  # the taker has no gemstones
    [[3, 3, 3, 3], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],  # no fellow has gemstones
], ids=["taker-empty", "fellows-empty"])
def test_esr8_exchange_without_gemstones_to_swap_can_only_be_forgone(
        holdings: list[list[int]]) -> None:
    before = at_instant(EXCHANGE, holdings)
    assert option_actions(before) == [FORGO]
    snapshot = before.to_dict()
    with pytest.raises(IllegalAction):
        KIND.apply(before, TAKER, CARRY_OUT)
    assert before.to_dict() == snapshot
    after, events = act(before, FORGO)
    assert_discarded(after, events, EXCHANGE, "forgone")


# --- Remove ---------------------------------------------------------------------------------


def test_esr8_remove_takes_a_chosen_colour_from_every_fellow_with_gems_to_the_supply() -> None:
    before = at_instant(REMOVE, [[1, 0, 0, 0], [2, 1, 0, 0], [0, 0, 0, 0], [0, 0, 4, 1]])
    first, _ = act(before, CARRY_OUT)
    (decision,) = KIND.pending(first)
    assert decision.constraints == {"target": 1}  # seat 2 has nothing and is skipped
    assert offered_colours(first) == ["red", "yellow"]
    second, _ = act(first, colour("yellow"))
    (decision,) = KIND.pending(second)
    assert decision.constraints == {"target": 3}
    assert offered_colours(second) == ["green", "blue"]
    after, done = finish(before, colour("yellow"), colour("blue"))
    assert done.changes == {1: [0, -1, 0, 0], 3: [0, 0, 0, -1]}
    assert [after.supply[c] - before.supply[c] for c in range(4)] == [0, 1, 0, 1]
    assert after.players[TAKER].gems == [1, 0, 0, 0]


def test_esr8_remove_with_no_fellow_holding_gems_finishes_at_once() -> None:
    before = at_instant(REMOVE, [[3, 3, 3, 3], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    after, done = finish(before)
    assert done.changes == {}
    assert gems(after) == gems(before)


# --- Trio -----------------------------------------------------------------------------------


def test_esr8_trio_takes_3_of_the_named_colour_from_the_supply() -> None:
    before = at_instant(TRIO, EVERYONE_3)
    after, done = finish(before, colour("yellow"))
    assert done.colour == "yellow"
    assert done.changes == {TAKER: [0, 3, 0, 0]}
    assert after.supply[YELLOW] == before.supply[YELLOW] - 3


def test_esr8_trio_with_short_supply_takes_fewer() -> None:
    before = at_instant(TRIO, [[0, 0, 0, 0], [0, 0, 10, 0], [0, 0, 10, 0], [0, 0, 0, 0]])
    assert before.supply[GREEN] == 2
    after, done = finish(before, colour("green"))
    assert done.changes == {TAKER: [0, 0, 2, 0]}
    assert after.supply[GREEN] == 0


# --- Halve all ------------------------------------------------------------------------------


def test_esr8_halve_all_everyone_including_the_taker_returns_half_rounded_down() -> None:
    # Rulebook: with 7 give up 3, with 5 give up 2, with 3 give up 1, with 1 give up 0.
    before = at_instant(HALVE_ALL, [[7, 5, 3, 1], [1, 3, 5, 7], [0, 2, 4, 6], [2, 0, 0, 0]])
    after, done = finish(before)
    assert gems(after) == [[4, 3, 2, 1], [1, 2, 3, 4], [0, 1, 2, 3], [1, 0, 0, 0]]
    assert done.changes == {0: [-3, -2, -1, 0], 1: [0, -1, -2, -3], 2: [0, -1, -2, -3],
                            3: [-1, 0, 0, 0]}
    assert [after.supply[c] - before.supply[c] for c in range(4)] == [4, 4, 5, 6]


# --- Illegal answers leave the state untouched ----------------------------------------------


def stage(card: int, holdings: list[list[int]], *answers: Action) -> EsrState:
    """The Instant's state after carrying it out and giving these answers."""
    state, _ = act(at_instant(card, holdings), CARRY_OUT, *answers)
    return state


ILLEGAL = {
    # A colour that is not offered.
    "give-colour-not-owned": (lambda: stage(EXCHANGE, EXCHANGE_TABLE), TAKER, colour("red")),
    "take-colour-target-lacks": (
        lambda: stage(EXCHANGE, EXCHANGE_TABLE, colour("blue"), {"type": "player", "seat": 2}),
        TAKER, colour("green")),
    "remove-colour-target-lacks": (
        lambda: stage(REMOVE, [[0, 0, 0, 0], [2, 0, 0, 0], [0, 0, 0, 3], [0, 0, 0, 0]]),
        TAKER, colour("blue")),
    "unknown-colour": (lambda: stage(TRIO, EVERYONE_3), TAKER, colour("purple")),
    # A fellow player who is not offered.
    "exchange-with-oneself": (lambda: stage(EXCHANGE, EXCHANGE_TABLE, colour("blue")), TAKER,
                              {"type": "player", "seat": TAKER}),
    "exchange-with-empty-fellow": (lambda: stage(EXCHANGE, EXCHANGE_TABLE, colour("blue")),
                                   TAKER, {"type": "player", "seat": 1}),
    # The wrong stage.
    "colour-before-carry-out": (lambda: at_instant(TRIO, EVERYONE_3), TAKER, colour("red")),
    "player-while-giving": (lambda: stage(EXCHANGE, EXCHANGE_TABLE), TAKER,
                            {"type": "player", "seat": 2}),
    "colour-while-choosing-fellow": (lambda: stage(EXCHANGE, EXCHANGE_TABLE, colour("blue")),
                                     TAKER, colour("blue")),
    "carry-out-twice": (lambda: stage(HALF, EVERYONE_3), TAKER, CARRY_OUT),
    "forgo-after-carrying-out": (lambda: stage(TRIO, EVERYONE_3), TAKER, FORGO),
    "player-for-half-scoring": (lambda: stage(HALF, EVERYONE_3), TAKER,
                                {"type": "player", "seat": 1}),
    "choose-action-card-now": (lambda: at_instant(HALVE_ALL, EVERYONE_3), TAKER,
                               {"type": "choose", "card": "money"}),
    # Another player acting.
    "other-player-carries-out": (lambda: at_instant(TRIO, EVERYONE_3), 1, CARRY_OUT),
    "other-player-forgoes": (lambda: at_instant(HALVE_ALL, EVERYONE_3), 2, FORGO),
    "other-player-names-colour": (lambda: stage(HALF, EVERYONE_3), 3, colour("red")),
}


@pytest.mark.parametrize("case", list(ILLEGAL))
def test_esr8_illegal_instant_answers_raise_and_leave_the_state_unchanged(case: str) -> None:
    build, seat, action = ILLEGAL[case]
    state = build()
    snapshot = state.to_dict()
    pending = KIND.pending(state)
    with pytest.raises(IllegalAction):
        KIND.apply(state, seat, action)
    assert state.to_dict() == snapshot
    assert KIND.pending(state) == pending


def test_esr8_another_player_answering_gets_not_your_turn() -> None:
    state = at_instant(TRIO, EVERYONE_3)
    with pytest.raises(NotYourTurn):
        KIND.apply(state, 1, CARRY_OUT)


def test_esr8_instant_decisions_belong_to_the_taker_alone() -> None:
    state = at_instant(EXCHANGE, EXCHANGE_TABLE)
    for answer in (CARRY_OUT, colour("blue"), {"type": "player", "seat": 2}):
        (decision,) = KIND.pending(state)
        assert decision.player == TAKER
        assert KIND.decision_for(state, 1) is None
        state, _ = act(state, answer)


# --- Scoring cards taken with the Event action (ESR-9) --------------------------------------


def test_esr9_scoring_card_taken_face_up_lies_in_front_of_its_owner_until_scoring() -> None:
    certificate = event_ids("certificate")[0]
    state = fresh_state(4)
    put_face_up(state, certificate)
    state, events = take_event(state)
    taken = only(events, EventCardTaken)
    assert (taken.seat, taken.card, taken.source, taken.scoring) == (TAKER, certificate,
                                                                     "face_up", True)
    assert state.players[TAKER].scoring_cards == [certificate]
    assert all(slot.card != certificate for slot in state.event_deck)
    assert state.step is None and state.turn == 2  # no Instant decision; the turn went on
    state, _ = lapse_turn(state)
    assert state.players[TAKER].scoring_cards == [certificate]
    assert_event_cards_conserved(state)


def test_esr9_scoring_card_drawn_blind_lies_in_front_and_the_face_up_card_goes_under() -> None:
    per_gem = event_id("per_gem", "green")
    state = fresh_state(4)
    put_face_up(state, TRIO)
    put_on_top(state, per_gem)
    state, events = take_event(state, "blind")
    assert only(events, EventCardTaken).card == per_gem
    assert state.players[TAKER].scoring_cards == [per_gem]
    assert EventSlot(card=TRIO, face_up=True) in state.event_deck
    assert [(e.card, e.reason) for e in events if isinstance(e, EventCardToBottom)] \
        == [(TRIO, "blind_draw")]
    assert_event_cards_conserved(state)


def test_esr8_instant_drawn_blind_is_carried_out_like_a_face_up_one() -> None:
    state = fresh_state(4)
    set_gems(state, EVERYONE_3)
    put_on_top(state, HALVE_ALL)
    before, _ = take_event(state, "blind")
    assert isinstance(before.step, InstantStep) and before.step.card == HALVE_ALL
    after, _ = finish(before)
    assert gems(after) == [[2, 2, 2, 2]] * 4

