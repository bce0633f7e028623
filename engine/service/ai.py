"""AI seats and the autopilot play policies from engine.core.ai, seeded so they replay."""

from __future__ import annotations

import random

from engine.core.ai import POLICIES, Policy, random_policy, searches, seated

DEFAULT_LEVEL = "random"

__all__ = ["DEFAULT_LEVEL", "Policy", "ai_rng", "get_policy", "levels", "random_policy",
           "register_policy", "searches", "seated"]


def register_policy(level: str, policy: Policy) -> None:
    """Make a policy available as an AI level (and for the autopilot)."""
    POLICIES[level] = policy


def get_policy(level: str) -> Policy | None:
    """The policy registered under `level`, if any."""
    return POLICIES.get(level)


def levels() -> list[str]:
    """All registered AI levels."""
    return sorted(POLICIES)


def ai_rng(seed: int, version: int, seat: int) -> random.Random:
    """The generator for the AI (or autopilot) move of `seat` at this version of the game."""
    # A str seed is hashed with SHA-512, so this is stable across runs and PYTHONHASHSEED.
    return random.Random(f"{seed}:{version}:{seat}")
