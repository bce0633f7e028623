"""Große kleine Edelsteine's AI seats (GKE-10): they judge sizes by eye, with an error, never by
symbol. A level is the spread of that error, in size steps: `easy` often one or two sizes off,
`hard` seldom one. Each seat perceives each gem once a round (the same error however often it
looks), from the drawn size the picture shows everyone; its input is its own view only."""

from __future__ import annotations

import math
import random
from typing import Any

from engine.core.game import Action, Decision, GameKind
from engine.games.gke.data import GROWTH

# The perception error's standard deviation in size steps (6 % each), per level.
SPREAD = {"easy": 1.0, "medium": 0.55, "hard": 0.3}


def perceived(view: dict[str, Any], seat: int, spread: float) -> dict[str, float]:
    """Each pool gem's size as `seat` sees it: the drawn length read with a lasting error."""
    sizes = {}
    for gem in view["pool"]:
        # Seeded by round, seat and label (labels are fresh each round): a second look at the
        # same gem sees it the same, the next round's pool is judged anew.
        eye = random.Random(f"gke:{view['round']}:{seat}:{gem['label']}")
        sizes[gem["label"]] = 1 + math.log(gem["drawn"]) / math.log(GROWTH) + eye.gauss(0, spread)
    return sizes


def choose(view: dict[str, Any], seat: int, spread: float) -> Action:
    """The pick for the card this seat is surest of among those it has no gem for yet: the
    free gem of the card's kind whose perceived size is nearest the card's."""
    sizes = perceived(view, seat, spread)
    mine = view["me"]["picks"]
    best: tuple[float, int, str] | None = None
    for card, shown in enumerate(view["cards"]):
        if shown is None or mine[card] is not None:
            continue
        for gem in view["pool"]:
            if gem["kind"] != shown["kind"] or gem["holder"] is not None:
                continue
            gap = abs(sizes[gem["label"]] - shown["size"])
            if best is None or gap < best[0]:
                best = (gap, card, gem["label"])
    assert best is not None, "a seat lacking a pick always has a free gem of the kind"
    return {"type": "pick", "card": best[1], "label": best[2]}


def policy_for(level: str) -> Any:
    """A policy for one level."""
    spread = SPREAD[level]

    def policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
        return choose(kind.view(state, decision.player), decision.player, spread)

    policy.__doc__ = f"Große kleine Edelsteine's {level} level."
    return policy

