"""The 'greedy' AI for ESR: values gemstones by the majorities they would win, from its own view.

It reads only `kind.view(state, seat)`, never the full state, so it cannot see hidden information.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.game import Action, Decision, GameKind
from engine.games.esr import ai_instants
from engine.games.esr.gems import COLOURS
from engine.games.esr.scoring import CERTIFICATE_MOST, CERTIFICATE_SECOND
from engine.games.esr.valuation import colour_value, counts_of, gain_of, position
from engine.games.esr.views import event_card_view

BLIND_DRAW_VALUE = 3.0


def _cards(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return view["players"][seat]["scoring_cards"]


def certificate_gain(view: dict[str, Any], seat: int) -> float:
    """What one more certificate would be worth at the next scoring."""
    certs = [sum(c["effect"] == "certificate" for c in p["scoring_cards"])
             for p in view["players"]]

    def paid(counts: list[int]) -> float:
        mine, best = counts[seat], max(counts)
        if mine == 0:
            return 0.0
        if mine == best:
            return CERTIFICATE_MOST
        leaders = sum(1 for n in counts if n == best)
        second = max((n for n in counts if n < best), default=0)
        return CERTIFICATE_SECOND if leaders == 1 and mine == second else 0.0

    more = list(certs)
    more[seat] += 1
    return paid(more) - paid(certs)


def event_card_value(view: dict[str, Any], seat: int, card: dict[str, Any] | None) -> float:
    """A rough worth of an event card to `seat`."""
    if card is None:
        return 0.0
    counts, cards = counts_of(view), _cards(view, seat)
    effect = card["effect"]
    if effect == "certificate":
        return certificate_gain(view, seat)
    if effect in ("colour_bonus", "majority_bonus", "per_gem"):
        return position(counts, seat, [*cards, card]) - position(counts, seat, cards)
    if effect == "trio":
        return max(gain_of(counts, seat, [3 * (i == c) for i in range(4)], cards)
                   for c in range(4))
    if effect == "half_scoring":
        return max(colour_value(counts, seat, c, []) / 2 for c in range(4))
    return BLIND_DRAW_VALUE


def action_gains(view: dict[str, Any], seat: int) -> dict[str, float]:
    """Worth of carrying out each action card this turn, for `seat`."""
    names = ["money", "gems", "event"] + (["free", "free_shared"]
                                          if len(view["players"]) == 5 else [])
    return {name: action_gain(view, seat, name) for name in names}


def action_gain(view: dict[str, Any], seat: int, action: str) -> float:
    """Worth of carrying out one action card this turn, for `seat` (0 for an unknown one)."""
    player = view["players"][seat]
    counts, cards = counts_of(view), _cards(view, seat)
    card = player["gem_card"]
    supply = [view["supply"][c] for c in COLOURS]
    if action == "money":
        return float(card["money"]) if card else 0.0
    if action == "gems":
        wanted = ([min(card["gems"][c], supply[i]) for i, c in enumerate(COLOURS)] if card
                  else [0] * 4)
        return gain_of(counts, seat, wanted, cards)
    if action == "event":
        return max(event_card_value(view, seat, view["face_up_event"]), BLIND_DRAW_VALUE)
    if action not in ("free", "free_shared") or len(view["players"]) != 5:
        return 0.0
    best = sorted((gain_of(counts, seat, [int(i == c) for i in range(4)], cards)
                   for c in range(4) if supply[c]), reverse=True) or [0.0]
    if action == "free_shared":
        return best[0]
    cheapest = min((-gain_of(counts, seat, [-int(i == c) for i in range(4)], cards)
                    for c in range(4) if counts[seat][c]), default=0.0)
    return max(sum(best[:2]) - cheapest, 0.0)


CROWD = {0: 1.0, 1: 0.45}  # share of a card's worth kept with 0 or 1 rival on it; 2+: it lapses
CROWDED = 0.05


def worth_with(gains: dict[str, float], card: str, rivals: int) -> float:
    """A card's worth to one seat when `rivals` others play it too."""
    if card == "free":
        return gains[card] if rivals == 0 else gains["free_shared"]
    return gains[card] * CROWD.get(rivals, CROWDED)


