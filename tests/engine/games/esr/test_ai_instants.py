"""The AI's Instant cards: forgone when they change nothing or harm the taker.

A playthrough saw the autopilot carry out an Exchange of two gemstones of one colour. Greedy
(and strong, which answers Instants like greedy) carries a card out only when its best use does
the taker good against the table, and then makes the choices that best use was found with.
"""

from __future__ import annotations

import random

import pytest

from engine.core.ai import get_policy, seated
from engine.core.game import Action
from engine.games.esr.events import InstantCarriedOut
from engine.games.esr.state import VISIBLE_LAID_ASIDE, EsrState, EventSlot
from tests.engine.games.esr.esr_builders import (
    KIND,
    TAKER,
    at_instant,
    event_id,
    one_plus_one_id,
    only,
)

LEVELS = ["greedy", "strong"]
CARRY_OUT: Action = {"type": "carry_out"}
FORGO: Action = {"type": "forgo"}
EXCHANGE = event_id("exchange")
HALVE_ALL = event_id("halve_all")
HALF = event_id("half_scoring")
REMOVE = event_id("remove")
TRIO = event_id("trio")
RED_BLUE = one_plus_one_id({"red", "blue"})


def play(level: str, state: EsrState) -> tuple[EsrState, list[Action], list[object]]:
    """Let the taker (an absent person's seat) answer every choice its Instant needs."""
    answers, events = [], []
    rng = random.Random(7)
    with seated([None, "greedy", "greedy", "greedy"]):
        while (decision := KIND.next_decision(state)) is not None and \
                decision.kind.startswith("esr.instant"):
            action = get_policy(level)(KIND, state, decision, rng)
            answers.append(action)
            state, more = KIND.apply(state, decision.player, action)
            events += more
    return state, answers, events


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("card", "holdings"), [
    # Every gemstone anyone holds is yellow: any Exchange swaps yellow for yellow.
    (EXCHANGE, [[0, 2, 0, 0], [0, 3, 0, 0], [0, 0, 0, 0], [0, 1, 0, 0]]),
    # Red and blue are at exactly 4 already.
    (RED_BLUE, [[4, 1, 0, 4], [2, 2, 2, 2], [1, 1, 1, 1], [0, 3, 0, 3]]),
    # No fellow has a gemstone to remove.
    (REMOVE, [[2, 2, 2, 2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]),
], ids=["exchange-one-colour", "one-plus-one-at-four", "remove-from-nobody"])
def test_an_instant_that_changes_nothing_is_forgone(level: str, card: int,
                                                    holdings: list[list[int]]) -> None:
    state = at_instant(card, holdings)
    assert CARRY_OUT in [o.action for o in KIND.next_decision(state).options]
    _, answers, _ = play(level, state)
    assert answers == [FORGO]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("card", "holdings"), [
    # Halving costs the taker four majorities and the others hardly anything.
    (HALVE_ALL, [[6, 6, 6, 6], [1, 1, 1, 1], [1, 1, 1, 1], [1, 0, 1, 0]]),
    # Red and blue down to 4 would lose their majorities to seat 1.
    (RED_BLUE, [[7, 0, 0, 7], [5, 2, 2, 5], [1, 1, 1, 1], [0, 0, 0, 0]]),
    # The taker leads nothing: a Half scoring could only pay a rival.
    (HALF, [[1, 1, 1, 1], [5, 5, 5, 5], [2, 2, 2, 2], [0, 0, 0, 0]]),
], ids=["halve-all-own-majorities", "one-plus-one-loses-majorities", "half-scoring-for-rivals"])
def test_an_instant_that_harms_the_taker_is_forgone(level: str, card: int,
                                                    holdings: list[list[int]]) -> None:
    _, answers, _ = play(level, at_instant(card, holdings))
    assert answers == [FORGO]


