"""Emerald's greedy AI: it plays its own turn out to the end in a world sampled from its view,
weighing each of the die's three outcomes whenever a move wakes the dragon, and judges where
the turn leaves everyone with `value` — cards and treasures in hand, what each knight may still
bring, the dragon's reach, and the next landing it hands each rival. The bribe, asked of the
victim's owner, pays the cheapest gold card when the knight's prospects are worth more."""

from __future__ import annotations

import random
from itertools import compress
from typing import Any

from engine.core.game import Action, Decision, GameKind
from engine.games.emerald.actions import dispatch
from engine.games.emerald.board import (
    CHAMBER,
    CODES,
    FIRST_CAVE,
    FIRST_MEADOW,
    destination,
    space_code,
)
from engine.games.emerald.determinize import sample
from engine.games.emerald.rules import Table, majority_holders, movable, wakes_dragon
from engine.games.emerald.state import EmeraldState

# Expected gold of a card taken later, of a rival's gold card in hand, of a knight in play by
# where it stands (further along: nearer the treasures and the deeper caves' cards).
RIVAL_GOLD = 3.0
GEM_WORTH = 1.0
WIN = 12.0  # what ending the game in the lead is worth beyond the margin


def knight_worth(space: int, treasures_left: int) -> float:
    """What a knight on `space` may still bring its owner, in gold: more the further along it
    is, and well below the treasure it takes by entering the chamber (turns, not knights, are
    what a player runs short of: one card a turn at most)."""
    if space < FIRST_MEADOW:
        base = 1.5
    elif space < FIRST_CAVE:
        base = 1.6 + 0.1 * (space - FIRST_MEADOW)
    else:
        base = 2.2 + 0.1 * (space - FIRST_CAVE)
    return base + (0.3 if treasures_left and space >= FIRST_CAVE + 5 else 0.0)


def dragon_reach(state: EmeraldState) -> list[int]:
    """The caves the dragon ends on for rolls 1, 2 and 3 from where it stands now."""
    ends = []
    for roll in (1, 2, 3):
        position, heading = state.dragon, state.heading
        for _ in range(roll):
            if position < state.rail:
                heading = 1
            position += heading
            if (heading == 1 and position == state.rail + 3) or (
                    heading == -1 and position == state.rail):
                heading = -heading
        ends.append(FIRST_CAVE + position - 1)
    return ends


def landing_gain(state: EmeraldState, space: int) -> float:
    """What a knight landing on `space` takes at once: a treasure, a face-up card."""
    if space == CHAMBER:
        return 5.0 if state.treasures_left else 0.0
    cave = space - FIRST_CAVE
    if cave < 0:
        return 0.0
    gold, gems = state.gold_piles[cave], state.gem_piles[cave]
    return max(gold[-1] if gold else 0, 1.6 * GEM_WORTH if gems else 0)


# knight_worth by space, with treasures left (1) and without (0); the same × 0.8 for a knight the
# dragon's next wake may end on. Tables, because value() runs for every position a search meets.
_WORTH = [[knight_worth(space, left) for space in range(CHAMBER)] for left in (0, 1)]
_AT_RISK = [[worth * 0.8 for worth in row] for row in _WORTH]
_PATH = range(CHAMBER)


def estimates(state: EmeraldState, me: int) -> list[float]:
    """The gold each seat may end with, as `me` judges it (a rival's gold cards at their
    mean): cards, treasures, bonuses and majorities in hand, each knight's worth where it
    stands (less where the dragon's next wake may end), and 0.3 of the best landing its
    knights have now."""
    holders = majority_holders(state.gems)
    rail = state.rail
    # Caves the next wake may end on, beside the rail: a third of the time a knight there goes.
    risky = {space for space in dragon_reach(state) if rail <= space - FIRST_CAVE + 1 <= rail + 3}
    left = 1 if state.treasures_left else 0
    worth_at, risk_at = _WORTH[left], _AT_RISK[left]
    total_at = state.total
    landings: dict[int, float] = {}  # origin space → what a knight moving from it takes
    four = state.four_kinds
    found = []
    for seat in range(state.num_players):
        hand = state.hands[seat]
        total = float(sum(hand)) if seat == me else RIVAL_GOLD * len(hand)
        gems = state.gems[seat]
        total += 5 * state.treasures[seat] + GEM_WORTH * sum(gems)
        if four == seat:
            total += 4
        elif four is None:
            total += (0.9, 0.6, 0.3, 0.0, 0.0)[4 - sum(1 for g in gems if g)] * 2.5
        total += 3.0 * holders.count(seat)
        best_landing = 0.0
        for colour in state.colours_of(seat):
            row = state.at[colour]
            for space in compress(_PATH, row):
                total += row[space] * (risk_at[space] if space in risky else worth_at[space])
                gain = landings.get(space)
                if gain is None:
                    to = destination(space, total_at[space])
                    # a knight's worth counts its way to the chamber already
                    gain = landings[space] = 0.0 if to == CHAMBER else landing_gain(state, to)
                if gain > best_landing:
                    best_landing = gain
        found.append(total + 0.3 * best_landing)
    return found