def spread(view: dict[str, Any], cards: Sequence[str]) -> dict[int, str]:
    """Every seat's card when each seat, most at stake first, best-replies to those before it.

    All greedy seats read the same public table (gem cards are face up), so they reach the same
    spread and do not pile onto one card. The order depends on the stakes, not on seat numbers;
    equal stakes go round from this turn's number, so no seat is favoured for good.
    """
    gains = {seat: action_gains(view, seat) for seat in range(len(view["players"]))}
    taken: dict[int, str] = {}
    for seat in by_stake(view, cards, gains):
        rivals = list(taken.values())
        taken[seat] = max(cards, key=lambda card: worth_with(gains[seat], card,
                                                               rivals.count(card)))
    return taken


def by_stake(view: dict[str, Any], cards: Sequence[str], gains: dict[int, dict[str, float]]
             ) -> list[int]:
    """Seats, most at stake first (their best card's lead over the next); ties from the turn."""
    def stake(seat: int) -> tuple[float, int]:
        ranked = sorted((gains[seat][c] for c in cards), reverse=True)
        lead = ranked[0] - (ranked[1] if len(ranked) > 1 else 0.0)
        return -round(lead, 6), (seat - view["turn"]) % len(view["players"])

    return sorted(gains, key=stake)


def choose_action(view: dict[str, Any], seat: int, decision: Decision,
                  rng: random.Random) -> Action:
    """Play this seat's card in the spread that every greedy seat works out alike."""
    cards = [o.action["card"] for o in decision.options]
    mine = spread(view, cards)[seat]
    return next(o.action for o in decision.options if o.action["card"] == mine)


def gem_worth(view: dict[str, Any], seat: int, colour: int, sign: int) -> float:
    """Worth of gaining (+1) or keeping (-1 → cost of losing) one gemstone of a colour."""
    return sign * gain_of(counts_of(view), seat, [sign * int(i == colour) for i in range(4)],
                          _cards(view, seat))


def offer_worth(view: dict[str, Any], seat: int, gems: Sequence[int], giving: bool) -> float:
    """Worth of receiving `gems` (or the cost of giving them away)."""
    return offer_worths(view, seat)(gems, giving)


def offer_worths(view: dict[str, Any], seat: int) -> Callable[[Sequence[int], bool], float]:
    """`offer_worth` for one seat and view, its position now reckoned once for every offer."""
    counts, cards = counts_of(view), _cards(view, seat)
    now = position(counts, seat, cards)
    known: dict[tuple[tuple[int, ...], bool], float] = {}  # a trade's search asks again and again

    def worth(gems: Sequence[int], giving: bool) -> float:
        key = (tuple(gems), giving)
        if key not in known:
            after = [list(c) for c in counts]
            after[seat] = [max(0, n + (-g if giving else g))
                           for n, g in zip(after[seat], gems, strict=True)]
            change = position(after, seat, cards) - now
            known[key] = -change if giving else change
        return known[key]

    return worth


# The gem cards trade 1.5 million for one gemstone more (7 M with 2 gemstones … 4 M with 4): the
# rate at which an action is priced in gemstones when the AI trades for it.
MILLIONS_PER_GEM = 1.5


def price_limit(view: dict[str, Any], seat: int, action: str) -> float:
    """The most gemstones `action` is worth to `seat`: the most it offers for it.

    A Gemstones action is worth the gemstones it brings, Money its millions at the gem cards'
    rate, another action the AI's estimate of it at that rate. Paying more hands the partner, a
    rival, more than the action brings: such trades were measured ending worse than not
    buying, and the autopilot winning more without them (docs/benchmarks.md)."""
    card = view["players"][seat]["gem_card"]
    if action == "gems":
        return float(sum(min(card["gems"][c], view["supply"][c]) for c in COLOURS)) \
            if card else 0.0
    if action == "money":
        return card["money"] / MILLIONS_PER_GEM if card else 0.0
    return action_gain(view, seat, action) / MILLIONS_PER_GEM


