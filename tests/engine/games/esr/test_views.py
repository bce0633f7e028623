"""Player and spectator views show everything public, the viewer's own secrets, nothing else."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.games.esr.cards import cards
from engine.games.esr.gems import COLOURS
from engine.games.esr.views import gem_card_view


def walk(node: Any) -> Iterator[dict[str, Any]]:
    """Every dict inside a view, depth first."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def gem_card_ids(view: dict[str, Any]) -> set[int]:
    return {d["id"] for d in walk(view) if {"id", "money", "gems", "label"} <= d.keys()}


def event_card_ids(view: dict[str, Any]) -> set[int]:
    return {d["id"] for d in walk(view) if {"id", "name", "text", "effect"} <= d.keys()}


def test_choice_is_hidden_from_others_until_the_reveal(esr):
    state, _ = esr.new_game(3, 3)
    state, _ = esr.apply(state, 0, {"type": "choose", "card": "event"})
    own = esr.view(state, 0)
    assert own["players"][0]["choice"] == "event"
    assert own["decision"]["current"] == {"type": "choose", "card": "event"}
    for viewer in (1, 2, None):
        view = esr.view(state, viewer)
        assert view["players"][0]["choice"] is None
        assert view["players"][0]["has_chosen"] is True
        assert view["players"][1]["has_chosen"] is False
        assert "event" not in json.dumps(view["players"])
    assert esr.view(state, 1)["decision"]["current"] is None


def test_choices_are_visible_to_all_after_the_reveal(esr, play_choices):
    state, _ = esr.new_game(3, 3)
    state, _ = play_choices(state, {0: "money", 1: "money", 2: "gems"})
    assert state.phase == "resolve"  # the Money negotiation is waiting
    for viewer in (0, 1, 2, None):
        view = esr.view(state, viewer)
        assert [p["choice"] for p in view["players"]] == ["money", "money", "gems"]
        assert view["negotiation"]["seats"] == state.step.seats


def test_spectator_view_has_no_decision_but_players_have_theirs(esr, play_choices):
    state, _ = esr.new_game(3, 3)
    assert esr.view(state, None)["decision"] is None
    assert esr.view(state, 2)["decision"] == esr.decision_for(state, 2).model_dump()
    state, _ = play_choices(state, {0: "money", 1: "money", 2: "gems"})
    opener = state.step.to_move
    assert esr.view(state, opener)["decision"]["kind"] == "esr.negotiate"
    assert esr.view(state, 1 - opener)["decision"] is None
    assert esr.view(state, None)["waiting_for"] == [{"seat": opener, "kind": "esr.negotiate"}]


@pytest.mark.parametrize("seed", range(3))
def test_hidden_cards_deck_orders_and_rng_never_appear_in_any_view(esr, seed):
    state, _ = esr.new_game(seed, 4)
    rng = random.Random(seed)
    while not esr.is_over(state):
        hidden_gem_cards = {state.laid_aside[1], *state.gem_deck}  # ESR-1: 4 players
        dealt_events = {state.face_up_event, *(c for p in state.players for c in p.scoring_cards)}
        if state.step is not None and state.step.kind == "instant":
            dealt_events.add(state.step.card)
        for viewer in (None, 0, 1, 2, 3):
            view = esr.view(state, viewer)
            text = json.dumps(view)
            assert not gem_card_ids(view) & hidden_gem_cards
            assert event_card_ids(view) <= dealt_events
            assert str(state.rng.state) not in text
            assert not {"gem_deck", "event_deck", "rng"} & {k for d in walk(view) for k in d}
            assert view["laid_aside_hidden"] == 1 and len(view["laid_aside"]) == 1
        decision = rng.choice(esr.pending(state))
        state, _ = esr.apply(state, decision.player, esr.sample_action(state, decision, rng))


def test_view_counts_match_the_state(esr):
    state, _ = esr.new_game(1, 5)
    view = esr.view(state, 4)
    assert view["gem_deck_size"] == len(state.gem_deck)
    assert view["event_deck_size"] == len(state.event_deck) == 38
    assert view["face_up_event"]["id"] == state.face_up_event
    assert [p["gem_card"]["id"] for p in view["players"]] == [p.gem_card for p in state.players]
    assert view["supply"] == {"red": 7, "yellow": 7, "green": 7, "blue": 7}


def test_every_gem_card_view_shows_the_card_and_is_a_fresh_dict():
    for card in cards().gem:
        shown = gem_card_view(card.id)
        assert shown == {"id": card.id, "money": card.money,
                         "gems": dict(zip(COLOURS, card.counts, strict=True)),
                         "label": card.label()}
        shown["gems"]["red"] += 5  # a front end changing what it got changes nothing here
        assert gem_card_view(card.id)["gems"]["red"] == card.counts[0]
    assert gem_card_view(None) is None


def test_gem_counts_in_views_are_keyed_by_colour_in_scoring_order() -> None:
    from engine.games.esr.gems import COLOURS
    from engine.games.esr.views import _gems

    assert list(_gems([1, 2, 3, 4]).items()) == list(zip(COLOURS, [1, 2, 3, 4], strict=True))