@pytest.mark.parametrize("level", LEVELS)
def test_a_useful_exchange_is_carried_out_giving_one_colour_and_taking_another(level: str
                                                                            ) -> None:
    # Red is tied with seat 2 and blue is spare: a blue for seat 2's red wins red outright.
    before = at_instant(EXCHANGE, [[3, 0, 0, 4], [0, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 1]])
    after, answers, events = play(level, before)
    assert answers == [CARRY_OUT, {"type": "colour", "colour": "blue"},
                       {"type": "player", "seat": 2}, {"type": "colour", "colour": "red"}]
    assert only(events, InstantCarriedOut).changes == {TAKER: [1, 0, 0, -1], 2: [-1, 0, 0, 1]}
    assert after.players[TAKER].gems == [4, 0, 0, 3]


@pytest.mark.parametrize("level", LEVELS)
def test_helpful_instants_are_still_carried_out_with_their_best_choice(level: str) -> None:
    # Half scoring: the taker leads green by so much that it keeps the lead after returning
    # half, so green is scored (red would pay seat 1).
    _, answers, _ = play(level, at_instant(HALF, [[1, 0, 6, 0], [7, 0, 1, 0], [0, 0, 0, 0],
                                                  [0, 0, 1, 0]]))
    assert answers == [CARRY_OUT, {"type": "colour", "colour": "green"}]
    # Halve all: the others hold far more than the taker.
    _, answers, _ = play(level, at_instant(HALVE_ALL, [[1, 1, 0, 0], [6, 6, 6, 6],
                                                       [6, 6, 6, 6], [5, 5, 5, 5]]))
    assert answers == [CARRY_OUT]
    # Trio: three yellow win yellow outright from seat 1 (three red would not beat seat 3).
    _, answers, _ = play(level, at_instant(TRIO, [[0, 2, 0, 0], [1, 4, 1, 1], [0, 0, 0, 0],
                                                  [4, 2, 2, 2]]))
    assert answers == [CARRY_OUT, {"type": "colour", "colour": "yellow"}]


def test_over_whole_games_no_ai_instant_changes_nothing() -> None:
    greedy = get_policy("greedy")
    carried = 0
    for seed in range(40, 70):
        state, _ = KIND.new_game(seed, 4)
        rng = random.Random(seed)
        while not KIND.is_over(state):
            decision = KIND.next_decision(state)
            state, events = KIND.apply(state, decision.player,
                                       greedy(KIND, state, decision, rng))
            for event in events:
                if isinstance(event, InstantCarriedOut):
                    carried += 1
                    assert event.changes or event.scoring, f"seed {seed}: {event}"
    assert carried >= 30


def _hidden_changed(state: EsrState) -> EsrState:
    hidden = state.clone()
    hidden.gem_deck.reverse()
    hidden.event_deck = [EventSlot(card=s.card) for s in reversed(hidden.event_deck)]
    seen = VISIBLE_LAID_ASIDE[state.num_players]
    hidden.laid_aside[seen:] = reversed(hidden.laid_aside[seen:])
    hidden.rng.state ^= 0xBADC0DE
    return hidden


@pytest.mark.parametrize("level", LEVELS)
def test_instant_choices_are_decided_by_the_takers_own_view_alone(level: str) -> None:
    for card, holdings in [(EXCHANGE, [[3, 0, 0, 4], [0, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 1]]),
                           (HALF, [[1, 0, 6, 0], [7, 0, 1, 0], [0, 0, 0, 0], [0, 0, 1, 0]]),
                           (HALVE_ALL, [[6, 6, 6, 6], [1, 1, 1, 1], [1, 1, 1, 1], [1, 0, 1, 0]])]:
        state = at_instant(card, holdings)
        while (decision := KIND.next_decision(state)) is not None and \
                decision.kind.startswith("esr.instant"):
            with seated([None, "greedy", "greedy", "greedy"]):
                policy = get_policy(level)
                action = policy(KIND, state, decision, random.Random(1))
                assert policy(KIND, _hidden_changed(state), decision, random.Random(1)) == action
            state, _ = KIND.apply(state, decision.player, action)
