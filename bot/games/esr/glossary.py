"""The /game card glossary: every ESR event card, what it does, and when it leaves play."""

from __future__ import annotations

from collections import Counter
from functools import cache

from engine.games.esr.cards import cards

KIND_TEXT = {
    "scoring": ("📜 **Scoring card.** Whoever takes it lays it in front of them; it pays at the "
                "round's scoring, then goes face up under the event deck."),
    "instant": ("⚡ **Instant card.** Whoever takes it carries it out at once, or forgoes it; "
                "either way it then goes face up under the event deck."),
}
NOTES = {
    "certificate": "The player with the most certificates gets 10 million; a sole leader lets "
                   "everyone tied for second-most take 4 million.",
    "colour_bonus": "A tie for the most is not a sole majority: the card pays nothing then.",
    "majority_bonus": "Counts every colour in which you alone have the most, at that scoring.",
    "half_scoring": "You choose the colour. Its holders return gemstones as at a full scoring.",
    "exchange": "If you, or all the other players, have no gemstones, it cannot be carried out "
                "and is forgone.",
}


@cache
def glossary() -> dict[str, str]:
    """Card name → its explanation, in deck order."""
    deck = cards().event
    copies = Counter(card.name for card in deck)
    entries: dict[str, str] = {}
    for card in deck:
        if card.name in entries:
            continue
        lines = [card.text, KIND_TEXT[card.kind]]
        if card.effect in NOTES:
            lines.append(NOTES[card.effect])
        count = copies[card.name]
        lines.append(f"-# {count} {'copy' if count == 1 else 'copies'} in the event deck.")
        entries[card.name] = "\n".join(lines)
    return entries
