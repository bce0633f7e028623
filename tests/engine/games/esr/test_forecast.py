"""The majority forecast: what a round scoring now would pay, from public facts
only, by the scoring's own rules — checked against the real scoring over many random states of
every player count, and what a negotiated action or a Half scoring would give (ESR-6, -8, -10)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine.core.ai import get_policy
from engine.games.esr.decisions import pending
from engine.games.esr.events import RoundScored
from engine.games.esr.forecast import (
    action_worth,
    after_trade,
    forecast,
    half_scoring_now,
    public_gems,
)
from engine.games.esr.scoring import half_scoring, score_round
from engine.games.esr.state import EsrState, NegotiationStep
from engine.games.esr.table import Table
from tests.engine.games.esr.esr_builders import (
    KIND,
    act,
    at_instant,
    choose_all,
    event_id,
    event_ids,
    fresh_state,
    hand_out,
    put_face_up,
    set_gems,
    take_event,
)

RED, YELLOW, GREEN, BLUE = range(4)
HALF = event_id("half_scoring")


def random_states(players: int, games: int, every: int = 3) -> Iterator[EsrState]:
    """Every `every`-th state of random games (copies: the games go on in place)."""
    policy = get_policy("random")
    for seed in range(games):
        rng = random.Random(seed)
        state, _ = KIND.new_game(seed, players)
        step = 0
        while not KIND.is_over(state):
            if step % every == 0:
                yield state.clone()
            decision = KIND.next_decision(state)
            state, _ = KIND.advance(state, decision.player, policy(KIND, state, decision, rng),
                                    quiet=True)
            step += 1


def scored_now(state: EsrState) -> RoundScored:
    """The real round scoring of a copy of `state`, as if the round ended now unchanged."""
    table = Table(state.clone())
    score_round(table)
    (scored,) = [e for e in table.events if isinstance(e, RoundScored)]
    return scored


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_forecast_pays_exactly_what_the_round_scoring_then_pays(players: int) -> None:
    seen: Counter[str] = Counter()
    rng = random.Random(players)
    for state in random_states(players, games=12):
        viewer = rng.choice([None, *range(players)])
        predicted = forecast(KIND.view(state, viewer))
        scored = scored_now(state)

        assert predicted.totals == [scored.totals[s] for s in range(players)]
        for colour, score in zip(predicted.colours, scored.colours, strict=True):
            assert colour.colour == score.colour
            assert colour.leaders == score.majority
            assert colour.paid == {p.seat: p.total for p in score.payments}
            assert colour.returns == score.returned
            assert all(p.share == colour.share for p in score.payments if p.seat in
                       score.majority)
            seen["tie"] += colour.tied
            seen["cards"] += bool(score.cards_used)
        certificates = predicted.certificates
        assert (certificates.most, certificates.second, certificates.paid) == (
            scored.certificates.most, scored.certificates.second, scored.certificates.paid)
        seen["second"] += bool(certificates.second)
        seen["certificate tie"] += len(certificates.most) > 1
    assert min(seen.values()) > 0 and len(seen) == 4, \
        f"the states include ties, paying Scoring cards and both certificate cases: {seen}"


def test_a_tie_is_marked_as_a_tie_and_splits_the_proceeds() -> None:
    state = fresh_state(4)
    set_gems(state, [[3, 0, 2, 0], [3, 5, 2, 0], [1, 0, 1, 0], [0, 0, 0, 0]])
    certificates = event_ids("certificate")
    hand_out(state, {0: certificates[:2], 1: certificates[2:4], 2: certificates[4:5]})

    red, yellow, green, blue = forecast(KIND.view(state, None)).colours

    assert (red.leaders, red.tied, red.share, red.returns) == ([0, 1], True, 7, {0: 2, 1: 2})
    assert (yellow.leaders, yellow.tied, yellow.share, yellow.returns) == ([1], False, 12,
                                                                           {1: 3})
    assert (green.leaders, green.share) == ([0, 1], 5)
    assert (blue.leaders, blue.tied, blue.paid) == ([], False, {})
    tied = forecast(KIND.view(state, None)).certificates
    assert (tied.most, tied.second, tied.paid) == ([0, 1], [], {0: 10, 1: 10}), \
        "ESR-10: tied for most take 10 each and nobody gets the 4"


def test_a_sole_certificate_leader_lets_every_second_most_holder_take_4() -> None:
    state = fresh_state(5)
    certificates = event_ids("certificate")
    hand_out(state, {0: certificates[:3], 2: certificates[3:4], 4: certificates[4:5]})
    result = forecast(KIND.view(state, 3)).certificates
    assert (result.most, result.second, result.paid) == ([0], [2, 4], {0: 10, 2: 4, 4: 4})


def test_scoring_cards_count_in_the_forecast_as_in_the_scoring() -> None:
    state = fresh_state(4)
    set_gems(state, [[6, 1, 0, 0], [2, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4]])
    hand_out(state, {0: [event_id("colour_bonus", "red"), *event_ids("majority_bonus")[:1]],
                     1: [event_id("per_gem", "red")], 3: [event_id("colour_bonus", "blue")]})
    predicted = forecast(KIND.view(state, None))
    # Red: 14 + 8 (sole red) + 4 (a sole majority); seat 1: 2 for its red gemstones; yellow is
    # tied (6 each), so the majority bonus does not pay again; blue: 8 + 5.
    assert predicted.totals == [14 + 8 + 4 + 6, 2 + 6, 0, 8 + 5]
    assert predicted.totals == [scored_now(state).totals[s] for s in range(4)]


def test_what_is_hidden_does_not_change_the_forecast() -> None:
    state = fresh_state(4, seed=5)
    set_gems(state, [[4, 1, 3, 0], [4, 2, 0, 1], [0, 2, 5, 2], [1, 0, 0, 2]])
    hand_out(state, {2: event_ids("certificate")[:1]})
    some, _ = KIND.apply(state, 0, {"type": "choose", "card": "money"})
    other, _ = KIND.apply(state.clone(), 0, {"type": "choose", "card": "gems"})
    # Everything hidden differs: seat 0's secret card, both decks, the hidden laid-aside card.
    random.Random(1).shuffle(other.gem_deck)
    random.Random(2).shuffle(other.event_deck)
    other.laid_aside[1], other.gem_deck[0] = other.gem_deck[0], other.laid_aside[1]

    expected = forecast(KIND.view(some, None))
    for viewer in (None, 1, 2, 3):
        assert forecast(KIND.view(other, viewer)) == expected
    assert forecast(KIND.view(some, 0)) == forecast(KIND.view(other, 0)) == expected, \
        "a player's own secrets (their action card) do not change it either"


def test_what_money_gives_is_the_turn_cards_millions() -> None:
    state = fresh_state(4)
    view = KIND.view(state, None)
    for seat in range(4):
        card = view["players"][seat]["gem_card"]
        assert action_worth(view, seat, "money").money == card["money"]
    before = state.players[0].money
    after, _ = choose_all(state, ["money", "gems", "gems", "gems"])  # seat 0 alone on Money
    assert after.players[0].money - before == action_worth(view, 0, "money").money


@pytest.mark.parametrize("short", [False, True])
def test_what_gemstones_give_and_add_to_a_scoring_now_is_what_carrying_them_out_does(
        short: bool) -> None:
    state = fresh_state(4, seed=3)
    set_gems(state, [[2, 2, 2, 2], [3, 3, 3, 3], [0, 1, 0, 1], [1, 1, 1, 1]])
    wanted = list(KIND.view(state, None)["players"][0]["gem_card"]["gems"].values())
    colour = next(c for c, n in enumerate(wanted) if n)
    if short:  # ESR-6: a colour running short gives what is left
        state.players[3].gems[colour] += state.supply[colour] - (wanted[colour] - 1)
        state.supply[colour] = wanted[colour] - 1
    view = KIND.view(state, None)
    worth = action_worth(view, 0, "gems")
    before = forecast(view).totals[0]

    after, _ = choose_all(state, ["gems", "money", "money", "money"])  # Money lapses

    got = [a - b for a, b in zip(after.players[0].gems, state.players[0].gems, strict=True)]
    assert list(worth.gems) == got
    assert got[colour] == wanted[colour] - (1 if short else 0)
    assert forecast(KIND.view(after, None)).totals[0] - before == worth.scoring_gain
    assert worth.scoring_gain > 0, "this table was chosen so the gemstones change the majorities"


def test_what_the_event_gives_is_the_face_up_card_and_what_it_adds_to_a_scoring_now() -> None:
    state = fresh_state(4)
    certificates = event_ids("certificate")
    hand_out(state, {1: certificates[:1]})
    put_face_up(state, certificates[1])
    view = KIND.view(state, None)
    worth = action_worth(view, 0, "event")
    assert worth.card == certificates[1] and worth.scoring_gain == 10 - 0, \
        "a tie for most certificates pays seat 0 ten (seat 1 loses its sole lead's 10)"
    after, _ = take_event(state)
    assert forecast(KIND.view(after, None)).totals[0] - forecast(view).totals[0] == 10

    put_face_up(state, HALF)
    instant = action_worth(KIND.view(state, None), 0, "event")
    assert (instant.card, instant.scoring_gain) == (HALF, 0), "an Instant is not forecast"


def test_after_a_trade_the_forecast_is_what_accepting_the_offer_then_gives() -> None:
    state = fresh_state(5, seed=4)
    set_gems(state, [[3, 3, 3, 3], [2, 4, 3, 3], [3, 3, 1, 3], [3, 3, 3, 0], [0, 3, 3, 3]])
    state, _ = choose_all(state, ["gems", "gems", "money", "money", "money"])
    step = state.step
    assert isinstance(step, NegotiationStep) and step.action == "gems"
    opener = step.to_move
    receiver = next(s for s in step.seats if s != opener)
    offer = [1, 0, 0, 0] if state.players[opener].gems[0] else [0, 1, 0, 0]

    view = KIND.view(state, receiver)
    before, predicted = after_trade(view, opener, receiver, offer, "gems")
    state, _ = act(state, {"type": "offer", "gems": offer}, seat=opener)
    state, _ = act(state, {"type": "accept"}, seat=receiver)

    assert before == forecast(view).totals
    assert forecast(KIND.view(state, None)).totals == predicted
    assert predicted != before, "the trade and the gemstones change what a scoring would pay"


def test_half_scoring_now_is_what_the_half_scoring_card_then_does() -> None:
    checked = 0
    for state in random_states(4, games=4, every=7):
        for colour in range(4):
            predicted = half_scoring_now(public_gems(KIND.view(state, None)), colour)
            table = Table(state.clone())
            scored = half_scoring(table, colour)
            assert predicted.leaders == scored.majority
            assert predicted.paid == {p.seat: p.total for p in scored.payments}
            assert predicted.returns == scored.returned
            checked += 1
    assert checked > 100


def test_the_half_scoring_prompt_says_what_each_colour_pays_you_and_what_you_return() -> None:
    # Seat 0 takes Half scoring: alone on red, tied with seat 2 on yellow, none of green (seat
    # 1 has it), and nobody has blue.
    state = at_instant(HALF, [[5, 3, 0, 0], [1, 0, 4, 0], [0, 3, 0, 0], [2, 1, 0, 0]])
    state, _ = act(state, {"type": "carry_out"})
    (decision,) = pending(state)
    details = {o.label: o.detail for o in decision.options}
    assert details == {
        "Red": "You get 7 million and return 3 red.",
        "Yellow": "You get 3 million and return 2 yellow. Seat 3 gets 3 million and returns "
                  "2 yellow.",
        "Green": "You get nothing. Seat 2 gets 5 million and returns 2 green.",
        "Blue": "Nobody holds any: nothing is paid.",
    }
    assert "half proceeds" in decision.prompt
