"""How the AI levels value gemstones: the money a seat's gemstones would earn at a scoring now.

Shared by the greedy heuristics (`ai`), the Instant cards' valuation (`ai_instants`) and the
searches; pure arithmetic on gemstone counts, so it reads nothing a view does not show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.esr.gems import COLOURS
from engine.games.esr.scoring import BASE_PROCEEDS

GEM_FLOOR = 0.6  # a gemstone is worth a little even without a majority (tiebreaks, later rounds)
Counts = list[list[int]]


def counts_of(view: dict[str, Any]) -> Counts:
    """Every seat's gemstone counts from a view."""
    return [[p["gems"][c] for c in COLOURS] for p in view["players"]]


def colour_value(counts: Counts, seat: int, colour: int, cards: Sequence[dict[str, Any]]) -> float:
    """What `seat` would be paid for `colour` if the round were scored now."""
    mine = counts[seat][colour]
    others = 0
    for s, c in enumerate(counts):  # a plain loop: searches call this millions of times
        if s != seat and c[colour] > others:
            others = c[colour]
    if not cards:  # the same sums as below, with no cards to add
        if mine == 0 or mine < others:
            return 0.0
        if mine > others:
            return float(BASE_PROCEEDS[colour])
        return BASE_PROCEEDS[colour] / sum(1 for c in counts if c[colour] == mine)
    name = COLOURS[colour]
    value = float(sum(c.get("amount", 1) * mine for c in cards
                      if c["effect"] == "per_gem" and c.get("colour") == name))
    if mine == 0 or mine < others:
        return value
    if mine > others:
        value += BASE_PROCEEDS[colour]
        value += sum(c["amount"] for c in cards if c["effect"] == "colour_bonus"
                     and c.get("colour") == name)
        value += sum(c["amount"] for c in cards if c["effect"] == "majority_bonus")
        return value
    tied = sum(1 for c in counts if c[colour] == mine)
    return value + BASE_PROCEEDS[colour] / tied


def position(counts: Counts, seat: int, cards: Sequence[dict[str, Any]]) -> float:
    """Money the seat's gemstones would earn at a scoring now, plus a floor per gemstone."""
    return sum(colour_value(counts, seat, c, cards) for c in range(4)) + GEM_FLOOR * sum(
        counts[seat])


def gain_of(counts: Counts, seat: int, delta: Sequence[int], cards: Sequence[dict[str, Any]]
            ) -> float:
    """How much `seat`'s position improves if its gemstones change by `delta`."""
    after = [list(c) for c in counts]
    after[seat] = [max(0, n + d) for n, d in zip(after[seat], delta, strict=True)]
    return position(after, seat, cards) - position(counts, seat, cards)
