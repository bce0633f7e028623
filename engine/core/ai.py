"""The AI-level registry: automatic players by level name, each answering a decision from what
its seat may know. Levels are generic; a game registers how it plays each (register_game_policy).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from typing import Any

from engine.core.errors import EngineError
from engine.core.game import Action, Decision, GameKind

Policy = Callable[[GameKind, Any, Decision, random.Random], Action]

# Public knowledge a policy may use besides its view: who plays each seat, by level name, None
# for a person. Whoever calls a policy sets it (the service, simulations); unset, it is unknown.
SEAT_LEVELS: ContextVar[tuple[str | None, ...] | None] = ContextVar("seat_levels", default=None)


@contextmanager
def _set(var: ContextVar[Any], value: Any) -> Iterator[None]:
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)


def seated(levels: Sequence[str | None]) -> AbstractContextManager[None]:
    """Policies called inside the block know each seat's level (None: a person)."""
    return _set(SEAT_LEVELS, tuple(levels))


# The share of its full search a searching policy may spend (1.0: all of it); a server lowers it
# when many AI decisions wait (engine/service/ai_pool.py).
BUDGET: ContextVar[float] = ContextVar("budget", default=1.0)


def budgeted(share: float) -> AbstractContextManager[None]:
    """Searching policies called inside the block spend `share` of their full search."""
    return _set(BUDGET, share)


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


# A game's own policy for a level, registered by the game's package: (game, level) → policy.
_GAME_POLICIES: dict[tuple[str, str], Policy] = {}
# A level a game does not implement plays as the next weaker one, down to random.
WEAKER = {"strong-v1": "strong", "strong": "greedy", "greedy": "random"}


def register_game_policy(game: str, level: str, policy: Policy) -> None:
    """Let `game` play `level` its own way (a game's package calls this when it registers).
    A level no game had before becomes a level of its own (Große kleine Edelsteine's `easy`,
    `medium`, `hard`: an eye's error, not a search); other games play it as random."""
    _GAME_POLICIES[(game, level)] = policy
    if level not in POLICIES:
        POLICIES[level] = searching(_level(level)) if searches(policy) else _level(level)


def game_policy(game: str, level: str) -> Policy:
    """The policy `game` plays for `level`, falling back to weaker levels, then to random."""
    name: str | None = level
    while name is not None:
        found = _GAME_POLICIES.get((game, name))
        if found is not None:
            return found
        name = WEAKER.get(name)
    return random_policy


def own_levels(game: str, levels: Sequence[str]) -> list[str]:
    """Those of `levels` that `game` plays its own way, and random (every game plays it): a
    lobby offers only these, so a level never plays as a weaker one under its name."""
    return [level for level in levels
            if level == "random" or (game, level) in _GAME_POLICIES]


def _level(level: str) -> Policy:
    def play(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
        return game_policy(kind.name, level)(kind, state, decision, rng)

    play.__name__ = play.__qualname__ = f"{level}_policy"
    play.__doc__ = f"The {level!r} level of whichever game is played."
    return play


greedy_policy = _level("greedy")
# Searching (tenths of a second) in the games that implement it: run off the event loop.
strong_policy = searching(_level("strong"))
# The first 'strong' level (determinized search), frozen for benchmarks; not offered in lobbies.
strong_v1_policy = searching(_level("strong-v1"))

POLICIES: dict[str, Policy] = {
    "random": random_policy, "greedy": greedy_policy, "strong": strong_policy,
    "strong-v1": strong_v1_policy,
}


def get_policy(name: str) -> Policy:
    """Look up a policy by level name."""
    try:
        return POLICIES[name]
    except KeyError:
        known = ", ".join(sorted(POLICIES))
        raise EngineError(f"Unknown AI level {name!r}. Known levels: {known}.") from None
