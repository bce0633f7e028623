"""The /game rules text of Emerald, read from data/emerald/rules.md (English) or
rules.<language>.md; topics are its '## ' sections, the same ids in every language."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from bot.games.emerald.catalog import N_
from engine.core.i18n import DEFAULT, current
from engine.games.emerald.board import data_dir

TITLES = {"overview": N_("Overview"), "turn": N_("A turn"), "dragon": N_("The dragon"),
          "end": N_("End and scoring"), "rulings": N_("Rulings")}


def rules_file(language: str) -> Path:
    """The rules text of a language."""
    folder = data_dir() / "emerald"
    translated = folder / f"rules.{language}.md"
    return translated if language != DEFAULT and translated.exists() else folder / "rules.md"


def rules_topics() -> dict[str, str]:
    """Topic id → text in the current language."""
    return _topics(current())


@cache
def _topics(language: str) -> dict[str, str]:
    topics: dict[str, list[str]] = {}
    name = None
    for line in rules_file(language).read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            name = line[3:].strip()
            topics[name] = []
        elif name is not None:
            topics[name].append(line)
    return {k: "\n".join(v).strip() for k, v in topics.items()}
