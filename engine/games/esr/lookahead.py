"""The strong AI's card choice when it can foresee the others: each card played out to the scoring.

When every other seat plays by a model the strong seat can run (the greedy spread and its
trades), the seat tries each of its cards in a few sampled worlds and plays the rest of the
round out, everyone by their model, itself by its own strong play. The card whose worlds end
best against the leading rival is played. The worlds are drawn from the seat's own view
(`determinize`), so no real secret is ever read, and each card meets the same worlds.

Among several strong seats this is not used: each would search alone and they would chase the
same cards (measured in docs/benchmarks.md), so there they keep the public convention.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core.ai import BUDGET, Policy
from engine.core.game import GameKind
from engine.games.esr.determinize import determinize
from engine.games.esr.state import TURNS_PER_ROUND

# Turns played out per card, shared among the sampled worlds: a world early in the round costs
# more turns than one near its scoring, so the time per choice stays about even (median 0.1 s,
# at most about 0.2 s on one core: docs/benchmarks.md).
PLAYED_TURNS = 16
MOST_WORLDS = 6
# Engine steps (every action applied, trade searches included) after which no further world is
# begun: a few tables need twice the usual steps, and this keeps them near the usual time
# without reading a clock, so a choice stays the same for the same seed. About 22 steps a ms.
MOST_STEPS = 4000
GEM_WORTH = 1.0  # millions a gemstone kept after the scoring is reckoned worth in later rounds


def worlds(view: dict[str, Any]) -> int:
    """Worlds to sample now: fewer the more turns the round has left, and fewer still on a busy
    server, whose budget (engine/service/ai_pool.py) shrinks when AI decisions queue."""
    turns_left = TURNS_PER_ROUND[len(view["players"])] - view["turn"] + 1
    return max(1, min(MOST_WORLDS, int(PLAYED_TURNS * BUDGET.get()) // max(1, turns_left)))


def most_steps() -> float:
    """Engine steps after which no further world is begun, shrunk with a busy server's budget."""
    return MOST_STEPS * BUDGET.get()


def best_card(kind: GameKind, view: dict[str, Any], seat: int, cards: list[str],
              expected: Mapping[int, str], policies: Mapping[int, Policy],
              rng: random.Random, samples: int, step_limit: float) -> str:
    """The card of `seat` whose rounds, played out in `samples` sampled worlds, end best for it.

    No further world is begun once the play-outs have taken `step_limit` engine steps.
    `expected` holds every seat's expected card (this seat's is the default, kept on a tie);
    `policies` plays each seat for the rest of the round.
    """
    totals = dict.fromkeys(cards, 0.0)
    counted = _Counted(kind)
    for sample in range(samples):
        if sample and counted.steps > step_limit:
            break  # every card has met the same worlds so far, so they still compare fairly
        world = determinize(view, seat, rng)
        for other, card in expected.items():
            world.players[other].choice = None if other == seat else card
        for card in cards:
            ended = _play_round(counted, world.clone(), seat, card, policies, sample)
            totals[card] += standing(kind, ended, seat)
    return max(cards, key=lambda card: (totals[card], card == expected[seat]))


class _Counted:
    """The game, counting the engine steps taken through it (the look-ahead's cost)."""

    def __init__(self, kind: GameKind) -> None:
        self.kind, self.steps = kind, 0

    def advance(self, *args: Any, **kwargs: Any) -> Any:
        """`GameKind.advance`, counted."""
        self.steps += 1
        return self.kind.advance(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.kind, name)


def _play_round(kind: Any, world: Any, seat: int, card: str,
                policies: Mapping[int, Policy], sample: int) -> Any:
    """`world` after `seat` plays `card` and the round is played to its scoring."""
    start = world.round
    world, _ = kind.advance(world, seat, {"type": "choose", "card": card}, quiet=True)
    rng = random.Random(sample)  # the same for every card: common random numbers
    while not kind.is_over(world) and world.round == start:
        decision = kind.next_decision(world)
        action = policies[decision.player](kind, world, decision, rng)
        world, _ = kind.advance(world, decision.player, action, quiet=True)
    return world


def standing(kind: GameKind, state: Any, seat: int) -> float:
    """Money, and gemstones for the rounds to come, ahead of the best-placed other seat."""
    kept = 0.0 if kind.is_over(state) else GEM_WORTH
    worth = [p.money + kept * sum(p.gems) for p in state.players]
    return worth[seat] - max(w for other, w in enumerate(worth) if other != seat)


def card_values(kind: GameKind, view: dict[str, Any], seat: int, cards: list[str],
                expected: Mapping[int, str], policies: Mapping[int, Policy],
                rng: random.Random, samples: int) -> list[list[float]]:
    """`best_card`'s judgement of every card, world by world: per card, how each of `samples`
    sampled worlds' rounds end for `seat` (the coach's estimate and its error)."""
    values: list[list[float]] = [[] for _ in cards]
    for sample in range(samples):
        world = determinize(view, seat, rng)
        for other, card in expected.items():
            world.players[other].choice = None if other == seat else card
        for index, card in enumerate(cards):
            ended = _play_round(kind, world.clone(), seat, card, policies, sample)
            values[index].append(standing(kind, ended, seat))
    return values
