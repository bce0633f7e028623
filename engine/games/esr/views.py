"""Per-player and spectator views: everything public, the viewer's own secrets, nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from engine.core import i18n
from engine.games.esr.cards import cards
from engine.games.esr.decisions import decision_for, pending
from engine.games.esr.state import VISIBLE_LAID_ASIDE, EsrState, NegotiationStep


def _gems(counts: Sequence[int]) -> dict[str, int]:
    # Spelled out: views build dozens of these, and this is three times faster than zip.
    return {"red": counts[0], "yellow": counts[1], "green": counts[2], "blue": counts[3]}


@cache
def _gem_cards(locale: str) -> tuple[tuple[int, int, tuple[int, ...], str], ...]:
    """(id, money, gem counts, label) of every gemstone card by id, worked out once per
    language (`locale`, the current one: the label is text).

    Every view shows the discard pile and the laid-aside cards; the cards are loaded once and
    never change.
    """
    return tuple((card.id, card.money, tuple(card.counts), card.label())
                 for card in cards().gem)


def gem_card_view(card_id: int | None, locale: str | None = None) -> dict[str, Any] | None:
    """A gemstone card as a front end shows it (`locale`: the current language, if known)."""
    if card_id is None:
        return None
    cid, money, counts, label = _gem_cards(locale or i18n.current())[card_id]
    # A new dict per call: front ends may keep or change what they are given.
    return {"id": cid, "money": money, "gems": _gems(counts), "label": label}


@cache
def _event_card(card_id: int) -> dict[str, Any]:
    return cards().event[card_id].model_dump()


def event_card_view(card_id: int | None) -> dict[str, Any] | None:
    """An event card as a front end shows it (a fresh copy of the card's fields)."""
    if card_id is None:
        return None
    return {key: (value[:] if isinstance(value, list) else value)
            for key, value in _event_card(card_id).items()}


def _waiting_for(state: EsrState) -> list[dict[str, Any]]:
    """Who owes a decision, and of what kind (the choices themselves are not built)."""
    if state.phase == "choose":
        return [{"seat": seat, "kind": "esr.choose_action"}
                for seat, p in enumerate(state.players) if p.choice is None]
    return [{"seat": d.player, "kind": d.kind} for d in pending(state)]


def view(state: EsrState, viewer: int | None) -> dict[str, Any]:
    """The game as `viewer` (a seat, or None for a spectator) may see it."""
    if viewer is not None and not 0 <= viewer < state.num_players:
        viewer = None  # someone without a seat sees what a spectator sees
    revealed = state.phase != "choose"
    locale = i18n.current()  # once: a view shows a dozen gemstone cards
    players = []
    for seat, p in enumerate(state.players):
        players.append({
            "seat": seat,
            "gems": _gems(p.gems),
            "money": p.money,
            "scoring_cards": [event_card_view(c) for c in p.scoring_cards],
            "gem_card": gem_card_view(p.gem_card, locale),
            "has_chosen": p.choice is not None,
            # The action card stays secret until the reveal, except to its owner.
            "choice": p.choice if (revealed or seat == viewer) else None,
        })
    visible = VISIBLE_LAID_ASIDE[state.num_players]
    step = state.step
    negotiation = None
    if isinstance(step, NegotiationStep):
        negotiation = {
            "action": step.action, "seats": step.seats, "opener": step.opener,
            "to_move": step.to_move, "offer": _gems(step.offer) if step.offer else None,
            "offerer": step.offerer, "opened_with_nothing": step.opened_with_nothing,
        }
    own_decision = decision_for(state, viewer) if viewer is not None else None
    return {
        "game": "esr",
        "viewer": viewer,
        "round": state.round,
        "turn": state.turn,
        "turns_per_round": state.turns_per_round,
        "phase": state.phase,
        "players": players,
        "supply": _gems(state.supply),
        "face_up_event": event_card_view(state.face_up_event),
        "laid_aside": [gem_card_view(c, locale) for c in state.laid_aside[:visible]],
        "laid_aside_hidden": len(state.laid_aside) - visible,
        "gem_deck_size": len(state.gem_deck),
        "gem_discard": [gem_card_view(c, locale) for c in state.gem_discard],
        "event_deck_size": len(state.event_deck),
        "negotiation": negotiation,
        "waiting_for": _waiting_for(state),
        "decision": own_decision.model_dump() if own_decision else None,
        "results": state.results.model_dump() if state.results else None,
    }
