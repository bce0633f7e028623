"""Round scoring (ESR-10) and the Half scoring instant (ESR-8)."""

from __future__ import annotations

from engine.games.esr.events import CertificateScore, ColourScore, Payment, RoundScored
from engine.games.esr.gems import COLOURS
from engine.games.esr.table import Table

BASE_PROCEEDS = (14, 12, 10, 8)
CERTIFICATE_MOST, CERTIFICATE_SECOND = 10, 4


def majority(counts: list[int]) -> list[int]:
    """Seats holding the most of a colour; nobody when nobody holds any (ESR-10)."""
    top = max(counts)
    return [seat for seat, n in enumerate(counts) if n == top] if top > 0 else []


def score_colour(table: Table, colour: int, base: int, with_cards: bool) -> ColourScore:
    """Pay one colour's majority (and, at a round scoring, the Scoring cards), then the returns."""
    players = table.state.players
    counts = [p.gems[colour] for p in players]
    leaders = majority(counts)
    name = COLOURS[colour]
    payments: dict[int, Payment] = {}
    used: dict[int, list[int]] = {}

    def pay(seat: int) -> Payment:
        return payments.setdefault(seat, Payment(seat=seat))

    for seat in leaders:
        pay(seat).share = base // len(leaders)
    if with_cards:
        for seat, player in enumerate(players):
            for card_id in player.scoring_cards:
                card = table.event_card(card_id)
                sole = leaders == [seat]
                if card.effect == "per_gem" and card.colour == name and counts[seat]:
                    pay(seat).per_gem += card.amount * counts[seat]
                elif card.effect == "colour_bonus" and card.colour == name and sole:
                    pay(seat).colour_bonus += card.amount
                elif card.effect == "majority_bonus" and sole:
                    pay(seat).majority_bonus += card.amount
                else:
                    continue
                used.setdefault(seat, []).append(card_id)
    for payment in payments.values():
        players[payment.seat].money += payment.total
    returned: dict[int, int] = {}
    for seat in leaders:
        # Sole majority returns half rounded up; tied holders return 2 each (or all they have).
        n = (counts[seat] + 1) // 2 if len(leaders) == 1 else min(2, counts[seat])
        returned[seat] = table.move_gems(colour, n, from_seat=seat)
    return ColourScore(colour=name, base=base, counts=dict(enumerate(counts)), majority=leaders,
                       payments=sorted(payments.values(), key=lambda p: p.seat),
                       returned=returned, cards_used=used)


def score_certificates(table: Table) -> CertificateScore:
    """Most certificates 10 each; a sole leader lets every second-most holder take 4 (ESR-10)."""
    counts = [
        sum(table.event_card(c).effect == "certificate" for c in p.scoring_cards)
        for p in table.state.players
    ]
    most = majority(counts)
    second: list[int] = []
    if len(most) == 1:
        rest = [n if seat not in most else 0 for seat, n in enumerate(counts)]
        second = majority(rest)
    paid = {seat: CERTIFICATE_MOST for seat in most} | {seat: CERTIFICATE_SECOND for seat in second}
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
