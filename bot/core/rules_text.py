"""A game's /game rules text, read from its data folder: rules.md (English) or
rules.<language>.md, whose '## ' sections are the topics (the same ids in every language), the
source's hard-wrapped lines flowing as paragraphs (Discord wraps them to the reader's width)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.core.i18n import DEFAULT


def rules_file(folder: Path, language: str) -> Path:
    """The rules text of a language in a game's data folder (English where none exists)."""
    translated = folder / f"rules.{language}.md"
    return translated if language != DEFAULT and translated.exists() else folder / "rules.md"


@cache
def read_topics(folder: Path, language: str) -> dict[str, str]:
    """Topic id → text, in file order."""
    topics: dict[str, list[str]] = {}
    name = None
    for line in rules_file(folder, language).read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            name = line[3:].strip()
            topics[name] = []
        elif name is not None:
            topics[name].append(line)
    return {k: reflow("\n".join(v).strip()) for k, v in topics.items()}


def reflow(text: str) -> str:
    """The source's hard-wrapped lines joined into flowing paragraphs: a line that goes on a
    sentence — indented, or starting in lower case or with a bracket — joins the line before;
    list items, new sentences and blank lines stay."""
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
