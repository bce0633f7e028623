"""Automatic players by level name; each answers a decision from what its seat may know."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from engine.core.errors import EngineError
from engine.core.game import Action, Decision, GameKind

Policy = Callable[[GameKind, Any, Decision, random.Random], Action]

# Public knowledge a policy may use besides its view: who plays each seat, by level name, None
# for a person. Whoever calls a policy sets it (the service, simulations); unset, it is unknown.
SEAT_LEVELS: ContextVar[tuple[str | None, ...] | None] = ContextVar("seat_levels", default=None)


@contextmanager
def seated(levels: Sequence[str | None]) -> Iterator[None]:
    """Policies called inside the block know each seat's level (None: a person)."""
    token = SEAT_LEVELS.set(tuple(levels))
    try:
        yield
    finally:
        SEAT_LEVELS.reset(token)


def searching(policy: Policy) -> Policy:
    """Mark a policy slow enough (tenths of a second) that a server runs it off its event loop."""
    policy.searches = True  # type: ignore[attr-defined]
    return policy


def searches(policy: Policy) -> bool:
    """Whether `policy` was marked with `searching`."""
    return getattr(policy, "searches", False)


def random_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """Pick uniformly among legal answers (the game samples free-form ones, e.g. offers)."""
    return kind.sample_action(state, decision, rng)


def greedy_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """Heuristic play from the seat's own view (ESR only for now; others fall back to random)."""
    if kind.name == "esr":
        from engine.esr.ai import greedy_policy as esr_greedy

        return esr_greedy(kind, state, decision, rng)
    return random_policy(kind, state, decision, rng)


@searching
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
