"""A deeper variant of Emerald's greedy AI (ai.py), not registered as a level. It searches
the mover's own turn exactly as greedy does, in one world sampled from its seat's view; then,
with two players, it looks again at greedy's best REPLY_TOP answers, playing each turn out to
its end and letting the rival play its next turn as greedy would (the rival's own best by its
own value, the die averaged), and picks the answer best for it after that reply. A decision
spends at most about REPLY_CPU seconds on replies; past that it keeps greedy's answer. With
three or more seats it plays exactly as greedy (there the next seat's reply alone did worse
in a short trial, likely because only that rival then looks strong). The value weights are
greedy's own (DEFAULTS): a screen of single changes to them found none that beat greedy
clearly."""

from __future__ import annotations

import random
import time
from typing import Any

from engine.core.game import Action, Decision, GameKind
from engine.games.emerald.ai import _actor, _options, dragon_reach, outcomes
from engine.games.emerald.board import CHAMBER, FIRST_CAVE, FIRST_MEADOW, destination
from engine.games.emerald.determinize import sample
from engine.games.emerald.rules import majority_holders
from engine.games.emerald.state import EmeraldState

# greedy's own weights (ai.py); PARAMS below overrides some of them.
DEFAULTS: dict[str, float] = {
    "rival_gold": 3.0, "gem_worth": 1.0, "win": 12.0,
    "k_castle": 1.5, "k_meadow": 1.6, "k_meadow_step": 0.1, "k_cave": 2.2, "k_cave_step": 0.1,
    "k_deep": 0.3, "knight_scale": 1.0, "dragon_risk": 0.8, "landing": 0.3, "chamber_gain": 5.0,
    "gem_landing": 1.6, "majority": 3.0, "four_kinds": 2.5, "best_rival": 0.6, "mean_rival": 0.4,
    "treasure": 5.0,
}
PARAMS: dict[str, float] = dict(DEFAULTS)


def knight_worth(p: dict[str, float], space: int, treasures_left: int) -> float:
    if space < FIRST_MEADOW:
        base = p["k_castle"]
    elif space < FIRST_CAVE:
        base = p["k_meadow"] + p["k_meadow_step"] * (space - FIRST_MEADOW)
    else:
        base = p["k_cave"] + p["k_cave_step"] * (space - FIRST_CAVE)
    base += p["k_deep"] if treasures_left and space >= FIRST_CAVE + 5 else 0.0
    return p["knight_scale"] * base


def landing_gain(p: dict[str, float], state: EmeraldState, space: int) -> float:
    if space == CHAMBER:
        return p["chamber_gain"] if state.treasures_left else 0.0
    cave = space - FIRST_CAVE
    if cave < 0:
        return 0.0
    gold, gems = state.gold_piles[cave], state.gem_piles[cave]
    return max(gold[-1] if gold else 0, p["gem_landing"] * p["gem_worth"] if gems else 0)


def estimate(p: dict[str, float], state: EmeraldState, seat: int, me: int) -> float:
    hand = state.hands[seat]
    total = float(sum(hand)) if seat == me else p["rival_gold"] * len(hand)
    total += p["treasure"] * state.treasures[seat] + p["gem_worth"] * sum(state.gems[seat])
    if state.four_kinds == seat:
        total += 4
    elif state.four_kinds is None:
        total += (0.9, 0.6, 0.3, 0.0, 0.0)[4 - sum(1 for g in state.gems[seat] if g)] \
            * p["four_kinds"]
    holders = majority_holders(state.gems)
    total += p["majority"] * holders.count(seat)
    reach = set(dragon_reach(state))
    best_landing = 0.0
    for colour in state.colours_of(seat):
        row = state.at[colour]
        for space in range(CHAMBER):
            count = row[space]
            if not count:
                continue
            worth = knight_worth(p, space, state.treasures_left)
            if space in reach and state.rail <= space - FIRST_CAVE + 1 <= state.rail + 3:
                worth *= p["dragon_risk"]
            total += count * worth
            to = destination(space, state.total[space])
            if to != CHAMBER:
                best_landing = max(best_landing, landing_gain(p, state, to))
    return total + p["landing"] * best_landing


def value(p: dict[str, float], state: EmeraldState, me: int) -> float:
    if state.phase == "over":
        assert state.results is not None
        scores = {s.player: s.score for s in state.results.standings}
        best_rival = max(score for seat, score in scores.items() if seat != me)
        won = me in state.results.winners
        return scores[me] - best_rival + (p["win"] / len(state.results.winners) if won else 0)
    mine = [estimate(p, state, seat, me) for seat in range(state.num_players)]
    rivals = [v for seat, v in enumerate(mine) if seat != me]
    return mine[me] - p["best_rival"] * max(rivals) - p["mean_rival"] * sum(rivals) / len(rivals)


