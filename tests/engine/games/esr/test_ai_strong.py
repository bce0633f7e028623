"""The 'strong-v1' AI (the first strong level, kept for benchmarks): determinized
search that only ever sees its own view."""

from __future__ import annotations

import random

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
    first = play_game("esr", 8, ["strong-v1", "greedy", "random"])
    again = play_game("esr", 8, ["strong-v1", "greedy", "random"])
    assert get_kind("esr").is_over(first.final_state)
    assert first.record == again.record


def test_crowd_odds_count_zero_one_and_two_or_more_rivals_on_a_card() -> None:
    assert search._crowd([0.5, 0.5]) == [0.25, 0.5, 0.25]
    assert search._crowd([]) == [1.0, 0.0, 0.0]
    assert search._crowd([1.0, 1.0, 0.0]) == [0.0, 0.0, 1.0]


# Alone on "gems" is worth 10, alone on "money" 6; shared (a negotiation) half; crowded, nothing.
TABLE = {("gems", 0): 10.0, ("gems", 1): 5.0, ("gems", 2): 0.0,
         ("money", 0): 6.0, ("money", 1): 3.0, ("money", 2): 0.0}


def test_the_search_takes_the_better_card_when_greedy_rivals_leave_it_free() -> None:
    rivals_take_money = [([0.0, 1.0], 0.0), ([0.0, 1.0], 0.0)]
    gems, _ = search._equilibrium(["gems", "money"], TABLE, rivals_take_money)
    assert gems > 0.95


def test_seats_that_search_alike_spread_out_instead_of_all_taking_the_best_card() -> None:
    # Three rivals who search as we do: if all took "gems", all would lose it to the crowd.
    alike = [([0.0, 1.0], 1.0)] * 3
    odds = search._equilibrium(["gems", "money"], TABLE, alike)
    assert 0.2 < odds[1] < 0.8, "a mixed choice: both cards are played"
    assert odds[0] > odds[1], "the better card still more often"


def test_rivals_are_modelled_by_their_public_level() -> None:
    greedy = [[0.0, 0.0], [0.9, 0.1], [0.2, 0.8], [0.5, 0.5], [1.0, 0.0]]
    levels = (None, "strong", "greedy", "random", None)
    models = search._rival_models(0, ["gems", "money"], greedy, levels, TABLE)
    # The searching seat after us keeps out of our way, so it is not among the rivals.
    assert models == [([0.2, 0.8], 0.0), ([0.5, 0.5], 0.0), ([1.0, 0.0], search.LIKE_ME)]
    unknown = search._rival_models(0, ["gems", "money"], greedy, None, TABLE)
    assert [alike for _, alike in unknown] == [search.LIKE_ME] * 4


def test_a_searching_seat_before_us_is_expected_on_its_best_card() -> None:
    greedy = [[0.5, 0.5]] * 3
    models = search._rival_models(2, ["gems", "money"], greedy, ("strong", "random", "strong"),
                                  TABLE)
    assert models == [([0.5, 0.5], 0.0), ([1.0, 0.0], 0.0)]


def test_searching_seats_spread_over_the_cards_by_seat_order() -> None:
    # Alone, everyone would take "gems". By the convention the first searching seat does, the
    # second takes "money" (alone: 6) over sharing "gems" (5), and the third shares "gems" (5)
    # rather than "money" (3): no card is crowded by all three.
    cards, levels = ["gems", "money"], ("strong", "strong", "strong")
    picks = []
    for seat in range(3):
        models = search._rival_models(seat, cards, [[0.5, 0.5]] * 3, levels, TABLE)
        odds = search._equilibrium(cards, TABLE, models)
        picks.append(cards[odds.index(max(odds))])
    assert picks == ["gems", "money", "gems"]
