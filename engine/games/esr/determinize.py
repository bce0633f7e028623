"""Sample a full game state consistent with one seat's view (for search-based AI).

Everything the view hides (deck orders, the hidden laid-aside card, others' unrevealed choices,
the random generator) is drawn afresh, so a search can never profit from real secrets.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.rng import Rng
from engine.games.esr.cards import cards
from engine.games.esr.gems import COLOURS
from engine.games.esr.state import EsrState, EventSlot, PlayerState


def determinize(view: dict[str, Any], seat: int, rng: random.Random) -> EsrState:
    """A state that looks exactly like `view` to `seat`, with the unknowns sampled."""
    deck = cards()
    turn_cards = [p["gem_card"]["id"] for p in view["players"] if p["gem_card"]]
    seen = {c["id"] for c in view["laid_aside"]} | {c["id"] for c in view["gem_discard"]}
    unseen = [c.id for c in deck.gem if c.id not in seen and c.id not in turn_cards]
    rng.shuffle(unseen)
    hidden_aside = unseen[: view["laid_aside_hidden"]]
    gem_deck = unseen[view["laid_aside_hidden"]:][: view["gem_deck_size"]]
    held = {c["id"] for p in view["players"] for c in p["scoring_cards"]}
    if view["face_up_event"]:
        held.add(view["face_up_event"]["id"])
    events = [c.id for c in deck.event if c.id not in held]
    rng.shuffle(events)
    hand = ["money", "event", "gems", "free"][: 4 if len(view["players"]) == 5 else 3]
    players = [
        PlayerState(
            gems=[p["gems"][c] for c in COLOURS], money=p["money"],
            scoring_cards=[c["id"] for c in p["scoring_cards"]],
            gem_card=p["gem_card"]["id"] if p["gem_card"] else None,
            # Someone who chose in secret: any card of their hand is possible.
            choice=p["choice"] or (rng.choice(hand) if p["has_chosen"] else None),
        )
        for p in view["players"]
    ]
    return EsrState(
        num_players=len(players), rng=Rng.from_seed(rng.getrandbits(64)),
        round=view["round"], turn=view["turn"], phase=view["phase"], players=players,
        supply=[view["supply"][c] for c in COLOURS], gem_deck=gem_deck,
        gem_discard=[c["id"] for c in view["gem_discard"]],
        laid_aside=[c["id"] for c in view["laid_aside"]] + hidden_aside,
        event_deck=[EventSlot(card=c) for c in events[: view["event_deck_size"]]],
        face_up_event=view["face_up_event"]["id"] if view["face_up_event"] else None,
    )
