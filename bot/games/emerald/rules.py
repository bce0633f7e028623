"""The /game rules text of Emerald, from data/emerald/rules*.md (bot/core/rules_text)."""

from __future__ import annotations

from bot.core.rules_text import read_topics
from bot.games.emerald.catalog import N_
from engine.core.i18n import current
from engine.games.emerald.board import data_dir

# Topic titles, by id (the ids are the '## ' headings of every language's file).
TITLES = {"overview": N_("Overview"), "turn": N_("A turn"), "dragon": N_("The dragon"),
          "end": N_("End and scoring"), "rulings": N_("Rulings")}


def rules_topics() -> dict[str, str]:
    """Topic id → text in the current language (English where no translation exists)."""
    return read_topics(data_dir() / "emerald", current())
