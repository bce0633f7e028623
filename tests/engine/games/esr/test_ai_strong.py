"""The 'strong' AI: determinized search that only ever sees its own view."""

from __future__ import annotations

import random

import pytest

from engine import get_kind
from engine.core.simulate import play_game
from engine.games.esr import search
from engine.games.esr.determinize import determinize
from engine.games.esr.state import EventSlot


def _mid_game_states(players: int, count: int):
    """States in the action-choice phase, some with secret choices already made."""
    esr = get_kind("esr")
    rng = random.Random(players)
    state, _ = esr.new_game(players * 7, players)
    found = []
    while len(found) < count and not esr.is_over(state):
        decision = esr.pending(state)[0]
        if decision.kind == "esr.choose_action" and rng.random() < 0.3:
            found.append(state)
        state, _ = esr.apply(state, decision.player, esr.sample_action(state, decision, rng))
    return found


def test_a_determinized_world_looks_exactly_like_the_view_it_came_from() -> None:
    esr = get_kind("esr")
    for players in (3, 4, 5):
        for state in _mid_game_states(players, 6):
            seat = esr.pending(state)[0].player
            view = esr.view(state, seat)
            for sample in range(3):
                world = esr.view(determinize(view, seat, random.Random(sample)), seat)
                # Only the decision's bookkeeping key (a step counter) is not part of the world.
                world["decision"]["key"] = view["decision"]["key"]
                assert world == view


def test_determinized_worlds_differ_in_what_is_hidden() -> None:
    esr = get_kind("esr")
    state = _mid_game_states(4, 1)[0]
    seat = esr.pending(state)[0].player
    view = esr.view(state, seat)
    decks = {tuple(determinize(view, seat, random.Random(s)).gem_deck) for s in range(5)}
    assert len(decks) > 1


def test_strong_decides_the_same_whatever_the_hidden_information(monkeypatch) -> None:
    monkeypatch.setattr(search, "SAMPLES", 6)
    esr = get_kind("esr")
    for state in _mid_game_states(4, 3):
        decision = esr.pending(state)[0]
        hidden = state.clone()
        hidden.gem_deck.reverse()
        hidden.event_deck = [EventSlot(card=s.card) for s in reversed(hidden.event_deck)]
        hidden.rng.state ^= 0xBEEF
        for other, player in enumerate(hidden.players):
            if other != decision.player and player.choice is not None:
                player.choice = "event" if player.choice != "event" else "money"
        assert search.strong_policy(esr, state, decision, random.Random(3)) == \
            search.strong_policy(esr, hidden, decision, random.Random(3))


def test_strong_plays_a_complete_game_deterministically(monkeypatch) -> None:
    monkeypatch.setattr(search, "SAMPLES", 4)
    first = play_game("esr", 8, ["strong", "greedy", "random"])
    again = play_game("esr", 8, ["strong", "greedy", "random"])
    assert get_kind("esr").is_over(first.final_state)
    assert first.record == again.record


def test_crowd_odds_count_zero_one_and_two_or_more_rivals_on_a_card() -> None:
    assert search.crowd([0.5, 0.5]) == [0.25, 0.5, 0.25]
    assert search.crowd([]) == [1.0, 0.0, 0.0]
    assert search.crowd([1.0, 1.0, 0.0]) == [0.0, 0.0, 1.0]


# Alone on "gems" is worth 10, alone on "money" 6; shared (a negotiation) half; crowded, nothing.
TABLE = {("gems", 0): 10.0, ("gems", 1): 5.0, ("gems", 2): 0.0,
         ("money", 0): 6.0, ("money", 1): 3.0, ("money", 2): 0.0}
CARDS = ["gems", "money"]


def by_table(i: int, spread: list[float]) -> float:
    """The worth of card i to a seat valued by TABLE."""
    return sum(spread[k] * TABLE[CARDS[i], k] for k in range(3))


def test_the_search_takes_the_better_card_when_greedy_rivals_leave_it_free() -> None:
    mixed = search.mixed_strategies(2, 3, {1: [0.0, 1.0], 2: [0.0, 1.0]}, {0: by_table})
    assert mixed[0][0] > 0.95


def test_alike_seats_get_alike_strategies_whatever_their_seat_numbers() -> None:
    # Four seats that all value the cards alike: no seat may be favoured by its number.
    mixed = search.mixed_strategies(2, 4, {}, dict.fromkeys(range(4), by_table))
    for seat in range(1, 4):
        assert mixed[seat] == pytest.approx(mixed[0], abs=1e-12)
    assert 0.1 < mixed[0][1] < 0.9, "a mixed choice: both cards are played"
    assert mixed[0][0] > mixed[0][1], "the better card more often"


def test_the_equilibrium_keeps_alike_seats_from_crowding_the_best_card() -> None:
    # If all four always took "gems" they would all get nothing; the mix makes a crowd of four
    # on it rare.
    mixed = search.mixed_strategies(2, 4, {}, dict.fromkeys(range(4), by_table))
    assert mixed[0][0] ** 4 < 0.2


def test_rivals_are_modelled_by_their_public_level() -> None:
    esr = get_kind("esr")
    state, _ = esr.new_game(5, 5)
    view = esr.view(state, 0)
    greedy = [[0.0, 0.0], [0.9, 0.1], [0.2, 0.8], [0.5, 0.5], [1.0, 0.0]]
    fixed, worth = search.players(0, CARDS, TABLE, greedy, view,
                                  (None, "strong", "greedy", "random", None))
    assert fixed == {2: [0.2, 0.8], 3: [0.5, 0.5]}
    assert sorted(worth) == [0, 1, 4], "this seat, the searching seat and the person"
    _, unknown = search.players(0, CARDS, TABLE, greedy, view, None)
    assert sorted(unknown) == [0, 1, 2, 3, 4], "unknown levels are thought to think"


def test_renumbering_the_seats_renumbers_the_strategies() -> None:
    # A seat's strategy depends on what it values, never on its number.
    def worth(gain: float):
        return lambda i, spread: sum(spread[k] * gain * (1.0, 0.5, 0.0)[k] for k in range(3)) \
            + (2.0 if i == 1 else 0.0)

    gains = [9.0, 7.0, 5.0]
    first = search.mixed_strategies(2, 3, {}, {s: worth(g) for s, g in enumerate(gains)})
    flipped = search.mixed_strategies(2, 3, {}, {s: worth(g) for s, g in
                                                 enumerate(reversed(gains))})
    for seat in range(3):
        assert flipped[2 - seat] == pytest.approx(first[seat], abs=1e-12)
