"""A round's scoring as one short block per player, for every front end: the channel marks it
up (gem symbols, bold names), the terminal prints it plain.

Per-player blocks rather than the rulebook's wide table: a table with one column per player is
58–69 characters wide and scrolls sideways on a phone; a block's lines wrap like any sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.games.esr.catalog import N_, _, ngettext
from engine.games.esr.events import ColourScore, RoundScored
from engine.games.esr.gems import colour_name


@dataclass(frozen=True)
class ScoringStyle:
    """How a front end writes a colour's gemstone count and a player's name."""

    gem: Callable[[str, int], str] = lambda colour, n: f"{colour_name(colour)} {n}"
    name: Callable[[str], str] = lambda name: name


PLAIN_SCORING = ScoringStyle()
LEGEND = N_("gemstones held → millions paid")  # a msgid: legend() translates it


def legend() -> str:
    """What a scoring line's numbers mean, in the current language."""
    return _(LEGEND)


def _proceeds(score: ColourScore, seat: int, style: ScoringStyle) -> str:
    held = score.counts.get(seat, 0)
    text = style.gem(score.colour, held)
    payment = next((p for p in score.payments if p.seat == seat), None)
    if payment is None or payment.total == 0:
        return text
    from_cards = payment.colour_bonus + payment.majority_bonus + payment.per_gem
    if payment.share and from_cards:
        # Translators: a colour's count and what it paid: the majority share plus what the
        # Scoring cards added, e.g. "red 5 → 18 (14 + 4 from cards)"
        return _("{gems} → {total} ({share} + {from_cards} from cards)").format(
            gems=text, total=payment.total, share=payment.share, from_cards=from_cards)
    if from_cards:
        # Translators: a colour's count and what the Scoring cards paid, e.g. "blue 3 → 3 from
        # cards"
        return _("{gems} → {total} from cards").format(gems=text, total=payment.total)
    return f"{text} → {payment.total}"


def _certificates(scored: RoundScored, seat: int) -> str | None:
    held = scored.certificates.counts.get(seat, 0)
    if not held:
        return None
    paid = scored.certificates.paid.get(seat)
    if paid:
        # Translators: how many certificates a player holds and the millions they paid
        return ngettext("{count} certificate → {paid}", "{count} certificates → {paid}",
                        held).format(count=held, paid=paid)
    # Translators: how many certificates a player holds; they paid nothing this time
    return ngettext("{count} certificate → nothing", "{count} certificates → nothing",
                    held).format(count=held)


def seat_block(scored: RoundScored, seat: int, name: str,
               style: ScoringStyle = PLAIN_SCORING) -> list[str]:
    """One player's lines: the round's total, each colour's proceeds, certificates, returns."""
    after = scored.money_after[seat]
    # Translators: a player's proceeds this round and their money now: "Ada: +12 → 30 million"
    total = ngettext("{name}: +{amount} → {total} million", "{name}: +{amount} → {total} million",
                     after).format(name=style.name(name), amount=scored.totals[seat], total=after)
    lines = [total, " · ".join(_proceeds(score, seat, style) for score in scored.colours)]
    extra = [_certificates(scored, seat)]
    returned = [style.gem(s.colour, s.returned[seat]) for s in scored.colours
                if s.returned.get(seat)]
    if returned:
        # Translators: the gemstones a player gives back after scoring, e.g. "returns red 3"
        extra.append(_("returns {gems}").format(gems=", ".join(returned)))
    if any(extra):
        lines.append(" · ".join(part for part in extra if part))
    return lines


def scoring_blocks(scored: RoundScored, names: Sequence[str],
                   style: ScoringStyle = PLAIN_SCORING) -> list[list[str]]:
    """Every player's block, in seat order."""
    return [seat_block(scored, seat, name, style) for seat, name in enumerate(names)]


def scoring_table(scored: RoundScored, names: Sequence[str]) -> str:
    """The plain-text scoring for the terminal: a legend line, then each player's block."""
    # Translators: {legend} explains the numbers: "gemstones held → millions paid"
    lines = [_("Scoring of round {round} ({legend}):").format(round=scored.round,
                                                            legend=legend())]
    for block in scoring_blocks(scored, names):
        lines += [block[0], *(f"  {line}" for line in block[1:])]
    return "\n".join(lines)
