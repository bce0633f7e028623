"""Emerald's decisions judged for the coach: the AI's answer is the strong level's
(`strong.strong_judgement`, which also names the answers its play-outs cannot tell from its own,
the member's judged beside them), and every option is valued by greedy's search of the whole
turn (ai.py: every later decision of the turn to its maker's best, the die's three outcomes
averaged) in worlds sampled from the seat's own view, every option in the same worlds, in gold
as greedy values positions (ai.value: the seat's gold against its rivals').

Why greedy's search for the values and not the strong level's play-outs: a played-out game's
margin spreads by about 18 gold between two answers' games in one world, so the review's
estimate of such a call would rest on noise — tried, it named strong's own close calls as sure
mistakes and found fewer planted ones (docs/architecture.md, "The coach")."""

from __future__ import annotations

import random
from typing import Any

from engine.core.game import Decision
from engine.games.emerald.ai import outcomes, settle_after
from engine.games.emerald.catalog import _
from engine.games.emerald.determinize import sample
from engine.games.emerald.strong import strong_judgement

__all__ = ["colour_hint", "option_values", "strong_judgement"]

DEPTH = 3  # as greedy searches its turn


def option_values(view: dict[str, Any], me: int, decision: Decision, rng: random.Random,
                  worlds: int) -> list[list[float]]:
    """Per option, its value for `me` in each sampled world once the turn is played out."""
    samples = [sample(view, rng) for _ in range(worlds)]
    values = []
    for option in decision.options:
        row = []
        for world in samples:
            after = outcomes(world, me, option.action)
            row.append(sum(settle_after(w, world.turn, me, DEPTH - 1) for w in after)
                       / len(after))
        values.append(row)
    return values


def colour_hint(decision: Decision, chosen: int, best: int) -> str | None:
    """When the chosen and the better move are the same step by knights of two colours (a
    two-player turn's first move, EM-4), the line saying why that matters; else None."""
    mine, better = decision.options[chosen].action, decision.options[best].action
    if not (mine.get("type") == better.get("type") == "move"
            and mine.get("space") == better.get("space")
            and mine.get("colour") != better.get("colour")):
        return None
    return _("Same step, other colour: with two players a turn moves knights of one colour only, "
             "so the first knight's colour decides which knights may move second.")
