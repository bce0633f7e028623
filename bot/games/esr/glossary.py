"""The /game card glossary: every ESR event card, what it does, and when it leaves play."""

from __future__ import annotations

from collections import Counter
from functools import cache

from bot.games.esr.catalog import N_, _, ngettext
from engine.core.i18n import current
from engine.games.esr.cards import cards
from engine.games.esr.catalog import _ as card_text

KIND_TEXT = {
    "scoring": N_("📜 **Scoring card.** Whoever takes it lays it in front of them; it pays at "
                  "the round's scoring, then goes face up under the event deck."),
    "instant": N_("⚡ **Instant card.** Whoever takes it carries it out at once, or forgoes it; "
                  "either way it then goes face up under the event deck."),
}
NOTES = {
    "certificate": N_("The player with the most certificates gets 10 million; a sole leader "
                      "lets everyone tied for second-most take 4 million."),
    "colour_bonus": N_("A tie for the most is not a sole majority: the card pays nothing then."),
    "majority_bonus": N_("Counts every colour in which you alone have the most, at that "
                         "scoring."),
    "half_scoring": N_("You choose the colour. Its holders return gemstones as at a full "
                       "scoring."),
    "exchange": N_("If you, or all the other players, have no gemstones, it cannot be carried "
                   "out and is forgone."),
}


def glossary() -> dict[str, str]:
    """Card name → its explanation, in deck order, in the current language."""
    return _glossary(current())


@cache
def _glossary(locale: str) -> dict[str, str]:
    """glossary() in `locale`, the current language when called (only the cache key)."""
    deck = cards().event
    copies = Counter(card.name for card in deck)
    entries: dict[str, str] = {}
    seen: set[str] = set()
    for card in deck:
        if card.name in seen:
            continue
        seen.add(card.name)
        lines = [card_text(card.text), _(KIND_TEXT[card.kind])]
        if card.effect in NOTES:
            lines.append(_(NOTES[card.effect]))
        count = copies[card.name]
        lines.append("-# " + ngettext("{count} copy in the event deck.",
                                      "{count} copies in the event deck.", count).format(
                                          count=count))
        entries[card_text(card.name)] = "\n".join(lines)
    return entries
