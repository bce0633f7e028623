"""How the AI uses an Instant card (ESR-8): carried out when it helps, forgone when it changes
nothing or does the taker harm (an Exchange of two gemstones of one colour was played).

An effect is valued as greedy values gemstones (`position`: what they would earn at a
scoring now, and a floor per gemstone), relative to the table: the taker's gain less the others'
average gain, since Halve all, Remove, Exchange and Half scoring change the others' gemstones or
money too. The card is carried out when its best use is worth more than nothing, and each choice
that follows (colour, fellow player, gemstone given or taken) is the one that best use was
found with. Only the seat's view is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.esr.gems import COLOURS
from engine.games.esr.scoring import BASE_PROCEEDS, majority
from engine.games.esr.valuation import Counts, counts_of, position

NOTHING = 1e-9  # a change no larger than this is no change (sums of floats)


def relative_gain(view: dict[str, Any], seat: int, after: Counts,
                  paid: Sequence[float] | None = None) -> float:
    """The seat's gain when every seat's gemstones become `after` (and `paid` money is paid
    per seat), less the average gain of the other seats."""
    before = counts_of(view)
    gains = []
    for s, player in enumerate(view["players"]):
        cards = player["scoring_cards"]
        gain = position(after, s, cards) - position(before, s, cards)
        gains.append(gain + (paid[s] if paid else 0.0))
    others = [g for s, g in enumerate(gains) if s != seat]
    return gains[seat] - sum(others) / max(1, len(others))


def _changed(counts: Counts, changes: dict[int, Sequence[int]]) -> Counts:
    after = [list(c) for c in counts]
    for s, delta in changes.items():
        after[s] = [n + d for n, d in zip(after[s], delta, strict=True)]
    return after


def _one(colour: int, n: int = 1) -> list[int]:
    return [n * (i == colour) for i in range(4)]


def exchanges(view: dict[str, Any], seat: int) -> list[tuple[float, int, int, int]]:
    """Every Exchange (value, colour given, fellow, colour taken), the best first; the value
    of giving and taking one colour is nothing."""
    counts = counts_of(view)
    found = []
    for give in (c for c in range(4) if counts[seat][c]):
        for fellow in (s for s in range(len(counts)) if s != seat and sum(counts[s])):
            for take in (c for c in range(4) if counts[fellow][c]):
                delta = [g - t for g, t in zip(_one(take), _one(give), strict=True)]
                after = _changed(counts, {seat: delta, fellow: [-d for d in delta]})
                value = 0.0 if give == take else relative_gain(view, seat, after)
                found.append((value, give, fellow, take))
    return sorted(found, key=lambda e: -e[0])


def half_scorings(view: dict[str, Any], seat: int) -> list[tuple[float, int]]:
    """Every colour's Half scoring (value, colour), the best first: half the base proceeds to
    the majority, split when tied, then the returns (ESR-8); no Scoring cards apply."""
    counts = counts_of(view)
    found = []
    for colour in range(4):
        held = [c[colour] for c in counts]
        leaders = majority(held)
        paid = [0.0] * len(counts)
        returns: dict[int, Sequence[int]] = {}
        for s in leaders:
            paid[s] = float(BASE_PROCEEDS[colour] // 2 // len(leaders))
            back = (held[s] + 1) // 2 if len(leaders) == 1 else min(2, held[s])
            returns[s] = [-n for n in _one(colour, back)]
        value = relative_gain(view, seat, _changed(counts, returns), paid) if leaders else 0.0
        found.append((value, colour))
    return sorted(found, key=lambda e: -e[0])


def trios(view: dict[str, Any], seat: int) -> list[tuple[float, int]]:
    """Every colour's Trio (value, colour), the best first: three from the supply, or what is
    left."""
    counts, supply = counts_of(view), [view["supply"][c] for c in COLOURS]
    found = [(relative_gain(view, seat, _changed(counts, {seat: _one(c, min(3, supply[c]))}))
              if supply[c] else 0.0, c) for c in range(4)]
    return sorted(found, key=lambda e: -e[0])


def removals(view: dict[str, Any], seat: int) -> dict[int, int]:
    """The colour Remove takes from each fellow who has gemstones: the one whose loss does
    the taker most good against the table (each fellow reckoned on its own)."""
    counts = counts_of(view)
    chosen = {}
    for fellow in (s for s in range(len(counts)) if s != seat and sum(counts[s])):
        chosen[fellow] = max(
            (c for c in range(4) if counts[fellow][c]),
            key=lambda c, f=fellow: relative_gain(view, seat,
                                                  _changed(counts, {f: _one(c, -1)})))
    return chosen


def instant_value(view: dict[str, Any], seat: int, card: dict[str, Any]) -> float:
    """What carrying out the Instant `card` at its best is worth to `seat` (0: nothing)."""
    counts, supply = counts_of(view), [view["supply"][c] for c in COLOURS]
    effect = card["effect"]
    if effect == "exchange":
        return max((e[0] for e in exchanges(view, seat)), default=0.0)
    if effect == "half_scoring":
        return half_scorings(view, seat)[0][0]
    if effect == "trio":
        return trios(view, seat)[0][0]
    if effect == "remove":
        taken = {s: _one(c, -1) for s, c in removals(view, seat).items()}
        return relative_gain(view, seat, _changed(counts, taken)) if taken else 0.0
    if effect == "halve_all":
        return relative_gain(view, seat, [[n - n // 2 for n in c] for c in counts])
    if effect == "one_plus_one":
        delta = [0] * 4
        for colour in (COLOURS.index(name) for name in card["colours"]):
            have = counts[seat][colour]
            delta[colour] = min(4 - have, supply[colour]) if have < 4 else 4 - have
        return relative_gain(view, seat, _changed(counts, {seat: delta}))
    return 0.0


def worth_carrying_out(view: dict[str, Any], seat: int, card: dict[str, Any]) -> bool:
    """Whether the card's best use does the seat more good than forgoing it."""
    return instant_value(view, seat, card) > NOTHING


def instant_choice(view: dict[str, Any], seat: int, stage: str, card: dict[str, Any] | None,
                   target: int | None) -> dict[str, Any] | None:
    """The answer to one of an Instant's later choices that its best use was valued by, or None
    if this module has no opinion (greedy's own heuristics then choose)."""
    if stage in ("instant_give", "instant_player") or (
            stage == "instant_take" and target is not None):
        best = [e for e in exchanges(view, seat) if stage != "instant_take" or e[2] == target]
        if not best:
            return None
        _, give, fellow, take = best[0]
        if stage == "instant_give":
            return {"type": "colour", "colour": COLOURS[give]}
        if stage == "instant_player":
            return {"type": "player", "seat": fellow}
        return {"type": "colour", "colour": COLOURS[take]}
    if stage == "instant_colour" and card is not None:
        ranked = half_scorings(view, seat) if card["effect"] == "half_scoring" \
            else trios(view, seat)
        return {"type": "colour", "colour": COLOURS[ranked[0][1]]}
    if stage == "instant_remove" and target is not None:
        colour = removals(view, seat).get(target)
        return None if colour is None else {"type": "colour", "colour": COLOURS[colour]}
    return None
