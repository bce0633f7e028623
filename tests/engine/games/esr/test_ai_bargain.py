"""The 'strong' AI: the public spread for the action choice, a searched negotiation."""

from __future__ import annotations

import random
from typing import Any

from engine import get_kind
from engine.core.ai import get_policy, seated
from engine.games.esr import ai, bargain
from engine.games.esr.events import ActionLapsed, OfferAccepted
from engine.games.esr.state import EventSlot, NegotiationStep

ESR = get_kind("esr")


def _states(players: int, kind: str, count: int, seed: int = 5) -> list[Any]:
    """States of greedy games where a decision of `kind` is pending."""
    rng = random.Random(seed)
    found: list[Any] = []
    game = 0
    while len(found) < count:
        state, _ = ESR.new_game(seed * 100 + game, players)
        game += 1
        while not ESR.is_over(state) and len(found) < count:
            decision = ESR.next_decision(state)
            if decision.kind == kind and rng.random() < 0.5:
                found.append(state.clone())
            state, _ = ESR.apply(state, decision.player,
                                 ai.greedy_policy(ESR, state, decision, rng))
    return found


def _rotated(view: dict[str, Any], k: int) -> dict[str, Any]:
    """The same table with every seat number moved down by k (and the turn with it)."""
    n = len(view["players"])
    players = [dict(view["players"][(i + k) % n], seat=i) for i in range(n)]
    return {**view, "players": players, "turn": view["turn"] - k}


def test_no_seat_number_decides_who_gets_which_card() -> None:
    for state in _states(4, "esr.choose_action", 12):
        view = ESR.view(state, None)
        cards = ["money", "event", "gems"]
        levels = ("strong", "greedy", "strong", None)
        spread = bargain.strong_spread(view, cards, levels, 0)
        for k in (1, 2, 3):
            moved = levels[k:] + levels[:k]
            again = bargain.strong_spread(_rotated(view, k), cards, moved, (0 - k) % 4)
            assert {(s + k) % 4: c for s, c in again.items()} == spread


def test_strong_seats_never_crowd_a_card_among_themselves() -> None:
    strong = get_policy("strong")
    for seed in range(700, 706):
        state, events = ESR.new_game(seed, 4)
        rng = random.Random(seed)
        with seated(["strong"] * 4):
            while not ESR.is_over(state):
                decision = ESR.next_decision(state)
                state, new = ESR.apply(state, decision.player,
                                       strong(ESR, state, decision, rng))
                events += new
        crowded = [e for e in events if isinstance(e, ActionLapsed)
                   and e.reason == "three_or_more"]
        assert crowded == [], f"seed {seed}: three strong seats on one card"


def test_a_trade_is_worth_what_it_brings_less_a_share_of_what_the_partner_gets() -> None:
    state = _states(4, "esr.choose_action", 1)[0]
    view = ESR.view(state, 0)
    worth = bargain._Worth(view, 0, NegotiationStep(action="money", seats=[0, 1], opener=0,
                                                    to_move=0))
    gems = [1, 0, 0, 0]
    gain = {s: ai.action_gains(view, s)["money"] for s in (0, 1)}
    i_do_it = worth.ending([OfferAccepted(action="money", seat=1, from_seat=0, gems=gems)])
    assert i_do_it == gain[0] - ai.offer_worth(view, 0, gems, giving=True) \
        - ai.offer_worth(view, 1, gems, giving=False) / 3
    they_do_it = worth.ending([OfferAccepted(action="money", seat=0, from_seat=1, gems=gems)])
    assert they_do_it == ai.offer_worth(view, 0, gems, giving=False) \
        - (gain[1] - ai.offer_worth(view, 1, gems, giving=True)) / 3
    assert worth.ending([ActionLapsed(action="money", seats=[0, 1],
                                      reason="nobody_offered")]) == 0.0
    assert worth.ending([]) is None


def test_the_negotiator_answers_legally_and_never_by_hidden_information() -> None:
    for state in _states(4, "esr.negotiate", 8):
        decision = ESR.next_decision(state)
        with seated(["strong", "greedy", "greedy", "greedy"]):
            answer = bargain.strong_policy(ESR, state, decision, random.Random(1))
        assert answer in [o.action for o in decision.options]
        hidden = state.clone()
        hidden.gem_deck.reverse()
        hidden.event_deck = [EventSlot(card=s.card) for s in reversed(hidden.event_deck)]
        hidden.rng.state ^= 0xBEEF
        assert bargain.strong_policy(ESR, hidden, decision, random.Random(1)) == \
            bargain.strong_policy(ESR, state, decision, random.Random(1))


def test_the_negotiator_never_ends_worse_off_than_the_greedy_answer_it_replaces() -> None:
    # By its own measure: the searched answer is at least as good as greedy's would have been.
    for state in _states(4, "esr.negotiate", 8, seed=9):
        decision = ESR.next_decision(state)
        seat = decision.player
        view = ESR.view(state, seat)
        world = ESR.load(ESR.dump(state))
        worth = bargain._Worth(view, seat, world.step)
        chosen = bargain.bargain(ESR, state, decision, random.Random(2))
        greedy = ai.negotiate(view, seat, decision)
        assert worth.of(ESR, world, seat, chosen, bargain.DEPTH) >= \
            worth.of(ESR, world, seat, greedy, bargain.DEPTH)


def test_a_busy_servers_smaller_budget_searches_fewer_answers_ahead(monkeypatch) -> None:
    from engine.core.ai import budgeted

    depths: list[int] = []
    original = bargain._Worth.of

    def recording(self, kind, world, seat, action, depth):  # type: ignore[no-untyped-def]
        depths.append(depth)
        return original(self, kind, world, seat, action, depth)

    monkeypatch.setattr(bargain._Worth, "of", recording)
    state = _states(4, "esr.negotiate", 1)[0]
    decision = ESR.next_decision(state)
    bargain.bargain(ESR, state, decision, random.Random(1))
    assert max(depths) == bargain.DEPTH
    depths.clear()
    with budgeted(0.25):
        bargain.bargain(ESR, state, decision, random.Random(1))
    assert max(depths) == 1
