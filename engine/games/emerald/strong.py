"""Emerald's strong AI: greedy's choice, checked near the end by playing the game out.

Greedy's own search of the turn (ai.py) scores every answer, averaged over SCREEN_WORLDS worlds
sampled from the seat's view (greedy itself searches one, and where the hidden cards decide
what a move brings, one world misleads it). When other answers score nearly as well (within
CLOSE, at most three) and the decision is one greedy gets wrong most — a move or a card once at
most ENDGAME treasures are left, a bribe or a victim at any time — each is played to the end of
the game in further sampled worlds, every seat (this one included) playing greedy's search, the
die rolled. Every answer meets the same worlds and the same dice (common random numbers).
Another answer replaces the screen's best only if its games end better (the seat's margin over
its best rival, plus `ai.WIN` for a win) by more than GATE standard errors of the paired
differences.

Why so, measured (docs/benchmarks.md, "Emerald"): a game cut after four turns and judged by
`ai.value` lost to greedy, and so did every search of the turn with a better value or more
knowledge; a cruder play-out policy (greedy one step deep) made the level weaker than greedy.
What greedy misses is how a position plays out to the end: who takes the last treasures, whom
the dragon meets, when it pays to let a knight go. Play-outs of the whole game from every
decision won more still but cost 0.2 s a decision at the median, twice the budget; in the
middle game, too few of them to tell answers apart made the level worse, hence the endgame,
the rare bribe and victim, and the gate.

The budget is counted in positions searched (`ai.searched`), not seconds, so a seed replays the
same choices; the AI pool's share (`engine.core.ai.BUDGET`) scales it.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.core.ai import BUDGET
from engine.core.game import Action, Decision, GameKind
from engine.core.rng import Rng
from engine.games.emerald import ai
from engine.games.emerald.ai import best_in, option_scores, value
from engine.games.emerald.determinize import sample
from engine.games.emerald.state import EmeraldState

SCREEN_WORLDS = 8  # worlds greedy's search of the turn is averaged over, to screen answers
CANDIDATES = 3  # answers played out at most
CLOSE = 2.0  # gold: answers greedy scores further below its best are not played out
ENDGAME = 3  # treasures left at most for a move or a card to be played out
ALWAYS = ("bribe", "victim")  # played out whenever they are close: rare, and greedy's worst
POSITIONS = 9_000  # positions searched per decision at full budget, at most (about 0.2 s)
MOST_ROUNDS = 12
GATE = 1.0  # standard errors by which another answer must beat greedy's own to be played


def play_out(state: EmeraldState, rng: random.Random, limit: float = math.inf
             ) -> EmeraldState | None:
    """The game in `state` played to its end, every decision by greedy's search (`state` is
    changed: callers pass a copy); None once the search has made `limit` positions."""
    while state.phase != "over":
        if ai.searched() > limit:
            return None
        actor = ai.actor_of(state)
        options = ai.legal_actions(state)
        action = options[0] if len(options) == 1 else best_in(state, actor, rng)
        state = ai.apply_action(state, actor, action)
    return state


def screen(worlds: list[EmeraldState], me: int) -> list[tuple[float, Action]]:
    """Every answer with greedy's search's score averaged over `worlds`, best first (ties in
    the search's order)."""
    totals: list[float] = []
    actions: list[Action] = []
    for world in worlds:
        scored = option_scores(world, me)
        totals = [t + score for t, (score, _) in zip(totals, scored, strict=True)] if totals \
            else [score for score, _ in scored]
        actions = [action for _, action in scored]  # public: alike in every world
    ranked = sorted(range(len(actions)), key=lambda i: -totals[i])  # stable: ties in order
    return [(totals[i] / len(worlds), actions[i]) for i in ranked]


def candidates(scored: list[tuple[float, Action]]) -> list[Action]:
    """The screen's best answer first, then the others it scores within CLOSE of it."""
    best = scored[0][0]
    return [action for score, action in scored[:CANDIDATES] if score >= best - CLOSE]


def plays_out(view: dict[str, Any]) -> bool:
    """Whether close answers of the decision now are played out: a move or a card near the
    end, a bribe or a victim at any time."""
    return view["treasures_left"] <= ENDGAME or view["phase"] in ALWAYS


def strong_choice(view: dict[str, Any], me: int, rng: random.Random) -> Action:
    """The answer whose played-out games end best, over worlds sampled from `view`."""
    return strong_judgement(view, me, rng)[0]


def strong_judgement(view: dict[str, Any], me: int, rng: random.Random,
                     also: Action | None = None) -> list[Action]:
    """Strong's answer first, then the answers its play-outs could not tell from it (found
    worse by no more than GATE standard errors); only the answer where nothing was played out.

    `also`: one more answer to judge (the coach's: the member's), played out beside the
    candidates where strong plays close calls out and the screen scores it within twice CLOSE
    of its best. It is never chosen, and the budget grows by its share, so strong's own
    answers are played out about as often as without it.
    """
    began = ai.searched()
    scored = screen([sample(view, rng) for _ in range(SCREEN_WORLDS)], me)
    found = candidates(scored)
    if not plays_out(view):
        return found[:1]
    played = found + [action for score, action in scored
                      if action == also and action not in found
                      and score >= scored[0][0] - 2 * CLOSE]
    if len(played) == 1:
        return found
    budget = began + POSITIONS * BUDGET.get() * len(played) / len(found)
    ends: list[list[float]] = [[] for _ in played]  # per answer, how each world's game ended
    last = 0  # what the last round cost: the next costs no more (the games only get shorter)
    while len(ends[0]) < MOST_ROUNDS and ai.searched() + last <= budget:
        round_began = ai.searched()
        world = sample(view, rng)
        seed = rng.getrandbits(64)
        round_ends = []
        for action in played:
            start = world.clone()
            start.rng = Rng.from_seed(seed)  # the same dice for every answer
            end = play_out(ai.apply_action(start, me, action), random.Random(seed), budget)
            if end is None:
                break  # over budget: a round not every answer finished is no comparison
            round_ends.append(value(end, me))  # the margin, plus WIN for a win
        if len(round_ends) < len(played):
            break
        for i, margin in enumerate(round_ends):
            ends[i].append(margin)
        last = ai.searched() - round_began
    if not ends[0]:
        return found[:1]
    chosen = better_than_greedy(ends[:len(found)])
    if len(ends[0]) < 2:
        return [played[chosen]]  # one world tells nothing alike either
    alike = [played[i] for i in range(len(played)) if i != chosen
             and _gain(ends[i], ends[chosen]) >= -_clear(ends[i], ends[chosen])]
    return [played[chosen], *alike]


def better_than_greedy(ends: list[list[float]]) -> int:
    """The answer to play: greedy's own (index 0) unless another's games ended better by more
    than GATE standard errors of the paired differences."""
    best, best_gain = 0, 0.0
    for i in range(1, len(ends)):
        gain = _gain(ends[i], ends[0])
        if gain > _clear(ends[i], ends[0]) and gain > best_gain:
            best, best_gain = i, gain
    return best


def _gain(mine: list[float], other: list[float]) -> float:
    """How much better one answer's games ended than another's, on average."""
    return sum(mine) / len(mine) - sum(other) / len(other)


def _clear(mine: list[float], other: list[float]) -> float:
    """The gain that stands clear of the noise: GATE standard errors of the paired
    differences (one world tells nothing)."""
    gains = [a - b for a, b in zip(mine, other, strict=True)]
    if len(gains) < 2:
        return math.inf if GATE else 0.0
    mean = sum(gains) / len(gains)
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1))
    return GATE * spread / math.sqrt(len(gains))


def strong_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random
                  ) -> Action:
    """Emerald's strong level, from the seat's view only."""
    if len(decision.options) == 1:
        return decision.options[0].action
    return strong_choice(kind.view(state, decision.player), decision.player, rng)
