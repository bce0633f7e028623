"""The /game rules text of Edel, Stein & Reich, from data/esr/rules*.md (bot/core/rules_text)."""

from __future__ import annotations

from bot.core.rules_text import read_topics
from bot.games.esr.catalog import N_
from engine.core.i18n import current
from engine.games.esr.cards import data_dir

# Topic titles, by id (the ids are the '## ' headings of every language's file).
TITLES = {"overview": N_("Overview"), "turn": N_("A turn"), "actions": N_("Action cards"),
          "negotiation": N_("Negotiation"), "events": N_("Event cards"),
          "scoring": N_("Scoring"), "end": N_("End of the game"), "rulings": N_("Rulings")}


def rules_topics() -> dict[str, str]:
    """Topic id → text in the current language (English where no translation exists)."""
    return read_topics(data_dir() / "esr", current())
