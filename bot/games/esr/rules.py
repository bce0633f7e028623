"""The /game rules text, read from data/esr/rules.md (English) or rules.<language>.md (topics are
its '## ' sections, whose ids are the same in every language), its lines flowing as paragraphs."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from bot.games.esr.catalog import N_
from engine.core.i18n import DEFAULT, current
from engine.games.esr.cards import data_dir

# Topic titles, by id (the ids are the '## ' headings of every language's file).
TITLES = {"overview": N_("Overview"), "turn": N_("A turn"), "actions": N_("Action cards"),
          "negotiation": N_("Negotiation"), "events": N_("Event cards"),
          "scoring": N_("Scoring"), "end": N_("End of the game"), "rulings": N_("Rulings")}


def rules_topics() -> dict[str, str]:
    """Topic id → text in the current language (English where no translation exists)."""
    return _topics(current())


def rules_file(language: str) -> Path:
    """The rules text of a language."""
    folder = data_dir() / "esr"
    translated = folder / f"rules.{language}.md"
    return translated if language != DEFAULT and translated.exists() else folder / "rules.md"


@cache
def _topics(language: str) -> dict[str, str]:
    """Topic id → text, in file order."""
    text = rules_file(language).read_text(encoding="utf-8")
    topics: dict[str, str] = {}
    name = None
    for line in text.splitlines():
        if line.startswith("## "):
            name = line[3:].strip()
            topics[name] = ""
        elif name is not None:
            topics[name] += line + "\n"
    return {k: reflow(v.strip()) for k, v in topics.items()}


def reflow(text: str) -> str:
    """The source's hard-wrapped lines joined into flowing paragraphs (Discord wraps them to
    the reader's width): a line that goes on a sentence — indented, or starting in lower case
    or with a bracket — joins the line before; list items, new sentences and blank lines stay."""
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        goes_on = bool(stripped) and (line[:1].isspace() or stripped[0].islower()
                                      or stripped[0] in "(—–")
        if goes_on and out and out[-1]:
            out[-1] += " " + stripped
        else:
            out.append(stripped)
    return "\n".join(out)
