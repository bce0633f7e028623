"""The /game rules text, read from data/esr/rules.md (topics are its '## ' sections), its lines
flowing as paragraphs."""

from __future__ import annotations

from functools import cache

from engine.games.esr.cards import data_dir


@cache
def rules_topics() -> dict[str, str]:
    """Topic name → text, in file order."""
    text = (data_dir() / "esr" / "rules.md").read_text(encoding="utf-8")
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
