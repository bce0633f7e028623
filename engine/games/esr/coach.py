"""Edel, Stein & Reich's decisions judged for the coach: the AI's answer is the strong level's
card (`bargain.strong_card`: its look-ahead, or its public spread among strong seats), and every
card is valued by the strong level's look-ahead (lookahead.py, as bargain.strong_policy uses it
when it is the only strong seat): each action card's round played out to its scoring in worlds
sampled from the seat's own view, the other seats on their expected cards and played by the
greedy model, every card in the same worlds, valued in millions ahead of the best-placed other
seat (lookahead.standing). Only the action choice is judged: negotiations and event cards are
searched one answer deep or answered like greedy, too shallow to put a figure on."""

from __future__ import annotations

import random
from typing import Any

from engine.core.ai import SEAT_LEVELS, budgeted
from engine.core.game import Action, Decision, GameKind
from engine.games.esr import ai, lookahead
from engine.games.esr.bargain import DEPTH, card_action, strong_card, strong_play, strong_spread


def option_values(kind: GameKind, view: dict[str, Any], me: int, decision: Decision,
                  rng: random.Random, worlds: int) -> list[list[float]] | None:
    """Per action card, how the round ends for `me` in each sampled world (None: not an
    action choice)."""
    if decision.kind != "esr.choose_action":
        return None
    cards = [o.action["card"] for o in decision.options]
    expected = strong_spread(view, cards, SEAT_LEVELS.get(), me)
    policies = {other: strong_play if other == me else ai.greedy_policy for other in expected}
    with budgeted(1.0 / DEPTH):  # trades inside the play-outs one answer deep, as the AI does
        return lookahead.card_values(kind, view, me, cards, expected, policies, rng, worlds)


def strong_choice(kind: GameKind, view: dict[str, Any], me: int, decision: Decision,
                  rng: random.Random) -> list[Action] | None:
    """The action card the strong level would play from `me`'s view, as the seats' levels
    stand (None: not an action choice)."""
    if decision.kind != "esr.choose_action":
        return None
    return [card_action(decision, strong_card(kind, view, me, decision, rng))]
