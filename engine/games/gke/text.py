"""The table as plain text, for the terminal and logs: the round's cards, who holds which
labels, each player's cards, bonus cards and magnifier pieces. The pool itself is a picture
(its sizes are for the eye), so the text names only how many gems of each kind it holds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.games.gke.catalog import _, ngettext
from engine.games.gke.data import BACKS
from engine.games.gke.words import back_name, kind_name


def board(view: dict[str, Any], names: Sequence[str]) -> str:
    """What `view` shows, a line per thing."""
    lines = [_("Round {round} of {rounds}").format(round=view["round"], rounds=view["rounds"])]
    for back, card in enumerate(view["cards"]):
        if card is None:
            continue
        held = [f"{names[g['holder']]} {g['label']}" for g in view["pool"]
                if g["card"] == back and g["holder"] is not None]
        stars = ngettext("{count} star", "{count} stars", card["stars"]).format(
            count=card["stars"])
        name = back_name(BACKS.index(card["back"]))
        line = f"  {name[:1].upper()}{name[1:]}: {kind_name(card['kind'])}, {stars}"
        lines.append(line + (" · " + ", ".join(held) if held else ""))
    kinds = Counter(g["kind"] for g in view["pool"] if g["holder"] is None)
    if kinds:
        pool = ", ".join(f"{kind_name(kind)} {count}" for kind, count in sorted(kinds.items()))
        lines.append(_("In the middle: {gems}").format(gems=pool))
    for seat, player in enumerate(view["table"]):
        cards = len(player["cards"]) + player["bonus_cards"]
        text = ngettext("{count} card", "{count} cards", cards).format(count=cards)
        pieces = ngettext("{count} magnifier piece", "{count} magnifier pieces",
                          player["pieces"]).format(count=player["pieces"])
        lines.append(f"  {names[seat]}: {text}, {pieces}")
    return "\n".join(lines)
