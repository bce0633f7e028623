"""What each seat may see (EM-12): the board, the face-up cards and how many lie under them,
everyone's gem cards, treasures and bonuses, how many gold cards each holds; the values of the
viewer's own gold cards only. The cards under the tops and in the box are seen by nobody."""

from __future__ import annotations

from typing import Any

from engine.games.emerald.board import GEM_TYPES, space_code
from engine.games.emerald.state import EmeraldState


def view(state: EmeraldState, viewer: int | None) -> dict[str, Any]:
    """The game as `viewer` sees it (None: a spectator)."""
    caves = []
    for cave in range(9):
        gold, gems = state.gold_piles[cave], state.gem_piles[cave]
        caves.append({"gold": gold[-1] if gold else None, "gold_left": len(gold),
                      "gem": GEM_TYPES[gems[-1]] if gems else None, "gems_left": len(gems)})
    seen: dict[str, Any] = {
        "players": state.num_players, "colours": [state.owner(c) for c in range(state.colours)],
        "knights": [list(row) for row in state.at], "caves": caves,
        "dragon": state.dragon, "heading": "chamber" if state.heading == 1 else "exit",
        "rail": state.rail, "rules": state.rules, "to_move": state.seat, "turn": state.turn,
        "phase": state.phase,
        "moves": state.moves, "card_taken": state.card_taken,
        "moved": [state.moved[0], space_code(state.moved[1])] if state.moved else None,
        "victims": [[state.victims[i], bool(state.victims[i + 1])]
                    for i in range(0, len(state.victims), 2)],
        "victim": [state.victim[0], bool(state.victim[1])] if state.victim else None,
        "gold_cards": [len(hand) for hand in state.hands],
        "gems": [dict(zip(GEM_TYPES, counts, strict=True)) for counts in state.gems],
        "treasures": list(state.treasures), "treasures_left": state.treasures_left,
        "four_kinds": state.four_kinds, "removed": len(state.removed),
        "box": len(state.box_gold) + len(state.box_gems),
        "in_play": [state.in_play(seat) for seat in range(state.num_players)],
        "viewer": viewer,
        "waiting_for": [] if state.phase == "over" else [
            {"seat": state.owner(state.victim[0]) if state.phase == "bribe" else state.seat,
             "kind": f"emerald.{state.phase}"}],
    }
    if viewer is not None and 0 <= viewer < state.num_players:
        seen["hand"] = sorted(state.hands[viewer])
    if state.results is not None:  # the final scoring shows every hand's total
        seen["results"] = state.results.model_dump()
        seen["end_reason"] = state.end_reason
    return seen
