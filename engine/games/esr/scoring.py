"""Round scoring (ESR-10) and the Half scoring instant (ESR-8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.games.esr.cards import ColourBonus, EventCard, MajorityBonus, PerGem
from engine.games.esr.events import CertificateScore, ColourScore, Payment, RoundScored
from engine.games.esr.gems import COLOURS
from engine.games.esr.table import Table

BASE_PROCEEDS = (14, 12, 10, 8)
CERTIFICATE_MOST, CERTIFICATE_SECOND = 10, 4


def majority(counts: Sequence[int]) -> list[int]:
    """Seats holding the most of a colour; nobody when nobody holds any (ESR-10)."""
    top = max(counts)
    return [seat for seat, n in enumerate(counts) if n == top] if top > 0 else []


class ColourResult(NamedTuple):
    """What scoring one colour would do, worked out without changing anything."""

    leaders: list[int]  # the majority (ESR-10): the sole leader, the tied seats, or nobody
    share: int  # the base proceeds each leader gets (split evenly, rounded down)
    # Per paid seat (in seat order): share, colour bonus, majority bonus, per-gemstone money.
    parts: dict[int, tuple[int, int, int, int]]
    returns: dict[int, int]  # gemstones each leader gives back to the supply
    used: dict[int, list[int]]  # the Scoring cards that paid, per seat


def colour_result(counts: Sequence[int], held: Sequence[Sequence[int]] | None,
                  event_cards: Sequence[EventCard], colour: int, base: int) -> ColourResult:
    """One colour's majority, its payments and its returns (ESR-10; `held`: each seat's
    Scoring card ids at a round scoring, None at a half scoring, ESR-8). Pure: the round
    scoring, the half scoring and the forecast all use it."""
    leaders = majority(counts)
    share = base // len(leaders) if leaders else 0
    # Sole majority returns half rounded up; tied holders return 2 each (or all they have).
    if len(leaders) == 1:
        returns = {leaders[0]: (counts[leaders[0]] + 1) // 2}
    else:
        returns = {seat: min(2, counts[seat]) for seat in leaders}
    if held is None or not any(held):  # no Scoring card can pay: the shares alone
        return ColourResult(leaders, share, {seat: (share, 0, 0, 0) for seat in leaders},
                            returns, {})
    name = COLOURS[colour]
    sole = leaders[0] if len(leaders) == 1 else None
    parts = {seat: [share, 0, 0, 0] for seat in leaders}
    used: dict[int, list[int]] = {}
    for seat, card_ids in enumerate(held):
        for card_id in card_ids:
            card = event_cards[card_id]
            if isinstance(card, PerGem) and card.colour == name and counts[seat]:
                part, amount = 3, card.amount * counts[seat]
            elif isinstance(card, ColourBonus) and card.colour == name and seat == sole:
                part, amount = 1, card.amount
            elif isinstance(card, MajorityBonus) and seat == sole:
                part, amount = 2, card.amount
            else:
                continue
            parts.setdefault(seat, [0, 0, 0, 0])[part] += amount
            used.setdefault(seat, []).append(card_id)
    paid = {seat: (p[0], p[1], p[2], p[3]) for seat, p in sorted(parts.items())}
    return ColourResult(leaders, share, paid, returns, used)


def score_colour(table: Table, colour: int, base: int, with_cards: bool) -> ColourScore:
    """Pay one colour's majority (and, at a round scoring, the Scoring cards), then the returns."""
    players = table.state.players
    counts = [p.gems[colour] for p in players]
    result = colour_result(counts, [p.scoring_cards for p in players] if with_cards else None,
                           table.cards.event, colour, base)
    payments = [Payment(seat=seat, share=share, colour_bonus=bonus, majority_bonus=sole,
                        per_gem=per_gem)
                for seat, (share, bonus, sole, per_gem) in result.parts.items()]
    for payment in payments:
        players[payment.seat].money += payment.total
    returned = {seat: table.move_gems(colour, n, from_seat=seat)
                for seat, n in result.returns.items()}
    return ColourScore(colour=COLOURS[colour], base=base, counts=dict(enumerate(counts)),
                       majority=result.leaders, payments=payments, returned=returned,
                       cards_used=result.used)


def certificate_counts(held: Sequence[Sequence[int]],
                       event_cards: Sequence[EventCard]) -> list[int]:
    """How many certificates each seat holds among its Scoring cards."""
    return [sum(event_cards[c].effect == "certificate" for c in card_ids) for card_ids in held]


def certificate_result(counts: Sequence[int]) -> tuple[list[int], list[int], dict[int, int]]:
    """(most, second, paid): most certificates 10 each; a sole leader lets every second-most
    holder take 4 (ESR-10). Pure, like colour_result."""
    most = majority(counts)
    second: list[int] = []
    if len(most) == 1:
        rest = [n if seat not in most else 0 for seat, n in enumerate(counts)]
        second = majority(rest)
    paid = {seat: CERTIFICATE_MOST for seat in most} | {seat: CERTIFICATE_SECOND for seat in second}
    return most, second, paid


def score_certificates(table: Table) -> CertificateScore:
    """Pay the certificate majorities (ESR-10)."""
    counts = certificate_counts([p.scoring_cards for p in table.state.players], table.cards.event)
    most, second, paid = certificate_result(counts)
    for seat, amount in paid.items():
        table.state.players[seat].money += amount
    return CertificateScore(counts=dict(enumerate(counts)), most=most, second=second, paid=paid)


def score_round(table: Table) -> None:
    """Score red, yellow, green, blue, then certificates; return every Scoring card (ESR-9/10)."""
    state = table.state
    before = [p.money for p in state.players]
    colours = [score_colour(table, c, BASE_PROCEEDS[c], with_cards=True) for c in range(4)]
    certificates = score_certificates(table)
    returned: dict[int, list[int]] = {}
    for seat, player in enumerate(state.players):
        if player.scoring_cards:
            returned[seat] = list(player.scoring_cards)
        for card in player.scoring_cards:
            table.event_to_bottom(card, "scored")
        player.scoring_cards = []
    table.emit(
        RoundScored,
        round=state.round, colours=colours, certificates=certificates,
        totals={s: p.money - before[s] for s, p in enumerate(state.players)},
        money_after={s: p.money for s, p in enumerate(state.players)},
        cards_returned=returned,
    )


def half_scoring(table: Table, colour: int) -> ColourScore:
    """Score one colour now at half proceeds, with full returns and no Scoring cards (ESR-8)."""
    return score_colour(table, colour, BASE_PROCEEDS[colour] // 2, with_cards=False)
