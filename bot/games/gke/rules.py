"""The /game rules text of Große kleine Edelsteine, from data/gke/rules*.md."""

from __future__ import annotations

from bot.core.rules_text import read_topics
from bot.games.gke.catalog import N_
from engine.core.i18n import current
from engine.games.gke.data import data_dir

# Topic titles, by id (the ids are the '## ' headings of every language's file).
TITLES = {"overview": N_("Overview"), "round": N_("A round"), "scoring": N_("Scoring and the end"),
          "rulings": N_("Rulings")}


def rules_topics() -> dict[str, str]:
    """Topic id → text in the current language (English where no translation exists)."""
    return read_topics(data_dir(), current())
