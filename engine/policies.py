"""Automatic players by level name; each answers a decision from what its seat may know."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.errors import EngineError
from engine.core.game import Action, Decision, GameKind

Policy = Callable[[GameKind, Any, Decision, random.Random], Action]


def random_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """Pick uniformly among legal answers (the game samples free-form ones, e.g. offers)."""
    return kind.sample_action(state, decision, rng)


def greedy_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """Heuristic play from the seat's own view (ESR only for now; others fall back to random)."""
    if kind.name == "esr":
        from engine.esr.ai import greedy_policy as esr_greedy

        return esr_greedy(kind, state, decision, rng)
    return random_policy(kind, state, decision, rng)


def strong_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """Determinized Monte-Carlo search over the action choice (ESR), else greedy."""
    if kind.name == "esr":
        from engine.esr.search import strong_policy as esr_strong

        return esr_strong(kind, state, decision, rng)
    return greedy_policy(kind, state, decision, rng)


POLICIES: dict[str, Policy] = {
    "random": random_policy, "greedy": greedy_policy, "strong": strong_policy,
}


def get_policy(name: str) -> Policy:
    """Look up a policy by level name."""
    try:
        return POLICIES[name]
    except KeyError:
        known = ", ".join(sorted(POLICIES))
        raise EngineError(f"Unknown AI level {name!r}. Known levels: {known}.") from None
