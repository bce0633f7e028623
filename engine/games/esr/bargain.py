"""The 'strong' AI for ESR: a look-ahead or the public spread for the card, a searched negotiation.

Action choice: a seat that is the only strong one at the table can model every other seat (the
greedy spread and its trades), so it plays each of its cards out to the round's scoring in a few
sampled worlds (`lookahead`) and takes the one that ends best. Among several strong seats each
would search alone and chase the cards the others find, so they keep to the public spread
(`ai.spread`: the seat with most at stake picks first, equal stakes go round with the turn): every
seat that plays by it reaches the same assignment, so the seats do not crowd a card and no seat is
favoured by its number. One difference (`strong_spread`): the strong seats know they out-trade a
seat that does not search, so sharing its card is worth more to them.

Negotiation: where greedy looks one offer ahead for itself only, this searches the trade to its
end through the engine's own rules. The partner answers as the greedy model does (it is what the
greedy level plays, and a fair guess at a person's reasoning), and each ending is valued by what
this seat gains minus its share of what the partner gains, so a cheap offer the partner accepts
beats a dear one, and a trade that hands the partner more than it brings is refused. Neither
side is searched offering more gemstones than the action is worth to it (`ai.price_limit`),
as the greedy partner never does.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.ai import BUDGET, SEAT_LEVELS, budgeted
from engine.core.game import Action, Decision, GameKind
from engine.games.esr import ai, lookahead
from engine.games.esr.determinize import determinize
from engine.games.esr.events import ActionLapsed, OfferAccepted
from engine.games.esr.gems import COLOURS
from engine.games.esr.state import NegotiationStep

DEPTH = 4  # own answers searched ahead; deeper trades are finished with greedy answers
# What a card shared with one seat that does not search is worth to a strong seat, as a share
# of carrying it out alone (greedy reckons 0.45 for itself): the searched trade wins most of it.
TRADE_SHARE = 0.9  # measured from 0.45 to 3.0 (docs/benchmarks.md): 0.9 to 1.6 alike, 0.9 kept


def strong_policy(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """Look ahead for the card when no other seat is strong; otherwise play `strong_play`."""
    if decision.kind == "esr.choose_action":
        return card_action(decision, strong_card(kind, kind.view(state, decision.player),
                                                  decision.player, decision, rng))
    return strong_play(kind, state, decision, rng)


def strong_card(kind: GameKind, view: dict[str, Any], seat: int, decision: Decision,
                rng: random.Random) -> str:
    """The action card the strong level plays from `seat`'s view: looked ahead when no other
    seat is strong (`_looked_ahead`), else its public spread's card."""
    levels = SEAT_LEVELS.get()
    if _foresees(levels, seat):
        cards = [o.action["card"] for o in decision.options]
        return _looked_ahead(kind, view, seat, cards, rng, levels)
    return _spread_card(view, seat, decision)


def _spread_card(view: dict[str, Any], seat: int, decision: Decision) -> str:
    """`seat`'s card by the strong seats' public spread (`strong_spread`)."""
    cards = [o.action["card"] for o in decision.options]
    return strong_spread(view, cards, SEAT_LEVELS.get(), seat)[seat]


def card_action(decision: Decision, card: str) -> Action:
    """The option of an action choice that plays `card`."""
    return next(o.action for o in decision.options if o.action["card"] == card)


def _foresees(levels: tuple[str | None, ...] | None, seat: int) -> bool:
    """Whether `seat` is the only strong seat, so every other seat's play can be modelled."""
    return not any(level == "strong" for other, level in enumerate(levels or ()) if other != seat)


