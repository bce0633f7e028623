"""The 'strong' AI: determinized Monte-Carlo search over the action choice, and a symmetric mixed
strategy for it found by regret matching.

It samples hidden information from its own view, lets every other seat choose (by the greedy
model, or any card now and then), plays the turn out with greedy play for each of its own cards,
and scores the outcome by money plus the majorities the gemstones would win. Outcomes are kept by
how many rivals took the same card: none, one (a negotiation) or more (the card lapses).

The choice is then a game between the seats that think about it: this seat (valued by its
sampled outcomes), every other searching seat and every person (valued by the greedy worth of
each card to them, and what crowding does to it), while greedy and random seats choose as those
levels do. Regret matching, all seats updating at once, finds mixed strategies for all of them;
this seat plays its own. Nothing depends on seat numbers: three strong seats at one table are
alike, and each of them spreads away from the cards the others want most (the earlier
convention by seat number let the first strong seat win most games).
Other decisions use the greedy heuristics.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.ai import BUDGET, SEAT_LEVELS
from engine.core.game import Action, Decision, GameKind
from engine.games.esr import ai
from engine.games.esr.determinize import determinize

# A fixed number of sampled worlds keeps the AI deterministic for a seed (a time budget would
# not). The engine's speed-up (issue 15) buys 80 worlds (strong-v1: 48) in about the same time.
SAMPLES = 80
MIN_SAMPLES = 8  # what a busy server's smallest budget leaves
BROAD = 0.5  # how often a sampled rival takes any card rather than the greedy model's
REGRET_ROUNDS = 300  # regret-matching steps (arithmetic only, no play-outs)
SEARCHING = ("strong", "strong-v1")


def evaluate(kind: GameKind, state: Any, seat: int) -> float:
    """Money now plus what the gemstones would earn, relative to the other seats' average."""
    view = kind.view(state, None)
    counts = ai.counts_of(view)
    worth = [p["money"] + ai.position(counts, s, p["scoring_cards"])
             for s, p in enumerate(view["players"])]
    others = [w for s, w in enumerate(worth) if s != seat]
    return worth[seat] - sum(others) / len(others)


def rollout(kind: GameKind, state: Any, seat: int, card: str, rng: random.Random) -> float:
    """Choose `card`, let the others choose and the turn play out greedily; score the result.
    Plays on a copy with the engine's quiet in-place path (same states, no events)."""
    start_turn = (state.round, state.turn)
    state, _ = kind.advance(state.clone(), seat, {"type": "choose", "card": card}, quiet=True)
    while not kind.is_over(state) and (state.round, state.turn) == start_turn:
        decision = kind.next_decision(state)
        action = ai.greedy_policy(kind, state, decision, rng)
        state, _ = kind.advance(state, decision.player, action, quiet=True)
    return evaluate(kind, state, seat)


def outcomes(kind: GameKind, view: dict[str, Any], seat: int, cards: list[str],
             rng: random.Random, samples: int) -> tuple[dict[tuple[str, int], float],
                                                        list[list[float]]]:
    """Sampled worlds played out for every card of ours: the average outcome by card and by how
    many rivals took the same card (0, 1, 2 or more), and each rival's greedy choice odds."""
    found: dict[tuple[str, int], list[float]] = {}
    greedy = [[0.0] * len(cards) for _ in view["players"]]
    for sample in range(samples):
        world = determinize(view, seat, rng)
        world.players[seat].choice = None
        picker = random.Random(f"{sample}:rivals")
        for other in range(world.num_players):
            if other == seat:
                continue
            decision = kind.decision_for(world, other)
            guess = ai.greedy_policy(kind, world, decision, picker)["card"]
            greedy[other][cards.index(guess)] += 1 / samples
            # Sometimes any card: the table must also see crowds the greedy model never makes.
            world.players[other].choice = (picker.choice(cards) if picker.random() < BROAD
                                           else guess)
        taken = [p.choice for s, p in enumerate(world.players) if s != seat]
        for card in cards:
            # Common random numbers: each card faces the same sampled world and rivals.
            value = rollout(kind, world, seat, card, random.Random(sample))
            found.setdefault((card, min(taken.count(card), 2)), []).append(value)
    averages = {key: sum(values) / len(values) for key, values in found.items()}
    lapsed = [v for (_, crowd), values in found.items() if crowd == 2 for v in values]
    lapse = sum(lapsed) / len(lapsed) if lapsed else min(averages.values())
    table: dict[tuple[str, int], float] = {}
    for card in cards:
        alone = averages.get((card, 0), averages.get((card, 1), lapse))
        table[card, 0] = alone
        table[card, 1] = averages.get((card, 1), (alone + lapse) / 2)
        table[card, 2] = lapse  # three or more on a card: it lapses, whichever card it was
    return table, greedy


