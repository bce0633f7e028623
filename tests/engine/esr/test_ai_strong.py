"""The 'strong' AI: determinized search that only ever sees its own view."""

from __future__ import annotations

import random

from engine import get_kind
from engine.esr import search
from engine.esr.determinize import determinize
from engine.esr.state import EventSlot
from engine.simulate import play_game


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
