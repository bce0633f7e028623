"""The 'strong' AI: determinized Monte-Carlo search over the action choice.

It samples hidden information from its own view, lets every other seat choose (by the greedy
model, or any card now and then), plays the turn out with greedy play for each of its own cards,
and scores the outcome by money plus the majorities the gemstones would win. Outcomes are kept by
how many rivals took the same card: none, one (a negotiation) or more (the card lapses). The
choice is then found by fictitious play against rivals modelled by their public level: greedy and
random seats choose as those levels do, people either as greedy or as this seat would. Searching
seats keep to a convention by seat number (each takes its best card against the seats before
it; those after it keep out of its way): seats that all searched alike would otherwise all take
the same best card and lose it to the three-or-more rule, and mixing at random instead left the
best card to a greedy seat. Other decisions use the greedy heuristics.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.core.ai import BUDGET, SEAT_LEVELS
from engine.core.game import Action, Decision, GameKind
from engine.games.esr import ai
from engine.games.esr.determinize import determinize

# A fixed number of sampled worlds keeps the AI deterministic for a seed (a time budget would
# not); 48 samples take about 0.15 s per action choice on one core, well inside a Discord turn.
SAMPLES = 48
MIN_SAMPLES = 8  # what a busy server's smallest budget (engine/service/ai_pool.py) leaves
BROAD = 0.5  # how often a sampled rival takes any card rather than the greedy model's
LIKE_ME = 0.5  # the modelled chance that a rival of unknown level searches as this seat does
TEMPERATURE = 1.0  # millions; how near two cards' values must be for both to be played
PLAY_ROUNDS = 40  # fictitious-play steps (arithmetic only, no play-outs)


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
    # On a copy, by the engine's quiet in-place path: the same states, no events built.
    state, _ = kind.advance(state.clone(), seat, {"type": "choose", "card": card}, quiet=True)
    while not kind.is_over(state) and (state.round, state.turn) == start_turn:
        decision = kind.next_decision(state)
        action = ai.greedy_policy(kind, state, decision, rng)
        state, _ = kind.advance(state, decision.player, action, quiet=True)
    return evaluate(kind, state, seat)


def strong_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """Search the action choice; answer everything else like 'greedy'."""
    if decision.kind != "esr.choose_action":
        return ai.greedy_policy(kind, state, decision, rng)
    seat = decision.player
    view = kind.view(state, seat)
    cards = [o.action["card"] for o in decision.options]
    table, greedy = _outcomes(kind, view, seat, cards, rng,
                              max(MIN_SAMPLES, round(SAMPLES * BUDGET.get())))
    mixed = _equilibrium(cards, table,
                         _rival_models(seat, cards, greedy, SEAT_LEVELS.get(), table))
    return {"type": "choose", "card": rng.choices(cards, weights=mixed)[0]}


def _rival_models(seat: int, cards: list[str], greedy: list[list[float]],
                  levels: tuple[str | None, ...] | None,
                  table: dict[tuple[str, int], float]) -> list[tuple[list[float], float]]:
    """Per rival: the odds it takes each card if it does not search, and the chance it searches
    as we do. Seats' levels are public; a person (or an unknown level) might do either.

    Searching seats follow a convention by seat number, so that they do not all crowd the same
    cards: each takes its best card against the seats before it and the others, and the seats
    after it keep out of its way. An earlier searching seat's card is estimated from our table."""
    def level(other: int) -> str | None:
        return levels[other] if levels is not None and other < len(levels) else None

    models = []
    for other, odds in enumerate(greedy):
        if other == seat or level(other) == "strong":
            continue
        if level(other) == "random":
            models.append(([1 / len(cards)] * len(cards), 0.0))
        elif level(other) == "greedy":
            models.append((odds, 0.0))
        else:
            models.append((odds, LIKE_ME))
    for other in range(min(seat, len(greedy))):
        if level(other) == "strong":
            values = _values(cards, table, models, [1 / len(cards)] * len(cards))
            pick = max(range(len(cards)), key=values.__getitem__)
            models.append(([float(i == pick) for i in range(len(cards))], 0.0))
    return models


def _outcomes(kind: GameKind, view: dict[str, Any], seat: int, cards: list[str],
              rng: random.Random, samples: int = SAMPLES
              ) -> tuple[dict[tuple[str, int], float], list[list[float]]]:
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


def _equilibrium(cards: list[str], table: dict[tuple[str, int], float],
                 rivals: list[tuple[list[float], float]]) -> list[float]:
    """Our choice odds by fictitious play against the rival models: a rival that searches as we
    do takes cards as we would, so a card every searcher wants is worth less for that reason."""
    mine = [1 / len(cards)] * len(cards)
    for step in range(1, PLAY_ROUNDS + 1):
        values = _values(cards, table, rivals, mine)
        top = max(values)
        reply = [math.exp((v - top) / TEMPERATURE) for v in values]
        total = sum(reply)
        mine = [m + (r / total - m) / (step + 1) for m, r in zip(mine, reply, strict=True)]
    return mine


def _values(cards: list[str], table: dict[tuple[str, int], float],
            rivals: list[tuple[list[float], float]], mine: list[float]) -> list[float]:
    """Each card's expected outcome when the rivals choose by their models (`mine`: our odds,
    which a rival that searches as we do follows)."""
    values = []
    for i, card in enumerate(cards):
        crowd = _crowd([(1 - alike) * odds[i] + alike * mine[i] for odds, alike in rivals])
        values.append(sum(crowd[k] * table[card, k] for k in range(3)))
    return values


def _crowd(chances: list[float]) -> list[float]:
    """Chances that 0, 1, or 2 and more rivals take a card, each with its own chance."""
    none, one = 1.0, 0.0
    for p in chances:
        none, one = none * (1 - p), one * (1 - p) + none * p
    return [none, one, max(0.0, 1 - none - one)]
