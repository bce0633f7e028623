"""The AI-level registry: levels are generic, each game plays them its own way or falls back."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import get_kind
from engine.core import ai
from engine.core.game import Action, Decision, GameKind
from engine.games.esr.ai import greedy_policy as esr_greedy
from engine.games.esr.bargain import strong_policy as esr_strong
from engine.games.esr.search import strong_policy as esr_strong_v1


def test_esr_plays_its_own_greedy_and_strong_levels() -> None:
    assert ai.game_policy("esr", "greedy") is esr_greedy
    assert ai.game_policy("esr", "strong") is esr_strong
    assert ai.game_policy("esr", "strong-v1") is esr_strong_v1  # frozen for benchmarks


def test_a_game_without_its_own_levels_plays_them_at_random() -> None:
    assert ai.game_policy("no-such-game", "strong") is ai.random_policy
    assert ai.game_policy("no-such-game", "greedy") is ai.random_policy


def test_a_missing_level_falls_back_to_the_next_weaker_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def weak(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
        return decision.options[-1].action

    monkeypatch.setitem(ai._GAME_POLICIES, ("toy-level-game", "greedy"), weak)
    assert ai.game_policy("toy-level-game", "strong") is weak
    assert ai.game_policy("toy-level-game", "random") is ai.random_policy


def test_the_generic_level_dispatches_to_the_game_being_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def spy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
        calls.append(kind.name)
        return decision.options[0].action

    monkeypatch.setitem(ai._GAME_POLICIES, ("esr", "greedy"), spy)
    esr = get_kind("esr")
    state, _ = esr.new_game(3, 3)
    decision = esr.pending(state)[0]
    assert ai.get_policy("greedy")(esr, state, decision, random.Random(1)) == \
        decision.options[0].action
    assert calls == ["esr"]


def test_strong_is_marked_to_run_off_the_event_loop_and_unknown_levels_are_refused() -> None:
    assert ai.searches(ai.get_policy("strong")) and not ai.searches(ai.get_policy("greedy"))
    with pytest.raises(ai.EngineError, match="Known levels"):
        ai.get_policy("grandmaster")