def within_price(action: Action, limit: float) -> bool:
    """Whether a negotiation answer offers at most `limit` gemstones (accepting always does)."""
    return action["type"] != "offer" or sum(action["gems"]) <= limit + 1e-9


def negotiate(view: dict[str, Any], seat: int, decision: Decision, gain: float | None = None,
              worth: Callable[[Sequence[int], bool], float] | None = None,
              limit: float | None = None) -> Action:
    """Accept when the offer is worth more than the action; else the best affordable raise,
    never one of more gemstones than the action is worth (`price_limit`).

    A search that asks many times within one trade passes the action's `gain`, the seat's
    `offer_worths` and its `limit`, which do not change until the trade ends."""
    spec = decision.constraints["offer"]
    gain = action_gain(view, seat, spec["action"]) if gain is None else gain
    worth = offer_worths(view, seat) if worth is None else worth
    limit = price_limit(view, seat, spec["action"]) if limit is None else limit
    received = worth(spec["current"], False) if spec["current"] else 0.0
    choices: list[tuple[float, Action]] = []
    for option in decision.options:
        action = option.action
        if action["type"] == "accept":
            choices.append((received, action))
        elif sum(action["gems"]) == 0:
            choices.append((0.3 if spec["current"] is None else 0.0, action))
        elif within_price(action, limit):
            choices.append((gain - worth(action["gems"], True), action))
    # Accepting or offering nothing is always among the options, so something is left.
    return max(choices, key=lambda c: c[0])[1]


def pick_option(view: dict[str, Any], seat: int, decision: Decision) -> Action:
    """Colour, player, source and carry-out choices, each valued by its effect on gemstones."""
    kind = decision.kind.split(".", 1)[-1]
    counts, cards = counts_of(view), _cards(view, seat)
    planned = _instant_answer(view, seat, decision)
    if planned is not None and any(o.action == planned for o in decision.options):
        return planned

    def score(action: Action) -> float:
        if action["type"] == "event_source":
            if action["source"] == "face_up":
                return event_card_value(view, seat, view["face_up_event"])
            return BLIND_DRAW_VALUE
        if action["type"] == "forgo":
            return 0.0
        if action["type"] == "carry_out":
            return 0.5
        if action["type"] == "player":
            theirs = counts[action["seat"]]
            return max((gem_worth(view, seat, c, +1) for c in range(4) if theirs[c]), default=0)
        colour = COLOURS.index(action["colour"])
        if kind in ("instant_give", "free_give"):
            return -gem_worth(view, seat, colour, -1) + (0.4 if kind == "free_give" else 0)
        if kind == "instant_remove":
            target = decision.constraints.get("target", seat)
            return gain_of(counts, target, [-int(i == colour) for i in range(4)], []) * -1
        if kind == "instant_colour" and "half" in decision.prompt.lower():
            return colour_value(counts, seat, colour, []) / 2
        amount = 3 if kind == "instant_colour" else 1
        return gain_of(counts, seat, [amount * int(i == colour) for i in range(4)], cards)

    return max(decision.options, key=lambda o: score(o.action)).action


def _instant_answer(view: dict[str, Any], seat: int, decision: Decision) -> Action | None:
    """An Instant card's answer as `ai_instants` plans it (carried out only if it helps), or
    None where it has no opinion."""
    kind = decision.kind.split(".", 1)[-1]
    if not kind.startswith("instant_"):
        return None
    card_id = decision.constraints.get("card")
    card = event_card_view(card_id) if card_id is not None else None
    if kind == "instant_use":
        if card is None:
            return None
        useful = ai_instants.worth_carrying_out(view, seat, card)
        return {"type": "carry_out"} if useful else {"type": "forgo"}
    return ai_instants.instant_choice(view, seat, kind, card, decision.constraints.get("target"))


def greedy_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """The 'greedy' level: clear heuristics over the seat's own view."""
    seat = decision.player
    view = kind.view(state, seat)
    if decision.kind == "esr.choose_action":
        return choose_action(view, seat, decision, rng)
    if decision.kind == "esr.negotiate":
        return negotiate(view, seat, decision)
    return pick_option(view, seat, decision)
