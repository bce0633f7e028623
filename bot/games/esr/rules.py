"""The /game rules text, read from data/esr/rules.md (topics are its '## ' sections)."""

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
    return {k: v.strip() for k, v in topics.items()}
