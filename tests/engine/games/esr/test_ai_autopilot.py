"""The autopilot's trades: never more gemstones than the action is worth.

A playthrough saw the autopilot raise to 5 yellow, 1 green for a Gemstones action of 1 red,
1 yellow, and pay 4 gemstones for 5 million. Both AI levels the autopilot may play are checked
in those two situations, seen as the service shows an absent person's seat (SEAT_LEVELS None),
and through whole trades against a partner who always raises.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.ai import get_policy, seated
from engine.core.game import Action
from engine.games.esr import ai
from engine.games.esr.state import VISIBLE_LAID_ASIDE, EsrState, EventSlot
from tests.engine.games.esr.esr_builders import KIND, choose_all, fresh_state, set_gems

LEVELS = ["greedy", "strong"]
CARD_7M_RY = 0  # the Gemstones action brings 1 red, 1 yellow
CARD_5M_RYG = 15
CARD_6M_YYB = 13
AUTOPILOT, PARTNER = 0, 1
SEEN_AS = [None, "greedy", "greedy"]  # the absent person's seat, as the service shows it


def trade(holdings: list[list[int]], action: str, opening: list[int]) -> EsrState:
    """A 3-player game where seats 0 (the autopilot) and 1 chose `action` and seat 1, who
    opens (it has fewer red, ESR-3), has offered `opening`: seat 0 answers."""
    state = fresh_state(3, seed=4)
    set_gems(state, holdings)
    state.players[AUTOPILOT].gem_card = CARD_5M_RYG if action == "money" else CARD_7M_RY
    state.players[PARTNER].gem_card = CARD_6M_YYB
    alone = "gems" if action == "money" else "money"  # carried out after, or before, the trade
    state, _ = choose_all(state, [action, action, alone])
    state, _ = KIND.apply(state, PARTNER, {"type": "offer", "gems": opening})
    assert KIND.next_decision(state).player == AUTOPILOT
    return state


def answer(level: str, state: EsrState, rng_seed: int = 1) -> Action:
    """The autopilot's answer at `level` to the decision it owes."""
    decision = KIND.next_decision(state)
    with seated(SEEN_AS):
        return get_policy(level)(KIND, state, decision, random.Random(rng_seed))

# Yellow to spare, and one red more would tie the red majority: both levels valued 1 red,
# 1 yellow far above six spare gemstones and raised to 5 yellow, 1 green before `price_limit`.
GEMSTONES_TABLE = [[3, 12, 1, 4], [1, 5, 0, 3], [4, 0, 4, 1]]
# Blue to spare: both levels raised 2 yellow, 1 green to 4 blue for 5 million before.
MONEY_TABLE = [[3, 2, 4, 6], [1, 6, 1, 1], [3, 0, 2, 0]]


@pytest.mark.parametrize("level", LEVELS)
def test_asked_to_raise_for_two_gemstones_it_accepts_six_rather_than_pay_them(level: str
                                                                              ) -> None:
    state = trade(GEMSTONES_TABLE, "gems", [0, 5, 0, 1])
    offered = [o.action for o in KIND.next_decision(state).options]
    assert {"type": "offer", "gems": [0, 5, 1, 0]} in offered  # the raise the playthrough saw
    assert answer(level, state) == {"type": "accept"}


@pytest.mark.parametrize("level", LEVELS)
def test_it_never_pays_four_gemstones_for_five_million(level: str) -> None:
    # Three gemstones offered for 5 million: four would be worth 6 million at the gem cards'
    # rate, more than the action brings.
    state = trade(MONEY_TABLE, "money", [0, 2, 1, 0])
    offered = [o.action for o in KIND.next_decision(state).options]
    assert {"type": "offer", "gems": [0, 0, 0, 4]} in offered
    chosen = answer(level, state)
    assert chosen == {"type": "accept"} or sum(chosen["gems"]) <= 3  # a raise by value, at most