def settle(p: dict[str, float], state: EmeraldState, me: int, depth: int) -> float:
    turn = state.turn
    if state.phase == "over" or depth <= 0:
        return value(p, state, me)
    actor = _actor(state)
    if state.phase == "move" and state.moves == 0:
        return value(p, state, me)
    best = None
    for action in _options(state):
        worlds = outcomes(state, actor, action)
        score = sum(settle_after(p, w, turn, actor, depth - 1) for w in worlds) / len(worlds)
        if best is None or score > best[0]:
            best = (score, worlds)
    assert best is not None
    return sum(settle_after(p, w, turn, me, depth - 1) for w in best[1]) / len(best[1])


def settle_after(p: dict[str, float], state: EmeraldState, turn: int, me: int,
                 depth: int) -> float:
    if state.phase == "over" or state.turn != turn or depth <= 0:
        return value(p, state, me)
    return settle(p, state, me, depth)


REPLY_TOP = 3  # greedy's best answers looked at again with the next seat's reply
REPLY_CPU = 0.25  # CPU seconds a decision may spend on replies before it falls back to greedy's


class _OutOfTime(Exception):
    pass


def reply(p: dict[str, float], state: EmeraldState, me: int, depth: int,
          deadline: float = float("inf")) -> float:
    """The value for `me` after the next seat, whose turn begins in `state`, plays it out as
    greedy would (its own best by its own value, the die averaged)."""
    if time.process_time() > deadline:
        raise _OutOfTime
    if state.phase == "over":
        return value(p, state, me)
    turn = state.turn
    actor = _actor(state)
    best = None
    for action in _options(state):
        worlds = outcomes(state, actor, action)
        score = sum(settle_after(p, w, turn, actor, depth - 1) for w in worlds) / len(worlds)
        if best is None or score > best[0]:
            best = (score, worlds)
    assert best is not None
    return sum(settle_after(p, w, turn, me, depth - 1) for w in best[1]) / len(best[1])


def own_then_reply(p: dict[str, float], state: EmeraldState, turn: int, me: int,
                   depth: int, deadline: float = float("inf")) -> float:
    """Like settle_after, but where `me`'s turn ends the next seat's reply is played too."""
    if state.phase == "over":
        return value(p, state, me)
    if state.turn != turn:
        return reply(p, state, me, 3, deadline)
    if depth <= 0:
        return value(p, state, me)
    actor = _actor(state)
    if actor != me:  # a rival's bribe inside my turn: as greedy judges it
        return settle(p, state, me, depth)
    best = None
    for action in _options(state):
        worlds = outcomes(state, actor, action)
        score = sum(own_then_reply(p, w, turn, me, depth - 1, deadline)
                    for w in worlds) / len(worlds)
        if best is None or score > best:
            best = score
    assert best is not None
    return best


def choose(view: dict[str, Any], me: int, rng: random.Random,
           p: dict[str, float] | None = None, depth: int = 3, top: int = 0,
           blend: float = 1.0, cpu: float = REPLY_CPU) -> Action:
    p = PARAMS if p is None else p
    state = sample(view, rng)
    turn = state.turn
    scored = []
    for action in _options(state):
        worlds = outcomes(state, me, action)
        scored.append((sum(settle_after(p, w, turn, me, depth - 1) for w in worlds)
                       / len(worlds), action))
    if top and len(scored) > 1:
        deadline = time.process_time() + cpu
        ranked = sorted(scored, key=lambda pair: -pair[0])
        refined = []
        try:
            for score, action in ranked[:top]:
                worlds = outcomes(state, me, action)
                deep = sum(own_then_reply(p, w, turn, me, depth - 1, deadline)
                           for w in worlds) / len(worlds)
                refined.append((blend * deep + (1 - blend) * score, action))
            scored = refined
        except _OutOfTime:
            pass  # greedy's own scores
    best = max(score for score, _ in scored)
    return rng.choice([action for score, action in scored if score >= best - 1e-9])


def tuned_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """The tuned greedy, from the seat's view only."""
    if len(decision.options) == 1:
        return decision.options[0].action
    view = kind.view(state, decision.player)
    top = REPLY_TOP if view["players"] == 2 else 0  # with more seats the next one's reply misleads
    return choose(view, decision.player, rng, top=top)
