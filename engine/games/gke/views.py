"""What each seat may see (GKE-9, the issue's hidden information): the cards turned up, the pool
by label with its shapes and drawn sizes (what the picture shows), who holds which label; never a
pool gem's size number or symbol before it is turned over, never a bonus card's stars but to its
owner (everyone's at the end), never the order of a stack."""

from __future__ import annotations

from typing import Any

from engine.games.gke.data import GROWTH, KINDS, SYMBOLS, game_data
from engine.games.gke.rules import labels_by_gem, score_lines
from engine.games.gke.state import GkeState


def card_view(card_id: int) -> dict[str, Any]:
    """A face-up card as it lies on the table: its gem exactly, the neighbours' symbols."""
    data = game_data()
    card = data.cards[card_id]
    gem = data.gems[card.gem]
    return {"id": card.id, "kind": KINDS[gem.kind], "size": gem.size,
            "symbol": SYMBOLS[gem.symbol], "smaller": SYMBOLS[card.smaller],
            "larger": SYMBOLS[card.larger], "stars": card.stars, "back": card.back}


def view(state: GkeState, viewer: int | None) -> dict[str, Any]:
    """The table as `viewer` sees it (None: a spectator)."""
    data = game_data()
    by_gem = labels_by_gem(state)
    held = {gem: (seat, card) for seat, row in enumerate(state.picks)
            for card, gem in enumerate(row) if gem is not None}
    pool = []
    for label, gem_id in state.labels.items():
        gem = data.gems[gem_id]
        seat, card = held.get(gem_id, (None, None))
        # `drawn` is the length the picture gives it (size 1 = 1.0): public to the eye, as on
        # the table; AIs read it only through their perception's noise (ai.py).
        pool.append({"label": label, "kind": KINDS[gem.kind],
                     "drawn": round(GROWTH ** (gem.size - 1), 4), "holder": seat, "card": card})
    over = state.phase == "over"
    players = []
    for seat in range(state.players):
        own = over or seat == viewer
        players.append({
            "cards": [card_view(c) for c in state.won[seat]],
            "bonus_cards": len(state.bonus_won[seat]),
            "bonus_stars": (sum(data.cards[c].stars for c in state.bonus_won[seat])
                            if own else None),
            "pieces": state.pieces[seat],
            "picks": [label for label, gem in state.labels.items()
                      if held.get(gem, (None,))[0] == seat]})
    return {
        "viewer": viewer, "players": state.players, "round": state.round,
        "rounds": state.rounds, "picks_per_round": state.picks_per_round, "phase": state.phase,
        "cards": [card_view(c) if c is not None else None for c in state.face_up],
        "pool": pool, "me": ({"picks": [by_gem.get(gem) if gem is not None else None
                                        for gem in state.picks[viewer]]}
                             if viewer is not None else None),
        "table": players, "stacks_left": [len(s) for s in state.stacks],
        "bonus_left": len(state.bonus), "supply": state.supply,
        "scores": score_lines(state) if over else None,
        "results": state.results.model_dump() if state.results is not None else None}
