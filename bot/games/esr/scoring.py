"""The round's scoring laid out like the rulebook's scoring table, as monospaced text."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.texts import plain_name
from engine.games.esr.events import ColourScore, GameEnded, RoundScored
from engine.games.esr.narrate import TIEBREAK_TEXT, event_name

LABEL_WIDTH = 14
CELL_WIDTH = 11


def _short(name: str) -> str:
    return name if len(name) <= CELL_WIDTH - 1 else name[: CELL_WIDTH - 2] + "…"


def column_headers(names: Sequence[str]) -> list[str]:
    """Names that fit a column; names that would look alike there get their seat number.
    The table is a code block, where markdown is not read: the names are shown plain."""
    names = [plain_name(n) for n in names]
    short = [_short(n) for n in names]
    return [h if short.count(h) == 1 else _short(f"{i + 1}.{names[i]}")
            for i, h in enumerate(short)]


def _row(label: str, cells: Sequence[str]) -> str:
    return label.ljust(LABEL_WIDTH) + "".join(c.rjust(CELL_WIDTH) for c in cells)


def _proceeds(score: ColourScore, seat: int) -> str:
    payment = next((p for p in score.payments if p.seat == seat), None)
    held = score.counts.get(seat, 0)
    if payment is None or payment.total == 0:
        return str(held) if held else "–"
    parts = [payment.share, payment.colour_bonus, payment.majority_bonus, payment.per_gem]
    money = "+".join(str(p) for p in parts if p)
    text = f"{held} → {money}"
    # A breakdown wider than its column would shift every later column (the notes name the
    # cards that paid), so a long one shows the sum instead.
    return text if len(text) < CELL_WIDTH else f"{held} → {payment.total}"


def scoring_table(scored: RoundScored, names: Sequence[str]) -> str:
    """A code block: per colour who held and got what, returns, certificates, totals."""
    seats = range(len(names))
    lines = [_row(f"Scoring {scored.round}", column_headers(names))]
    for score in scored.colours:
        label = f"{score.colour.capitalize()} {score.base}M"
        lines.append(_row(label, [_proceeds(score, s) for s in seats]))
        if score.returned:
            lines.append(_row("  gives up", [f"-{score.returned[s]}" if score.returned.get(s)
                                             else "" for s in seats]))
    cert = scored.certificates
    lines.append(_row("Certificates", [
        (f"{cert.counts[s]} → {cert.paid[s]}" if s in cert.paid else
         (str(cert.counts[s]) if cert.counts.get(s) else "–")) for s in seats]))
    lines.append("-" * (LABEL_WIDTH + CELL_WIDTH * len(names)))
    lines.append(_row("Total", [str(scored.totals[s]) for s in seats]))
    lines.append(_row("Money now", [str(scored.money_after[s]) for s in seats]))
    return "```\n" + "\n".join(lines) + "\n```"


def scoring_notes(scored: RoundScored, names: Sequence[str]) -> str:
    """Plain-language notes: which Scoring cards paid and which went back under the deck."""
    notes = []
    for score in scored.colours:
        for seat, card_ids in score.cards_used.items():
            cards = ", ".join(event_name(c) for c in card_ids)
            notes.append(f"{names[seat]}: {cards} paid for {score.colour}.")
    returned = sum(len(c) for c in scored.cards_returned.values())
    if returned:
        notes.append(f"{returned} Scoring card(s) go face up under the event deck.")
    return "\n".join(notes)


def final_results(ended: GameEnded, names: Sequence[str]) -> str:
    """Final standings with the winner and the tiebreak used (ESR-13)."""
    medals = ["🥇", "🥈", "🥉"]
    lines = []
    for pos, seat in enumerate(ended.ranking):
        mark = medals[pos] if pos < 3 else f"{pos + 1}."
        lines.append(f"{mark} **{names[seat]}** — {ended.money[seat]} million")
    winners = " and ".join(names[s] for s in ended.winners)
    lines.append(f"\n🏆 {winners} win{'s' if len(ended.winners) == 1 else ''} "
                 f"({TIEBREAK_TEXT.get(ended.tiebreak, ended.tiebreak)}).")
    return "\n".join(lines)
