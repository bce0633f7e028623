"""A round's scoring laid out like the rulebook's scoring table, as monospaced plain text, for
every front end (the channel puts it in a code block, the terminal prints it as it is)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.esr.events import ColourScore, RoundScored

LABEL_WIDTH = 14
CELL_WIDTH = 11


def _short(name: str) -> str:
    return name if len(name) <= CELL_WIDTH - 1 else name[: CELL_WIDTH - 2] + "…"


def column_headers(names: Sequence[str]) -> list[str]:
    """Names that fit a column; names that would look alike there get their seat number."""
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
    """Monospaced lines: per colour who held and got what, returns, certificates, totals."""
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
    return "\n".join(lines)
