"""The ESR table as plain text for the terminal, built from one seat's view (no secrets)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.esr.gems import COLOURS, describe
from engine.games.esr.narrate import PLAIN

NAME_WIDTH = 16
STATUS_WIDTH = 24
GEM_WIDTH = 7  # wide enough for 'yellow' as a column heading


def _counts(gems: dict[str, int]) -> list[int]:
    return [gems[c] for c in COLOURS]


def _status(player: dict[str, Any], view: dict[str, Any], waiting: set[int]) -> str:
    """What the seat has played; before the reveal only the viewer's own card is known."""
    choice = player["choice"]
    if view["phase"] == "choose":
        if player["seat"] == view["viewer"] and choice:
            return f"{PLAIN.action(choice)} (secret)"
        return "has chosen" if player["has_chosen"] else "choosing..."
    if not choice:
        return ""
    return PLAIN.action(choice) + (" - deciding" if player["seat"] in waiting else "")


def _player_lines(player: dict[str, Any], view: dict[str, Any], names: Sequence[str],
                  waiting: set[int]) -> list[str]:
    name = names[player["seat"]] + (" (you)" if player["seat"] == view["viewer"] else "")
    gems = "".join(f"{n:>{GEM_WIDTH}}" for n in _counts(player["gems"]))
    card = player["gem_card"]["label"] if player["gem_card"] else "-"
    lines = [f"  {name:<{NAME_WIDTH}}{player['money']:>4}M {gems}   "
             f"{_status(player, view, waiting):<{STATUS_WIDTH}} {card}"]
    if player["scoring_cards"]:
        cards = ", ".join(PLAIN.card(c["name"]) for c in player["scoring_cards"])
        lines.append(f"  {'':<{NAME_WIDTH}}scoring cards: {cards}")
    return lines


def _negotiation(view: dict[str, Any], names: Sequence[str]) -> str:
    n = view["negotiation"]
    a, b = (names[s] for s in n["seats"])
    offer = describe(_counts(n["offer"])) if n["offer"] else "none yet"
    return (f"Negotiation for {PLAIN.action(n['action'])}: {a} vs {b}; offer on the table: "
            f"{offer}; {names[n['to_move']]} to answer.")


def board(view: dict[str, Any], names: Sequence[str]) -> str:
    """Everything the viewer may see of the table, as plain text."""
    waiting = {w["seat"] for w in view["waiting_for"]}
    lines = [f"=== Round {view['round']}/3 · turn {view['turn']}/{view['turns_per_round']} ==="]
    face_up = view["face_up_event"]
    if face_up:
        lines.append(f"Face-up event card: {PLAIN.card(face_up['name'])} - {face_up['text']}")
    header = "".join(f"{c:>{GEM_WIDTH}}" for c in COLOURS)
    lines.append(f"  {'':<{NAME_WIDTH}}money {header}   {'action card':<{STATUS_WIDTH}} turn card")
    for player in view["players"]:
        lines += _player_lines(player, view, names, waiting)
    if view["negotiation"]:
        lines.append(_negotiation(view, names))
    aside = [c["label"] for c in view["laid_aside"]]
    if view["laid_aside_hidden"]:
        aside.append(f"{view['laid_aside_hidden']} hidden")
    if aside:
        lines.append("Gemstone cards laid aside this round: " + "; ".join(aside))
    lines.append(f"Supply: {describe(_counts(view['supply']))} · gem deck "
                 f"{view['gem_deck_size']} · event deck {view['event_deck_size']}")
    return "\n".join(lines)
