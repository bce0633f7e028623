"""One line of channel narration per public engine event."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core.game import GameEvent
from engine.esr import events as ev
from engine.esr.cards import cards
from engine.esr.state import ACTION_NAMES

COLOUR_EMOJI = {"red": "🟥", "yellow": "🟨", "green": "🟩", "blue": "🟦"}
ACTION_EMOJI = {"money": "💰", "event": "🃏", "gems": "💎", "free": "🎁"}


def gem_text(gems: Sequence[int]) -> str:
    """Gem counts as emoji squares, e.g. '🟥×2 🟦×1' (or 'nothing')."""
    squares = [f"{emoji}×{n}" for emoji, n in zip(COLOUR_EMOJI.values(), gems, strict=True) if n]
    return " ".join(squares) if squares else "nothing"


def event_name(card_id: int) -> str:
    """An event card's name."""
    return cards().event[card_id].name


def _action(action: str) -> str:
    return f"{ACTION_EMOJI[action]} {ACTION_NAMES[action]}"


def _lapsed(e: ev.ActionLapsed, names: Sequence[str]) -> str:
    who = ", ".join(names[s] for s in e.seats)
    reasons = {
        "three_or_more": f"was chosen by {who}: three or more, so it lapses.",
        "nobody_offered": "lapses: neither negotiator offered anything.",
        "no_gemstones": f"lapses: {who} has no gemstone to return.",
        "supply_empty": "lapses: the supply is empty.",
    }
    return f"{_action(e.action)} {reasons[e.reason]}"


def _offer(e: ev.OfferMade, names: Sequence[str]) -> str:
    who = names[e.seat]
    if e.how == "nothing":
        return f"{who} offers nothing" + (" (has no gemstones)." if e.forced else ".")
    label = {"opening": "opens with", "quantity": "raises (more gemstones) to",
             "value": "raises (higher value) to", "single": "offers one gemstone:"}[e.how]
    return f"{who} {label} {gem_text(e.gems)}."


def _accepted(e: ev.OfferAccepted, names: Sequence[str]) -> str:
    why = {"cannot_beat": " (cannot beat it)", "opened_with_nothing": " (must accept, ESR-5)",
           "": ""}[e.forced]
    return (f"{names[e.seat]} accepts {gem_text(e.gems)} from {names[e.from_seat]}{why}; "
            f"{names[e.from_seat]} carries out {_action(e.action)}.")


def _instant(e: ev.InstantCarriedOut, names: Sequence[str]) -> str:
    text = f"{names[e.seat]} carries out **{event_name(e.card)}**"
    if e.colour:
        text += f" ({e.colour})"
    if e.target is not None:
        text += f" with {names[e.target]}"
    changes = "; ".join(f"{names[s]} {_signed(d)}" for s, d in e.changes.items())
    return text + (f": {changes}." if changes else ": nothing changes.")


def _signed(delta: Sequence[int]) -> str:
    parts = [f"{'+' if n > 0 else ''}{n}{emoji}" for emoji, n in
             zip(COLOUR_EMOJI.values(), delta, strict=True) if n]
    return " ".join(parts)


def narrate(event: GameEvent, names: Sequence[str]) -> str | None:
    """A channel line for one event, or None for events the table message already shows."""
    render: Callable[[], str | None] | None = {
        ev.ActionsRevealed: lambda: "**Reveal:** " + ", ".join(
            f"{names[s]} {_action(a)}" for s, a in event.choices.items()),
        ev.ActionLapsed: lambda: _lapsed(event, names),
        ev.NegotiationStarted: lambda: (
            f"{names[event.seats[0]]} and {names[event.seats[1]]} both chose "
            f"{_action(event.action)} and negotiate; {names[event.opener]} opens "
            f"(fewer {event.decided_by} gemstones)." if event.decided_by not in ("money", "seat")
            else f"{names[event.seats[0]]} and {names[event.seats[1]]} both chose "
            f"{_action(event.action)} and negotiate; {names[event.opener]} opens "
            f"(same gemstones, decided by {event.decided_by})."),
        ev.OfferMade: lambda: _offer(event, names),
        ev.OfferAccepted: lambda: _accepted(event, names),
        ev.MoneyTaken: lambda: f"{names[event.seat]} takes {event.amount} million. 💰",
        ev.GemsTaken: lambda: (
            f"{names[event.seat]} takes {gem_text(event.received)}"
            + ("." if event.received == event.wanted
               else f" (the supply ran short of {gem_text(event.wanted)}).")),
        ev.EventCardTaken: lambda: (
            f"{names[event.seat]} {'takes the face-up' if event.source == 'face_up' else 'draws'}"
            f" **{event_name(event.card)}**"
            + (" and lays it in front of them." if event.scoring else ".")),
        ev.InstantForgone: lambda: f"{names[event.seat]} forgoes **{event_name(event.card)}**.",
        ev.InstantCarriedOut: lambda: _instant(event, names),
        ev.FreeChoiceTaken: lambda: (
            f"{names[event.seat]} uses 🎁 Free Choice"
            + (f": returns {event.returned}" if event.returned else "")
            + (f", takes {', '.join(event.taken)}." if event.taken else
               (": takes nothing." if not event.returned else "."))),
        ev.EventDeckShuffled: lambda: f"The event deck is shuffled ({event.size} cards).",
        ev.RoundStarted: lambda: _round_started(event, names),
        ev.GameEnded: lambda: None,
    }.get(type(event))
    return render() if render else None


def _round_started(e: ev.RoundStarted, names: Sequence[str]) -> str:
    text = f"**Round {e.round} begins.** The gemstone cards are shuffled."
    if e.top_up:
        given = "; ".join(f"{names[s]} returns {', '.join(c)}" for s, c in e.top_up.items())
        text += f" The supply runs low: {given}."
    return text
