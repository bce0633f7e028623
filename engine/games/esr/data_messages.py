"""Messages kept in data files rather than code, for the catalog tool to extract."""

from __future__ import annotations

import json

from engine.games.esr.cards import data_dir


def data_messages() -> list[tuple[str, str]]:
    """The event cards' names and texts from data/esr (for extraction; msgids are the English)."""
    path = data_dir() / "esr" / "event_cards.json"
    where = "data/esr/event_cards.json"
    found: dict[str, str] = {}
    for card in json.loads(path.read_text(encoding="utf-8"))["event_cards"]:
        found.setdefault(card["name"], where)
        found.setdefault(card["text"], where)
    return list(found.items())