def crowd(chances: list[float]) -> list[float]:
    """Chances that 0, 1, or 2 and more rivals take a card, each with its own chance."""
    none, one = 1.0, 0.0
    for p in chances:
        none, one = none * (1 - p), one * (1 - p) + none * p
    return [none, one, max(0.0, 1 - none - one)]


def strong_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """Search the action choice; answer everything else like 'greedy'."""
    if decision.kind != "esr.choose_action":
        return ai.greedy_policy(kind, state, decision, rng)
    seat = decision.player
    view = kind.view(state, seat)
    cards = [o.action["card"] for o in decision.options]
    samples = max(MIN_SAMPLES, round(SAMPLES * BUDGET.get()))
    table, greedy = outcomes(kind, view, seat, cards, rng, samples)
    mixed = regret_matching(seat, cards, table, greedy, view, SEAT_LEVELS.get())
    return {"type": "choose", "card": rng.choices(cards, weights=mixed)[0]}


Worth = Callable[[int, list[float]], float]  # (card index, crowd odds 0/1/2+) → worth


def regret_matching(seat: int, cards: list[str], table: dict[tuple[str, int], float],
                    greedy: list[list[float]], view: dict[str, Any],
                    levels: tuple[str | None, ...] | None) -> list[float]:
    """This seat's mixed strategy in the game of the seats that think about their choice."""
    fixed, worth = players(seat, cards, table, greedy, view, levels)
    return mixed_strategies(len(cards), len(view["players"]), fixed, worth)[seat]


def players(seat: int, cards: list[str], table: dict[tuple[str, int], float],
            greedy: list[list[float]], view: dict[str, Any],
            levels: tuple[str | None, ...] | None
            ) -> tuple[dict[int, list[float]], dict[int, Worth]]:
    """Greedy and random seats as fixed odds (by their public level); this seat (by its sampled
    outcomes), searching seats and people as players (by each card's greedy worth to them)."""
    def level(other: int) -> str | None:
        return levels[other] if levels is not None and other < len(levels) else None

    fixed: dict[int, list[float]] = {}
    worth: dict[int, Worth] = {
        seat: lambda i, spread: sum(spread[k] * table[cards[i], k] for k in range(3))}
    for other in range(len(view["players"])):
        if other == seat:
            continue
        if level(other) == "random":
            fixed[other] = [1 / len(cards)] * len(cards)
        elif level(other) == "greedy":
            fixed[other] = greedy[other]
        else:
            gains = ai.action_gains(view, other)
            worth[other] = (lambda i, spread, g=gains: sum(
                spread[k] * ai.worth_with(g, cards[i], k) for k in range(3)))
    return fixed, worth


def mixed_strategies(n_cards: int, n_seats: int, fixed: dict[int, list[float]],
                     worth: dict[int, Worth]) -> dict[int, list[float]]:
    """Every player's average strategy after regret matching. Each round every player follows
    its positive regrets, all at once, so no seat moves first and alike seats stay alike."""
    uniform = [1 / n_cards] * n_cards
    strategy = {p: uniform for p in worth}
    regret = {p: [0.0] * n_cards for p in worth}
    average = {p: [0.0] * n_cards for p in worth}
    for _ in range(REGRET_ROUNDS):
        odds = {**fixed, **strategy}
        for p in worth:
            values = [worth[p](i, crowd([odds[o][i] for o in range(n_seats) if o != p]))
                      for i in range(n_cards)]
            expected = sum(s * v for s, v in zip(strategy[p], values, strict=True))
            regret[p] = [r + v - expected for r, v in zip(regret[p], values, strict=True)]
        for p in worth:
            positive = [max(r, 0.0) for r in regret[p]]
            total = sum(positive)
            strategy[p] = [x / total for x in positive] if total > 0 else uniform
            average[p] = [a + x for a, x in zip(average[p], strategy[p], strict=True)]
    return {p: [a / REGRET_ROUNDS for a in average[p]] for p in worth}
