"""Play complete games with automatic players, for the CLI, tests and benchmarks."""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from engine.core.ai import get_policy, random_policy, seated
from engine.core.game import GameKind
from engine.core.record import GameRecord
from engine.core.registry import get_kind


class PlayedGame(BaseModel):
    """A finished game: its record and final state."""

    record: GameRecord
    final_state: Any


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
    log: list[dict[str, Any]] = []
    # Every seat random: the game may draw its answers without building decisions (the same
    # answers from the same draws, GameKind.random_action), several times faster.
    playout = all(policy is random_policy for policy in policies)
    with seated(announced):
        while not kind.is_over(state):
            if playout:
                seat, action = kind.random_action(state, rngs)
            else:
                decision = kind.next_decision(state)
                assert decision is not None, "a game that is not over owes a decision"
                seat = decision.player
                action = policies[seat](kind, state, decision, rngs[seat])
            # Nothing keeps the earlier state, so the game may change it in place.
            state, _ = kind.advance(state, seat, action, quiet=True)
            log.append({"player": seat, "action": action})
    # The record is validated once, at the end, rather than one logged action at a time.
    record = GameRecord(kind=kind_name, seed=seed, seats=[f"{lv}-{i + 1}" for i, lv in
                                                          enumerate(levels)],
                        settings=settings or {}, actions=log)
    return PlayedGame(record=record, final_state=state)