def _cheapest_raise(state: EsrState, seat: int) -> Action:
    """A partner who always raises when it can (the dearest trade the autopilot can meet)."""
    options = [o.action for o in KIND.next_decision(state).options]
    raises = [a for a in options if a["type"] == "offer" and sum(a["gems"])]
    return raises[0] if raises else options[0]


def _whole_trade(level: str, state: EsrState) -> list[list[int]]:
    """Play the trade out against a partner who always raises; the autopilot's offers."""
    offers = []
    rng = random.Random(3)
    while (decision := KIND.next_decision(state)) is not None and \
            decision.kind == "esr.negotiate":
        if decision.player == AUTOPILOT:
            with seated(SEEN_AS):
                action = get_policy(level)(KIND, state, decision, rng)
            if action["type"] == "offer":
                offers.append(action["gems"])
        else:
            action = _cheapest_raise(state, decision.player)
        state, _ = KIND.apply(state, decision.player, action)
    return offers


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("action", ["gems", "money"])
def test_against_a_partner_who_keeps_raising_its_offers_stay_within_the_actions_worth(
        level: str, action: str) -> None:
    rng = random.Random(f"{level}:{action}")
    limit = 2 if action == "gems" else 5 / ai.MILLIONS_PER_GEM  # 1 red, 1 yellow; 5 million
    for _ in range(6 if level == "strong" else 20):
        mine = [rng.randint(1, 6), rng.randint(3, 12), rng.randint(0, 6), rng.randint(0, 6)]
        partner = [rng.randint(0, mine[0] - 1), *(rng.randint(1, 7) for _ in range(3))]
        third = [rng.randint(0, 5) for _ in range(4)]
        state = trade([mine, partner, third], action, [0, 0, 0, 1])
        assert all(sum(gems) <= limit for gems in _whole_trade(level, state))


def test_the_limit_is_the_gemstones_brought_or_the_millions_at_the_gem_cards_rate() -> None:
    state = trade(GEMSTONES_TABLE, "gems", [0, 5, 0, 1])
    view = KIND.view(state, AUTOPILOT)
    assert ai.price_limit(view, AUTOPILOT, "gems") == 2
    assert ai.price_limit(view, AUTOPILOT, "money") == 7 / 1.5
    view["supply"]["red"] = 0  # a colour that ran out is not brought (ESR-6)
    assert ai.price_limit(view, AUTOPILOT, "gems") == 1
    assert ai.price_limit(view, PARTNER, "gems") == 3  # its card: 2 yellow, 1 blue


def _hidden_changed(state: EsrState) -> EsrState:
    """The same table with everything the autopilot cannot see changed."""
    hidden = state.clone()
    hidden.gem_deck.reverse()
    hidden.event_deck = [EventSlot(card=s.card) for s in reversed(hidden.event_deck)]
    seen = VISIBLE_LAID_ASIDE[state.num_players]
    hidden.laid_aside[seen:] = reversed(hidden.laid_aside[seen:])
    hidden.rng.state ^= 0xC0FFEE
    return hidden


def _greedy_trades(count: int) -> list[Any]:
    """States of greedy games where a trade waits for an answer."""
    rng, found = random.Random(22), []
    for seed in range(200, 240):
        state, _ = KIND.new_game(seed, 4)
        while not KIND.is_over(state) and len(found) < count:
            decision = KIND.next_decision(state)
            if decision.kind == "esr.negotiate" and rng.random() < 0.3:
                found.append(state.clone())
            state, _ = KIND.apply(state, decision.player,
                                  ai.greedy_policy(KIND, state, decision, rng))
        if len(found) >= count:
            return found
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_its_trades_are_decided_by_its_own_view_alone(level: str) -> None:
    states = [trade(GEMSTONES_TABLE, "gems", [0, 5, 0, 1]),
              *_greedy_trades(4 if level == "strong" else 12)]
    for state in states:
        decision = KIND.next_decision(state)
        levels = [None if s == decision.player else "greedy" for s in range(state.num_players)]
        with seated(levels):
            policy = get_policy(level)
            assert policy(KIND, state, decision, random.Random(5)) == \
                policy(KIND, _hidden_changed(state), decision, random.Random(5))
