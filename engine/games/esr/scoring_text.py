"""A round's scoring as one short block per player, for every front end: the channel marks it
up (gem symbols, bold names), the terminal prints it plain.

Per-player blocks rather than the rulebook's wide table: a table with one column per player is
58–69 characters wide and scrolls sideways on a phone; a block's lines wrap like any sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.games.esr.events import ColourScore, RoundScored


@dataclass(frozen=True)
class ScoringStyle:
    """How a front end writes a colour's gemstone count and a player's name."""

    gem: Callable[[str, int], str] = lambda colour, n: f"{colour} {n}"
    name: Callable[[str], str] = lambda name: name


PLAIN_SCORING = ScoringStyle()
LEGEND = "gemstones held → millions paid"


def _proceeds(score: ColourScore, seat: int, style: ScoringStyle) -> str:
    held = score.counts.get(seat, 0)
    text = style.gem(score.colour, held)
    payment = next((p for p in score.payments if p.seat == seat), None)
    if payment is None or payment.total == 0:
        return text
    from_cards = payment.colour_bonus + payment.majority_bonus + payment.per_gem
    if payment.share and from_cards:
        return f"{text} → {payment.total} ({payment.share} + {from_cards} from cards)"
    return f"{text} → {payment.total}" + (" from cards" if from_cards else "")


def _certificates(scored: RoundScored, seat: int) -> str | None:
    held = scored.certificates.counts.get(seat, 0)
    if not held:
        return None
    noun = "certificate" if held == 1 else "certificates"
    paid = scored.certificates.paid.get(seat)
    return f"{held} {noun}" + (f" → {paid}" if paid else " → nothing")


def seat_block(scored: RoundScored, seat: int, name: str,
               style: ScoringStyle = PLAIN_SCORING) -> list[str]:
    """One player's lines: the round's total, each colour's proceeds, certificates, returns."""
    lines = [f"{style.name(name)}: +{scored.totals[seat]} → {scored.money_after[seat]} million",
             " · ".join(_proceeds(score, seat, style) for score in scored.colours)]
    extra = [_certificates(scored, seat)]
    returned = [style.gem(s.colour, s.returned[seat]) for s in scored.colours
                if s.returned.get(seat)]
    if returned:
        extra.append("returns " + ", ".join(returned))
    if any(extra):
        lines.append(" · ".join(part for part in extra if part))
    return lines


def scoring_blocks(scored: RoundScored, names: Sequence[str],
                   style: ScoringStyle = PLAIN_SCORING) -> list[list[str]]:
    """Every player's block, in seat order."""
    return [seat_block(scored, seat, name, style) for seat, name in enumerate(names)]


def scoring_table(scored: RoundScored, names: Sequence[str]) -> str:
    """The plain-text scoring for the terminal: a legend line, then each player's block."""
    lines = [f"Scoring of round {scored.round} ({LEGEND}):"]
    for block in scoring_blocks(scored, names):
        lines += [block[0], *(f"  {line}" for line in block[1:])]
    return "\n".join(lines)
