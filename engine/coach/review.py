"""Review one seat's decisions of a finished game: each decision the member made among several
options is judged from that seat's view at the time (never the real hidden state): what the
game's strongest AI would have chosen there (`GameKind.coach_choice`), and what that gains over
the member's choice by the game's own search (`GameKind.coach_values`); the costliest come
first, with how sure each estimate is.

Two passes within a CPU budget: every decision with a few sampled worlds, then the likeliest
mistakes again with many more, so the figures reported rest on the larger sample.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.ai import seated
from engine.core.game import Action, Decision, GameKind
from engine.core.registry import get_kind

FIRST_WORLDS = 4  # sampled worlds per option in the first pass
SECOND_WORLDS = 24  # in the second, for the likeliest mistakes
SECOND_PASS = 6  # decisions looked at again
SURE = 2.0  # a cost this many standard errors above zero is a mistake, not noise


@dataclass(frozen=True)
class Finding:
    """One judged decision: what was chosen, what the search prefers, and what it cost."""

    step: int  # how many logged actions came before it (the replay's step)
    decision: Decision  # as the member saw it (options, prompt, key)
    chosen: int  # index into decision.options
    best: int  # what the game's AI would choose (a game without one: the best over the worlds)
    cost: float  # in the game's unit: what `best` gains over the chosen option (held out
    # where `best` is the best over the worlds)
    error: float  # the cost's standard error over the sampled worlds
    worlds: int

    @property
    def sure(self) -> bool:
        """Whether the cost stands clear of the estimate's noise."""
        return self.cost > SURE * self.error


@dataclass
class Review:
    """A seat's costliest decisions (at most three, costliest first) and what the review cost."""

    seat: int
    findings: list[Finding] = field(default_factory=list)
    judged: int = 0  # decisions judged
    agreed: int = 0  # of those, chosen as the game's AI would (or as good by its judgement)
    cpu_seconds: float = 0.0


def review(kind_name: str, seed: int, players: int, settings: dict[str, Any] | None,
           log: Sequence[tuple[int, Action]], seat: int, chosen_by_member: set[int],
           budget: float = 20.0, rng_seed: int = 0,
           levels: Sequence[str | None] | None = None, revision: int | None = None) -> Review:
    """The review of `seat` over a finished game's log of (seat, action); `chosen_by_member`:
    the steps the member chose themselves (not the autopilot). `budget`: CPU seconds.
    `levels`: each seat's public AI level (None: a person), as the AIs knew them; `revision`: the
    rules revision the game was set up under (None: today's)."""
    with seated(levels if levels is not None else [None] * players):
        return _review(kind_name, seed, players, settings, log, seat, chosen_by_member, budget,
                       rng_seed, revision)


def _review(kind_name: str, seed: int, players: int, settings: dict[str, Any] | None,
            log: Sequence[tuple[int, Action]], seat: int, chosen_by_member: set[int],
            budget: float, rng_seed: int, revision: int | None) -> Review:
    started = time.process_time()
    kind = get_kind(kind_name)
    state, _ = kind.new_game(seed, players, settings, revision)
    points: list[tuple[int, dict[str, Any], Decision, int]] = []
    point = None  # the member's decision at this step, judged if their choice stood
    for step, (actor, action) in enumerate(log):
        if actor == seat and step in chosen_by_member:
            decision = kind.decision_for(state, seat)
            chosen = _index(decision, action)
            if decision is not None and chosen is not None and len(decision.options) > 1:
                point = (step, kind.view(state, seat), decision, chosen)
        state, _ = kind.advance(state, actor, action, quiet=True)
        if point is not None and kind.coach_stood(state, seat, action, log[step + 1:]):
            points.append(point)
        point = None
    if not kind.is_over(state):
        raise ValueError("a review is of a finished game")
    result = Review(seat=seat)
    first = []  # (finding, its plain cost, view, CPU seconds a world cost, the AI's choice)
    agreed = 0  # decisions where the member chose as the AI would
    for step, view, decision, chosen in points:
        if time.process_time() - started > budget / 2:
            break  # the second pass keeps the other half
        answers = kind.coach_choice(view, seat, decision, random.Random(f"{rng_seed}:{step}:ai"),
                                    chosen)
        if answers and chosen in [_index(decision, answer) for answer in answers]:
            agreed += 1  # as the AI would have chosen, or as good by its own judgement
            continue
        reference = _index(decision, answers[0]) if answers else None
        began = time.process_time()
        judged = _judge(kind, view, seat, decision, chosen, step, FIRST_WORLDS, rng_seed,
                        reference)
        if judged is not None:
            first.append((*judged, view, (time.process_time() - began) / FIRST_WORLDS,
                          reference))
    result.judged, result.agreed = len(first) + agreed, agreed
    # The likeliest mistakes by the plain cost: a screen, so it errs towards looking again.
    first.sort(key=lambda entry: -entry[1])
    findings = [found for found, _, _, _, _ in first]
    again = first[:SECOND_PASS]
    for index, (found, _, view, per_world, reference) in enumerate(again):
        # As many worlds as the budget left allows, shared by the decisions still to judge.
        left = budget - (time.process_time() - started)
        worlds = min(SECOND_WORLDS, int(left / ((len(again) - index) * max(per_world, 1e-6))))
        if worlds <= FIRST_WORLDS:
            break
        judged = _judge(kind, view, seat, found.decision, found.chosen, found.step, worlds,
                        rng_seed + 1, reference)
        if judged is not None:
            findings[index] = judged[0]
    findings.sort(key=lambda f: -f.cost)
    # A positive cost with the chosen option best over all worlds is the halves disagreeing.
    result.findings = [f for f in findings if f.cost > 0 and f.best != f.chosen][:3]
    result.cpu_seconds = time.process_time() - started
    return result