def value(state: EmeraldState, me: int) -> float:
    """How good `state` is for `me`: its estimate against the rivals' (the best one most)."""
    if state.phase == "over":
        assert state.results is not None
        scores = {s.player: s.score for s in state.results.standings}
        best_rival = max(score for seat, score in scores.items() if seat != me)
        won = me in state.results.winners
        return scores[me] - best_rival + (WIN / len(state.results.winners) if won else 0)
    mine = estimates(state, me)
    rivals = [v for seat, v in enumerate(mine) if seat != me]
    return mine[me] - 0.6 * max(rivals) - 0.4 * sum(rivals) / len(rivals)


# Positions searched so far in this process (each a copy with one action applied): the budget
# a searching level counts in, since seconds would make its choices depend on the machine.
_SEARCHED = [0]


def searched() -> int:
    """How many positions searches in this process have made so far."""
    return _SEARCHED[0]


def apply_action(state: EmeraldState, seat: int, action: Action, roll: int = 0
                 ) -> EmeraldState:
    """A copy of `state` with `action` of `seat` applied (`roll`: the die fixed, 0 rolls it)."""
    _SEARCHED[0] += 1
    new = state.clone()
    dispatch(Table(new, quiet=True, roll=roll), seat, action)
    return new


def actor_of(state: EmeraldState) -> int:
    """The seat deciding now (the bribe falls to the victim's owner)."""
    return state.owner(state.victim[0]) if state.phase == "bribe" else state.seat


def legal_actions(state: EmeraldState) -> list[Action]:
    """The legal actions now, without labels (a search needs no words)."""
    if state.phase == "move":
        moves: list[Action] = [{"type": "move", "space": space_code(space), "colour": colour}
                               for colour, space in movable(state, state.seat)]
        return moves + ([{"type": "end_turn"}] if state.moves else [])
    if state.phase == "card":
        return [{"type": "take", "pile": "gold"}, {"type": "take", "pile": "gem"}]
    if state.phase == "victim":
        pairs = state.victims
        return [{"type": "victim", "colour": pairs[i], "moved": bool(pairs[i + 1])}
                for i in range(0, len(pairs), 2)]
    if state.phase == "bribe":
        hand = state.hands[state.owner(state.victim[0])]
        return [{"type": "bribe", "card": min(hand)}, {"type": "bribe", "card": None}]
    return []


def outcomes(state: EmeraldState, seat: int, action: Action) -> list[EmeraldState]:
    """The states `action` leads to, one per die roll when it wakes the dragon."""
    if action.get("type") == "move":
        origin = CODES[action["space"]]
        to = destination(origin, state.total[origin])
        if to != CHAMBER and wakes_dragon(state, to):
            return [apply_action(state, seat, action, roll) for roll in (1, 2, 3)]
    return [apply_action(state, seat, action)]


def settle(state: EmeraldState, me: int, depth: int) -> float:
    """The value for `me` once the turn in `state` is played out greedily: each decision of the
    turn by whoever makes it, to their own best (the die's outcomes averaged)."""
    turn = state.turn
    if state.phase == "over" or state.turn != turn or depth <= 0:
        return value(state, me)
    actor = actor_of(state)
    if state.phase == "move" and state.moves == 0:
        return value(state, me)  # the next player's turn has begun
    best = None
    for action in legal_actions(state):
        worlds = outcomes(state, actor, action)
        score = sum(settle_after(w, turn, actor, depth - 1) for w in worlds) / len(worlds)
        if best is None or score > best[0]:
            best = (score, worlds)
    assert best is not None
    if actor == me:
        return best[0]  # the same sum again
    return sum(settle_after(w, turn, me, depth - 1) for w in best[1]) / len(best[1])


def settle_after(state: EmeraldState, turn: int, me: int, depth: int) -> float:
    """`settle` if the turn goes on, else the value of where it ended."""
    if state.phase == "over" or state.turn != turn or depth <= 0:
        return value(state, me)
    return settle(state, me, depth)


def choose(view: dict[str, Any], me: int, rng: random.Random, depth: int = 3) -> Action:
    """The greedy answer for `me` in a world sampled from its view."""
    return best_in(sample(view, rng), me, rng, depth)


def option_scores(state: EmeraldState, me: int, depth: int = 3) -> list[tuple[float, Action]]:
    """Every answer of `me` now with the value its turn, played out greedily, leaves."""
    turn = state.turn
    scored = []
    for action in legal_actions(state):
        worlds = outcomes(state, me, action)
        scored.append((sum(settle_after(w, turn, me, depth - 1) for w in worlds) / len(worlds),
                       action))
    return scored


def best_in(state: EmeraldState, me: int, rng: random.Random, depth: int = 3) -> Action:
    """The greedy answer for `me` in this world (ties broken by `rng`); `state` is not
    changed. Only a world sampled from the seat's view is fair (the ceiling benchmark passes
    the real one)."""
    scored = option_scores(state, me, depth)
    best = max(score for score, _ in scored)
    return rng.choice([action for score, action in scored if score >= best - 1e-9])


def greedy_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random
                  ) -> Action:
    """Emerald's greedy level, from the seat's view only."""
    if len(decision.options) == 1:
        return decision.options[0].action
    return choose(kind.view(state, decision.player), decision.player, rng)

