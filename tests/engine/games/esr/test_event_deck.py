"""The event deck: face-up card, blind draws, face-up cards at the bottom, reshuffles (ESR-7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import GameEvent, GameKind
from engine.games.esr.state import EsrState, EventSlot

CERTIFICATES = (10, 11)
TRIO = 35


def turn_face_up(state: EsrState, start: int = 0) -> None:
    """Turn every event deck slot from `start` on face up (slots are immutable)."""
    state.event_deck[start:] = [EventSlot(card=s.card, face_up=True)
                                for s in state.event_deck[start:]]


@pytest.fixture
def event_turn(esr: GameKind, play_choices: Any, place_event: Any
               ) -> Callable[..., tuple[EsrState, list[GameEvent]]]:
    """A 4-player game where seat 0 alone chose Event; `face_up` and `top` arranged."""

    def start(face_up: int = CERTIFICATES[0], top: int = CERTIFICATES[1]
              ) -> tuple[EsrState, list[GameEvent]]:
        state, _ = esr.new_game(6, 4)
        place_event(state, face_up)
        i = next(i for i, slot in enumerate(state.event_deck) if slot.card == top)
        state.event_deck.insert(0, state.event_deck.pop(i))
        return play_choices(state, {0: "event", 1: "money", 2: "money", 3: "money"})

    return start


def test_esr7_event_player_chooses_face_up_or_blind(esr, event_turn):
    state, _ = event_turn()
    decision = esr.pending(state)[0]
    assert (decision.player, decision.kind) == (0, "esr.event_source")
    assert [o.action["source"] for o in decision.options] == ["face_up", "blind"]
    with pytest.raises(IllegalAction):
        esr.apply(state, 0, {"type": "event_source", "source": "bottom"})
    with pytest.raises(NotYourTurn):
        esr.apply(state, 1, {"type": "event_source", "source": "blind"})


def test_esr7_taking_the_face_up_card(esr, event_turn, event_cards, of_type):
    state, _ = event_turn()
    state, events = esr.apply(state, 0, {"type": "event_source", "source": "face_up"})
    assert [(e.card, e.source) for e in of_type(events, "event_card_taken")] == [
        (CERTIFICATES[0], "face_up")]
    assert state.players[0].scoring_cards == [CERTIFICATES[0]]
    assert not of_type(events, "event_card_to_bottom")  # nothing left over at turn end
    assert state.face_up_event == CERTIFICATES[1]  # the next turn turns up the top card
    assert event_cards(state) == list(range(39))


def test_esr7_blind_draw_puts_face_up_card_face_up_at_the_bottom(
    esr, event_turn, event_cards, of_type
):
    state, _ = event_turn()
    state, events = esr.apply(state, 0, {"type": "event_source", "source": "blind"})
    assert [(e.card, e.reason) for e in of_type(events, "event_card_to_bottom")] == [
        (CERTIFICATES[0], "blind_draw")]
    assert [(e.card, e.source) for e in of_type(events, "event_card_taken")] == [
        (CERTIFICATES[1], "blind")]
    assert state.players[0].scoring_cards == [CERTIFICATES[1]]
    assert state.event_deck[-1] == EventSlot(card=CERTIFICATES[0], face_up=True)
    assert event_cards(state) == list(range(39))


def test_esr7_forgone_instant_goes_face_up_to_the_bottom(esr, event_turn, event_cards, of_type):
    state, _ = event_turn(face_up=TRIO)
    state, _ = esr.apply(state, 0, {"type": "event_source", "source": "face_up"})
    assert state.step.kind == "instant" and state.face_up_event is None
    assert event_cards(state) == list(range(39))  # the card being resolved still counts
    state, events = esr.apply(state, 0, {"type": "forgo"})
    assert [(e.card, e.reason) for e in of_type(events, "event_card_to_bottom")] == [
        (TRIO, "forgone")]
    assert state.event_deck[-1] == EventSlot(card=TRIO, face_up=True)


def test_esr7_no_shuffle_while_the_top_card_is_face_down(esr, lapse_turns, of_type):
    state, _ = esr.new_game(4, 3)
    turn_face_up(state, 2)
    state, events = lapse_turns(state, 2)
    assert not of_type(events, "event_deck_shuffled")
    state, events = lapse_turns(state, 1)
    assert [e.size for e in of_type(events, "event_deck_shuffled")] == [39]


def test_esr7_face_up_card_next_to_turn_up_shuffles_the_whole_deck_face_down(
    esr, lapse_turns, event_cards, of_type
):
    state, _ = esr.new_game(4, 3)
    old_face_up = state.face_up_event
    turn_face_up(state)
    state, events = lapse_turns(state, 1)
    types = [e.type for e in events]
    # The untaken card goes under the deck first, then the deck is shuffled, then turned up.
    assert types.index("event_card_to_bottom") < types.index("event_deck_shuffled")
    assert types.index("event_deck_shuffled") < types.index("turn_started")
    assert of_type(events, "event_deck_shuffled")[0].size == 39
    assert not any(slot.face_up for slot in state.event_deck)
    assert len(state.event_deck) == 38 and old_face_up in [*event_cards(state)]
    assert event_cards(state) == list(range(39))


def test_esr7_shuffle_is_seeded(esr, lapse_turns):
    states = []
    for _ in range(2):
        state, _ = esr.new_game(4, 3)
        turn_face_up(state)
        states.append(lapse_turns(state, 1)[0])
    assert states[0].event_deck == states[1].event_deck


def test_esr7_blind_draw_onto_face_up_top_shuffles_first(esr, event_turn, event_cards, of_type):
    state, _ = event_turn()
    turn_face_up(state)
    state, events = esr.apply(state, 0, {"type": "event_source", "source": "blind"})
    types = [e.type for e in events]
    assert types.index("event_card_to_bottom") < types.index("event_deck_shuffled")
    assert types.index("event_deck_shuffled") < types.index("event_card_taken")
    assert event_cards(state) == list(range(39))


def test_event_cards_are_conserved_over_a_round(esr, play_choices, lapse_turns, event_cards):
    state, _ = esr.new_game(5, 3)
    for _ in range(state.turns_per_round):
        state, _ = play_choices(state, {0: "event", 1: "money", 2: "gems"})
        while state.step is not None:
            decision = esr.pending(state)[0]
            state, _ = esr.apply(state, decision.player, decision.options[-1].action)
            assert event_cards(state) == list(range(39))
        assert event_cards(state) == list(range(39))
    assert state.round == 2
    assert all(p.scoring_cards == [] for p in state.players)  # returned at the scoring