def _index(decision: Decision | None, action: Action) -> int | None:
    """Which of the decision's options the logged action is (None: a free-form answer)."""
    if decision is None:
        return None
    return next((i for i, o in enumerate(decision.options) if o.action == action), None)


def _judge(kind: GameKind, view: dict[str, Any], seat: int, decision: Decision, chosen: int,
           step: int, worlds: int, rng_seed: int, reference: int | None
           ) -> tuple[Finding, float] | None:
    """One decision judged over `worlds` worlds sampled from the seat's view, with the plain
    cost the first pass ranks by (optimistic where the better option is the best over the
    worlds; None: the game does not judge this decision).
    `reference`: the option the game's AI would choose, measured against the chosen one in
    every world; None: the option best over the worlds, measured held out."""
    rng = random.Random(f"{rng_seed}:{step}")
    values = kind.coach_values(view, seat, decision, rng, worlds, chosen)
    if values is None:
        return None
    best = _best(values, chosen, range(len(values[0]))) if reference is None else reference
    plain = _mean([b - c for b, c in zip(values[best], values[chosen], strict=True)])
    # The AI chose without these worlds, so its option's mean in them is not flattered by
    # being the largest of several: no need to hold half of them out.
    differences = held_out_differences(values, chosen) if reference is None else \
        [b - c for b, c in zip(values[best], values[chosen], strict=True)]
    # The sampling error, but never finer than what the game's search can tell apart.
    error = max(_standard_error(differences), kind.coach_resolution)
    finding = Finding(step=step, decision=decision, chosen=chosen, best=best,
                      cost=_mean(differences), error=error, worlds=len(differences))
    return finding, plain


def held_out_differences(values: Sequence[Sequence[float]], chosen: int) -> list[float]:
    """Per world, the better option's value minus the chosen one's, the better option picked
    from the other half of the worlds.

    Why: the option best in the very worlds it is measured in looks better than it is (the
    largest of several noisy means), so a search's own good choice would read as a mistake.
    Picking in one half and measuring in the other (each way round) is not fooled by that.
    """
    count = len(values[chosen])
    if count < 2:  # an exact judgement: every world alike
        best = _best(values, chosen, range(count))
        return [b - c for b, c in zip(values[best], values[chosen], strict=True)]
    halves = (range(count // 2), range(count // 2, count))
    differences = []
    for picked_in, measured_in in (halves, halves[::-1]):
        best = _best(values, chosen, picked_in)
        differences += [values[best][w] - values[chosen][w] for w in measured_in]
    return differences


def _best(values: Sequence[Sequence[float]], chosen: int, worlds: range) -> int:
    """The option with the highest mean over `worlds` (the chosen one on a tie)."""
    return max(range(len(values)),
               key=lambda i: (_mean([values[i][w] for w in worlds]), i == chosen))


def _mean(samples: Sequence[float]) -> float:
    """The samples' mean (0 for none)."""
    return sum(samples) / len(samples) if samples else 0.0


def _standard_error(samples: Sequence[float]) -> float:
    """The standard error of the samples' mean (paired over the same worlds)."""
    n = len(samples)
    if n < 2:
        return math.inf if n else 0.0
    mean = sum(samples) / n
    variance = sum((x - mean) ** 2 for x in samples) / (n - 1)
    return math.sqrt(variance / n)
