"""Play complete games with automatic players, for the CLI, tests and benchmarks."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any

from engine.core.ai import get_policy, random_policy, seated
from engine.core.game import Action, GameKind
from engine.core.record import GameRecord
from engine.core.registry import get_kind


class PlayedGame:
    """A finished game: its final state, and its record, validated when first read (a
    simulation that only counts wins never pays for validating every logged action)."""

    def __init__(self, kind: str, seed: int, seats: list[str], settings: dict[str, Any],
                 log: list[tuple[int, Action]], final_state: Any) -> None:
        self._fields = {"kind": kind, "seed": seed, "seats": seats, "settings": settings,
                        "rules_revision": get_kind(kind).rules_revision}
        self.log = log
        self.final_state = final_state

    @cached_property
    def record(self) -> GameRecord:
        """The replayable record: seed, seats, settings and every action in order."""
        return GameRecord(**self._fields, actions=[
            {"player": seat, "action": action} for seat, action in self.log])


def play_game(kind_name: str, seed: int, levels: list[str],
              settings: dict[str, Any] | None = None,
              people: frozenset[int] = frozenset()) -> PlayedGame:
    """Play one game to the end, seat i played by policy levels[i]; the seats in `people` are
    shown to the others as people (level unknown), as a human at the bot's table is."""
    announced = [None if seat in people else level for seat, level in enumerate(levels)]
    kind: GameKind = get_kind(kind_name)
    policies = [get_policy(level) for level in levels]
    rngs = [random.Random(f"{seed}:{seat}:{level}") for seat, level in enumerate(levels)]
    state, _ = kind.new_game(seed, len(levels), settings)
    log: list[tuple[int, Action]] = []
    with seated(announced):
        if all(policy is random_policy for policy in policies):
            # Every seat random: the game may play the rest without building decisions (the
            # same answers from the same draws, GameKind.playout), several times faster.
            state, log = kind.playout(state, rngs)
        while not kind.is_over(state):
            decision = kind.next_decision(state)
            assert decision is not None, "a game that is not over owes a decision"
            seat = decision.player
            action = policies[seat](kind, state, decision, rngs[seat])
            # Nothing keeps the earlier state, so the game may change it in place.
            state, _ = kind.advance(state, seat, action, quiet=True)
            log.append((seat, action))
    return PlayedGame(kind_name, seed, [f"{lv}-{i + 1}" for i, lv in enumerate(levels)],
                      settings or {}, log, state)
