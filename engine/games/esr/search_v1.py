"""The 'strong-v1' AI, frozen as it was before issue 15 (for the benchmark that compares the new
'strong' with it; not offered in the lobby): determinized Monte-Carlo search over the action
choice.

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

from engine.core.ai import SEAT_LEVELS
from engine.core.game import Action, Decision, GameKind
from engine.games.esr import ai
from engine.games.esr.search import SEARCHING, crowd, outcomes

SAMPLES = 48
LIKE_ME = 0.5  # the modelled chance that a rival of unknown level searches as this seat does
TEMPERATURE = 1.0  # millions; how near two cards' values must be for both to be played
PLAY_ROUNDS = 40  # fictitious-play steps (arithmetic only, no play-outs)


def strong_v1_policy(kind: GameKind, state: Any, decision: Decision,
                     rng: random.Random) -> Action:
    """Search the action choice; answer everything else like 'greedy'."""
    if decision.kind != "esr.choose_action":
        return ai.greedy_policy(kind, state, decision, rng)
    seat = decision.player
    view = kind.view(state, seat)
    cards = [o.action["card"] for o in decision.options]
    table, greedy = outcomes(kind, view, seat, cards, rng, SAMPLES)
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
        found = levels[other] if levels is not None and other < len(levels) else None
        return "strong" if found in SEARCHING else found  # the new 'strong' searches too

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
        spread = crowd([(1 - alike) * odds[i] + alike * mine[i] for odds, alike in rivals])
        values.append(sum(spread[k] * table[card, k] for k in range(3)))
    return values
