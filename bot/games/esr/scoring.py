"""The round's scoring in the channel: one short block per player (it wraps on a phone instead
of scrolling sideways), a legend of the gem symbols, notes on the cards that paid, and the final
results."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.esr.catalog import _, ngettext
from bot.games.esr.narrate import COLOUR_EMOJI, colour_word, gem
from engine.games.esr import scoring_text
from engine.games.esr.catalog import _ as esr_text
from engine.games.esr.events import GameEnded, RoundScored
from engine.games.esr.narrate import TIEBREAK_TEXT, event_name
from engine.games.esr.state import ROUNDS

DISCORD_SCORING = scoring_text.ScoringStyle(gem=gem, name=lambda name: f"**{name}**")


def legend() -> str:
    """The small print under the heading: what each symbol is and what the arrows mean."""
    symbols = " · ".join(f"{emoji} {colour_word(colour)}" for colour, emoji in COLOUR_EMOJI.items())
    return f"-# {symbols} · {esr_text(scoring_text.LEGEND)}"


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
            # In bold, as the story marks every card: a card's name is words of its own
            # ("1 million per red gemstone"), which read as part of the sentence unmarked.
            cards = and_list([f"**{event_name(c)}**" for c in card_ids])
            # Translators: {cards} names the Scoring cards that paid (one, or "A and B"),
            # {colour} the colour scored
            notes.append(_("{player}: {cards} paid for {colour}.").format(
                player=names[seat], cards=cards, colour=colour_word(score.colour)))
    returned = sum(len(c) for c in scored.cards_returned.values())
    if returned and scored.round < ROUNDS:  # after the last scoring the game is over
        notes.append(ngettext("{count} Scoring card goes face up under the event deck.",
                              "{count} Scoring cards go face up under the event deck.",
                              returned).format(count=returned))
    return "\n".join(notes)


def final_results(ended: GameEnded, names: Sequence[str]) -> str:
    """Final standings with the winner and the tiebreak used (ESR-13)."""
    # Keycaps after the medals: "4." at a line's start would be read as a markdown list.
    marks = ["🥇", "🥈", "🥉", "4️⃣", "5️⃣", "6️⃣"]
    lines = []
    for pos, seat in enumerate(ended.ranking):
        mark = marks[pos]
        money = ended.money[seat]
        standing = ngettext("**{name}** — {amount} million", "**{name}** — {amount} million",
                            money).format(name=names[seat], amount=money)
        lines.append(f"{mark} {standing}")
    winners = and_list([names[s] for s in ended.winners])
    tiebreak = TIEBREAK_TEXT.get(ended.tiebreak)
    # Translators: {winners} names the winner or winners, {tiebreak} how first place was decided
    won = ngettext("{winners} wins ({tiebreak}).", "{winners} win ({tiebreak}).",
                   len(ended.winners)).format(
                       winners=winners,
                       tiebreak=esr_text(tiebreak) if tiebreak else ended.tiebreak)
    lines.append(f"\n🏆 {won}")
    return "\n".join(lines)


def and_list(names: Sequence[str]) -> str:
    """'ann', 'ann and bob', 'ann, bob and cem' (the 'and' one translated phrase)."""
    if len(names) < 2:
        return names[0] if names else ""
    # Translators: joins the last two names, e.g. "ann and bob"; {first} may itself be a list
    # joined by commas ("ann, bob" and "cem")
    return _("{first} and {second}").format(first=", ".join(names[:-1]), second=names[-1])
