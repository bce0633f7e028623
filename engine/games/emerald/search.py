"""The candidate for Emerald's strong AI (not yet offered: `strong` plays as `greedy` until this
beats it; docs/benchmarks.md, "Emerald (issue 23)"). Determinized Monte-Carlo over its own
view. For each candidate answer it
samples worlds consistent with what its seat may know (determinize.sample: rivals' gold values,
the cards under the tops and the box dealt at random), plays its own turn out as the greedy AI
would, then lets every rival play one turn with a quick policy and the die rolled, and scores
where that leaves the table with ai.value. The answer with the best mean wins.

Why this and not a full tree: a turn's decisions are few and shallow (two moves, a card, a
victim, a bribe) while what matters most comes from the rivals' next moves — who takes the card
it was heading for, whose roll sends the dragon onto its knights — which a round of sampled
play shows and a heuristic alone does not. Measured, it does not pay yet: its own later
decisions inside a rollout are cruder than greedy's search of the whole turn.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.ai import BUDGET
from engine.core.game import Action, Decision, GameKind
from engine.games.emerald.ai import (
    _actor,
    _apply,
    _options,
    dragon_reach,
    knight_worth,
    landing_gain,
    outcomes,
    value,
)
from engine.games.emerald.board import CHAMBER, CODES, FIRST_CAVE, destination
from engine.games.emerald.determinize import sample
from engine.games.emerald.rules import wakes_dragon
from engine.games.emerald.state import EmeraldState

WORLDS = 6  # sampled worlds per candidate at full budget


def quick_action(state: EmeraldState, rng: random.Random) -> Action:
    """A rival's quick answer: the landing that takes most now, minus what the dragon may
    cost; the cheapest bribe when the knight is worth more; its own knights spared."""
    options = _options(state)
    if len(options) == 1:
        return options[0]
    phase = state.phase
    if phase == "card":
        cave = state.moved[1] - FIRST_CAVE
        gold = state.gold_piles[cave][-1]
        return options[0] if gold >= 2 else options[1]
    if phase == "bribe":
        colour = state.victim[0]
        worth = knight_worth(FIRST_CAVE + state.dragon - 1, state.treasures_left)
        return options[0] if worth > min(state.hands[state.owner(colour)]) else options[1]
    if phase == "victim":
        me = state.seat
        rivals = [o for o in options if state.owner(o["colour"]) != me]
        return rng.choice(rivals or options)
    reach = set(dragon_reach(state))
    best, found = -99.0, options[-1]
    for option in options:
        if option["type"] == "end_turn":
            score = 0.3
        else:
            origin = CODES[option["space"]]
            to = destination(origin, state.total[origin])
            score = landing_gain(state, to) + 0.1 * (to - origin)
            if to != CHAMBER and to in reach and wakes_dragon(state, to):
                score -= 1.0
        score += rng.random() * 0.2
        if score > best:
            best, found = score, option
    return found


def own_action(state: EmeraldState, me: int) -> Action:
    """`me`'s answer inside a rollout: the best by value one step on, the die averaged."""
    options = _options(state)
    if len(options) == 1:
        return options[0]
    best, found = None, options[0]
    for option in options:
        worlds = outcomes(state, me, option)
        score = sum(value(w, me) for w in worlds) / len(worlds)
        if best is None or score > best:
            best, found = score, option
    return found


def rollout(state: EmeraldState, me: int, rng: random.Random) -> float:
    """Finish the current turn, then let each rival play one turn; the value for `me`."""
    turns = 0
    seat = state.seat
    while state.phase != "over" and turns < state.num_players:
        actor = _actor(state)
        action = own_action(state, me) if actor == me else quick_action(state, rng)
        state = _apply(state, actor, action)
        if state.seat != seat:
            seat = state.seat
            turns += 1
            if seat == me:
                break
    return value(state, me)


def strong_choice(view: dict[str, Any], me: int, rng: random.Random) -> Action:
    """The best answer by the mean of sampled worlds' rollouts."""
    worlds = max(2, round(WORLDS * BUDGET.get()))
    samples = [sample(view, rng) for _ in range(worlds)]
    candidates = _options(samples[0])
    best, chosen = None, candidates[0]
    for action in candidates:
        total = 0.0
        for i, world in enumerate(samples):
            # The first die is stratified (each roll as often) so candidates that wake the
            # dragon are not judged on a lucky or unlucky throw.
            after = _apply(world, _actor(world), action, roll=1 + i % 3)
            total += rollout(after, me, rng)
        if best is None or total > best:
            best, chosen = total, action
    return chosen


def strong_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """Emerald's strong level, from the seat's view only."""
    if len(decision.options) == 1:
        return decision.options[0].action
    return strong_choice(kind.view(state, decision.player), decision.player, rng)
