"""The 'strong' AI: determinized Monte-Carlo search over the action choice.

For each action card it samples hidden information from its own view, lets every other seat
choose with the greedy model, plays the turn out with greedy play, and scores the outcome by
money plus the majorities the gemstones would win. Other decisions use the greedy heuristics.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.core.game import Action, Decision, GameKind
from engine.esr import ai
from engine.esr.determinize import determinize

# A fixed number of sampled worlds keeps the AI deterministic for a seed (a time budget would
# not); 48 samples take about 0.15 s per action choice on one core, well inside a Discord turn.
SAMPLES = 48
TEMPERATURE: float | None = None


def evaluate(kind: GameKind, state: Any, seat: int) -> float:
    """Money now plus what the gemstones would earn, relative to the other seats' average."""
    view = kind.view(state, None)
    counts = ai.counts_of(view)
    worth = [p["money"] + ai.position(counts, s, p["scoring_cards"])
             for s, p in enumerate(view["players"])]
    others = [w for s, w in enumerate(worth) if s != seat]
    return worth[seat] - sum(others) / len(others)


def rollout(kind: GameKind, state: Any, seat: int, card: str, rng: random.Random) -> float:
    """Choose `card`, let the others choose and the turn play out greedily; score the result."""
    start_turn = (state.round, state.turn)
    state, _ = kind.apply(state, seat, {"type": "choose", "card": card})
    while not kind.is_over(state) and (state.round, state.turn) == start_turn:
        decision = kind.pending(state)[0]
        action = ai.greedy_policy(kind, state, decision, rng)
        state, _ = kind.apply(state, decision.player, action)
    return evaluate(kind, state, seat)


def strong_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """Search the action choice; answer everything else like 'greedy'."""
    if decision.kind != "esr.choose_action":
        return ai.greedy_policy(kind, state, decision, rng)
    seat = decision.player
    view = kind.view(state, seat)
    cards = [o.action["card"] for o in decision.options]
    totals = dict.fromkeys(cards, 0.0)
    for samples in range(SAMPLES):
        world = determinize(view, seat, rng)
        world.players[seat].choice = None
        for card in cards:
            # Common random numbers: each card faces the same sampled world and rivals.
            totals[card] += rollout(kind, _with_rival_choices(kind, world, seat, rng, samples),
                                    seat, card, random.Random(samples))
    if TEMPERATURE is None:
        return {"type": "choose", "card": max(cards, key=lambda c: totals[c])}
    top = max(totals.values()) / SAMPLES
    weights = [math.exp((totals[c] / SAMPLES - top) / TEMPERATURE) for c in cards]
    return {"type": "choose", "card": rng.choices(cards, weights=weights)[0]}


def _with_rival_choices(kind: GameKind, world: Any, seat: int, rng: random.Random,
                        sample: int) -> Any:
    """The world with every other seat's secret choice drawn from the greedy model."""
    state = world.clone()
    picker = random.Random(f"{sample}:rivals")
    for other in range(state.num_players):
        if other == seat:
            continue
        decision = kind.decision_for(state, other)
        state.players[other].choice = ai.greedy_policy(kind, state, decision, picker)["card"]
    return state