def strong_play(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """Keep to the public spread; search negotiations; answer the rest like 'greedy'."""
    if decision.kind == "esr.negotiate":
        return bargain(kind, state, decision, rng)
    if decision.kind == "esr.choose_action":
        seat = decision.player
        return card_action(decision, _spread_card(kind.view(state, seat), seat, decision))
    return ai.greedy_policy(kind, state, decision, rng)


def _looked_ahead(kind: GameKind, view: dict[str, Any], seat: int, cards: list[str],
                  rng: random.Random, levels: tuple[str | None, ...] | None) -> str:
    """The card `lookahead` finds best, the others expected on their spread cards and played
    by the greedy model, this seat by `strong_play`."""
    expected = strong_spread(view, cards, levels, seat)
    policies = {other: strong_play if other == seat else ai.greedy_policy for other in expected}
    samples, step_limit = lookahead.worlds(view), lookahead.most_steps()
    # Trades inside the play-outs are searched one answer deep: four times cheaper, and the
    # play-outs only need to know roughly who carries an action out.
    with budgeted(BUDGET.get() / DEPTH):
        return lookahead.best_card(kind, view, seat, cards, expected, policies, rng, samples,
                                   step_limit)


def strong_spread(view: dict[str, Any], cards: list[str],
                  levels: tuple[str | None, ...] | None, seat: int) -> dict[int, str]:
    """Cards of every seat: the others as the greedy spread has them, the strong seats in turn.

    Seats of another level (people included) are expected on their spread card. The strong
    seats then take theirs one after another, most at stake first as in the spread, each
    valuing a card shared with one of those seats at `TRADE_SHARE` of its worth, since it
    out-trades them. Every strong seat works this out alike from public facts, so they do not
    crowd one another, and no seat number decides anything.
    """
    spread = ai.spread(view, cards)
    strong = {s for s in spread if s == seat or (levels is not None and s < len(levels)
                                                 and levels[s] == "strong")}
    gains = {s: ai.action_gains(view, s) for s in spread}
    taken = {s: card for s, card in spread.items() if s not in strong}
    for mover in ai.by_stake(view, cards, gains):
        if mover not in strong:
            continue
        rivals = [(card, s in strong) for s, card in taken.items()]

        def worth(card: str, mover: int = mover, rivals: list[tuple[str, bool]] = rivals
                  ) -> float:
            on_card = [is_strong for c, is_strong in rivals if c == card]
            if len(on_card) == 1 and not on_card[0] and card != "free":
                return gains[mover][card] * TRADE_SHARE
            return ai.worth_with(gains[mover], card, len(on_card))

        taken[mover] = max(cards, key=worth)
    return taken


def bargain(kind: GameKind, state: Any, decision: Decision, rng: random.Random) -> Action:
    """The answer whose trade, played out against the greedy partner, leaves this seat best off."""
    seat = decision.player
    view = kind.view(state, seat)
    # Only public facts (gemstones, the action, the offer) decide a trade; the sampled hidden
    # rest of the world is never read, so the search cannot profit from real secrets.
    world = determinize(view, seat, rng)
    world.step = _step_from(view)
    worth = _Worth(view, seat, world.step)
    # A busy server's smaller budget (engine/service/ai_pool.py) searches fewer answers ahead.
    depth = max(1, round(DEPTH * BUDGET.get()))
    return max(worth.answers(seat, decision),
               key=lambda action: worth.of(kind, world, seat, action, depth))


def _step_from(view: dict[str, Any]) -> NegotiationStep:
    """The running negotiation as the view shows it (all of a negotiation is public)."""
    step = view["negotiation"]
    offer = step["offer"]
    return NegotiationStep(
        action=step["action"], seats=list(step["seats"]), opener=step["opener"],
        to_move=step["to_move"], offerer=step["offerer"],
        offer=[offer[c] for c in COLOURS] if offer else None,
        opened_with_nothing=step["opened_with_nothing"])


class _Worth:
    """Values of a trade's endings for one seat, from the view the trade started in."""

    def __init__(self, view: dict[str, Any], seat: int, step: NegotiationStep) -> None:
        self.view, self.seat = view, seat
        self.partner = step.seats[1] if step.seats[0] == seat else step.seats[0]
        self.others = len(view["players"]) - 1
        self.gain = {s: ai.action_gain(view, s, step.action) for s in (seat, self.partner)}
        self.worth = {s: ai.offer_worths(view, s) for s in (seat, self.partner)}
        self.limit = {s: ai.price_limit(view, s, step.action) for s in (seat, self.partner)}

    def answers(self, seat: int, decision: Decision) -> list[Action]:
        """The seat's answers worth searching: none offers more than the action is worth."""
        return [o.action for o in decision.options
                if ai.within_price(o.action, self.limit[seat])]

    def ending(self, events: list[Any]) -> float | None:
        """This seat's value of a finished trade, or None while it goes on."""
        for event in events:
            if isinstance(event, ActionLapsed):
                return 0.0
            if isinstance(event, OfferAccepted):
                doer, gems = event.from_seat, event.gems
                taker = event.seat
                got = {doer: self.gain[doer] - self.worth[doer](gems, True),
                       taker: self.worth[taker](gems, False)}
                return got[self.seat] - got[self.partner] / self.others
        return None

    def of(self, kind: GameKind, world: Any, seat: int, action: Action, depth: int) -> float:
        """This seat's value of answering `action` now, the partner answering greedily after."""
        world, events = kind.advance(world.clone(), seat, action)
        while (value := self.ending(events)) is None:
            decision = kind.next_decision(world)
            if decision is None or decision.kind != "esr.negotiate":
                return 0.0
            mover = decision.player
            if mover == self.seat and depth > 0:
                return max(self.of(kind, world, mover, action, depth - 1)
                           for action in self.answers(mover, decision))
            # Gemstones, cards and the offer are public and unchanged until the trade ends, so
            # the partner's own view would tell its model nothing the starting one does not.
            answer = ai.negotiate(self.view, mover, decision, self.gain[mover], self.worth[mover],
                                  self.limit[mover])
            world, events = kind.advance(world, mover, answer)
        return value
