"""The round's scoring in the channel: one short block per player (it wraps on a phone instead
of scrolling sideways), a legend of the gem symbols, notes on the cards that paid, and the final
results."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.esr.narrate import COLOUR_EMOJI, gem
from engine.games.esr import scoring_text
from engine.games.esr.events import GameEnded, RoundScored
from engine.games.esr.narrate import TIEBREAK_TEXT, event_name
from engine.games.esr.state import ROUNDS

DISCORD_SCORING = scoring_text.ScoringStyle(gem=gem, name=lambda name: f"**{name}**")


def legend() -> str:
    """The small print under the heading: what each symbol is and what the arrows mean."""
    symbols = " · ".join(f"{emoji} {colour}" for colour, emoji in COLOUR_EMOJI.items())
    return f"-# {symbols} · {scoring_text.LEGEND}"


BRANCH = "└ "  # plain text, not a quote or a list: markdown cannot run it into the next line


def scoring_table(scored: RoundScored, names: Sequence[str]) -> str:
    """Every player's block: a bold first line, the details hanging under it."""
    blocks = scoring_text.scoring_blocks(scored, names, DISCORD_SCORING)
    return "\n".join("\n".join([block[0], *(BRANCH + line for line in block[1:])])
                     for block in blocks)


def scoring_notes(scored: RoundScored, names: Sequence[str]) -> str:
    """Plain-language notes: which Scoring cards paid and which went back under the deck."""
    notes = []
    for score in scored.colours:
        for seat, card_ids in score.cards_used.items():
            cards = ", ".join(event_name(c) for c in card_ids)
            notes.append(f"{names[seat]}: {cards} paid for {score.colour}.")
    returned = sum(len(c) for c in scored.cards_returned.values())
    if returned and scored.round < ROUNDS:  # after the last scoring the game is over
        cards = "Scoring card goes" if returned == 1 else "Scoring cards go"
        notes.append(f"{returned} {cards} face up under the event deck.")
    return "\n".join(notes)


def final_results(ended: GameEnded, names: Sequence[str]) -> str:
    """Final standings with the winner and the tiebreak used (ESR-13)."""
    # Keycaps after the medals: "4." at a line's start would be read as a markdown list.
    marks = ["🥇", "🥈", "🥉", "4️⃣", "5️⃣", "6️⃣"]
    lines = []
    for pos, seat in enumerate(ended.ranking):
        mark = marks[pos]
        lines.append(f"{mark} **{names[seat]}** — {ended.money[seat]} million")
    winners = " and ".join(names[s] for s in ended.winners)
    lines.append(f"\n🏆 {winners} win{'s' if len(ended.winners) == 1 else ''} "
                 f"({TIEBREAK_TEXT.get(ended.tiebreak, ended.tiebreak)}).")
    return "\n".join(lines)
