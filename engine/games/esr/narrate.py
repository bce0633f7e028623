"""One readable line per ESR event, for any front end (plain text unless a Style says otherwise).

Every ESR event is public (ActionChosen never says which card), so narrating the events a
front end receives can never give a secret away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.game import GameEvent
from engine.games.esr import events as ev
from engine.games.esr.cards import cards
from engine.games.esr.gems import COLOURS, describe
from engine.games.esr.state import ACTION_NAMES

TIEBREAK_TEXT = {
    "money": "most money",
    "gemstones": "same money, more gemstones",
    "red": "same money and gemstones, more red",
    "yellow": "tie broken by yellow gemstones",
    "green": "tie broken by green gemstones",
    "blue": "tie broken by blue gemstones",
    "shared": "a complete tie: the win is shared",
}


def plain_delta(delta: Sequence[int]) -> str:
    """Signed gem changes in words, e.g. '+1 red, -2 blue'."""
    return ", ".join(f"{'+' if n > 0 else ''}{n} {colour}"
                     for colour, n in zip(COLOURS, delta, strict=True) if n)


@dataclass(frozen=True)
class Style:
    """How a front end marks up gemstones, action cards, event cards and headings."""

    gems: Callable[[Sequence[int]], str] = describe  # '2 red, 1 blue'
    delta: Callable[[Sequence[int]], str] = plain_delta
    # Brackets set the card apart in plain text: "Ada [Money], Bo [Event]" reads as a list.
    action: Callable[[str], str] = lambda action: f"[{ACTION_NAMES[action]}]"
    card: Callable[[str], str] = lambda name: f'"{name}"'
    heading: Callable[[str], str] = lambda text: text
    money_mark: str = ""
    colour: Callable[[str], str] = lambda colour: colour


PLAIN = Style()


def event_name(card_id: int) -> str:
    """An event card's name."""
    return cards().event[card_id].name


def _forgone(e: ev.InstantForgone, names: Sequence[str], s: Style) -> str:
    why = ("it cannot be carried out now: nothing to exchange" if e.reason == "impossible"
           else "chose not to carry it out")
    return f"{names[e.seat]} forgoes {s.card(event_name(e.card))} ({why})."


def _lapsed(e: ev.ActionLapsed, names: Sequence[str], s: Style) -> str:
    who = ", ".join(names[seat] for seat in e.seats)
    reasons = {
        "three_or_more": f"was chosen by {who}: three or more, so it lapses.",
        "nobody_offered": "lapses: neither negotiator offered anything.",
        "no_gemstones": f"lapses: {who} has no gemstone to return.",
        "supply_empty": "lapses: the supply is empty.",
    }
    return f"{s.action(e.action)} {reasons[e.reason]}"


def _negotiation(e: ev.NegotiationStarted, names: Sequence[str], s: Style) -> str:
    a, b = (names[seat] for seat in e.seats)
    why = (f"fewer {e.decided_by} gemstones" if e.decided_by not in ("money", "seat")
           else f"same gemstones, decided by {e.decided_by}")
    return (f"{a} and {b} both chose {s.action(e.action)} and negotiate; "
            f"{names[e.opener]} opens ({why}).")


def _offer(e: ev.OfferMade, names: Sequence[str], s: Style) -> str:
    who = names[e.seat]
    if e.how == "nothing":
        return f"{who} offers nothing" + (" (has no gemstones)." if e.forced else ".")
    label = {"opening": "opens with", "quantity": "raises (more gemstones) to",
             "value": "raises (higher value) to", "single": "offers one gemstone:"}[e.how]
    return f"{who} {label} {s.gems(e.gems)}."


def _accepted(e: ev.OfferAccepted, names: Sequence[str], s: Style) -> str:
    why = {"cannot_beat": " (cannot beat it)",
           "opened_with_nothing": " (must accept: the opener offered nothing)",
           "": ""}[e.forced]
    return (f"{names[e.seat]} accepts {s.gems(e.gems)} from {names[e.from_seat]}{why}; "
            f"{names[e.from_seat]} carries out {s.action(e.action)}.")


def _gems_taken(e: ev.GemsTaken, names: Sequence[str], s: Style) -> str:
    short = "." if e.received == e.wanted else f" (the supply ran short of {s.gems(e.wanted)})."
    return f"{names[e.seat]} takes {s.gems(e.received)}{short}"


def _card_taken(e: ev.EventCardTaken, names: Sequence[str], s: Style) -> str:
    how = "takes the face-up" if e.source == "face_up" else "draws"
    laid = " and lays it in front of them." if e.scoring else "."
    return f"{names[e.seat]} {how} {s.card(event_name(e.card))}{laid}"


def _instant(e: ev.InstantCarriedOut, names: Sequence[str], s: Style) -> str:
    text = f"{names[e.seat]} carries out {s.card(event_name(e.card))}"
    if e.colour:
        text += f" ({s.colour(e.colour)})"
    if e.target is not None:
        text += f" with {names[e.target]}"
    changes = "; ".join(f"{names[seat]} {s.delta(d)}" for seat, d in e.changes.items())
    return text + (f": {changes}." if changes else ": nothing changes.")


def _free_choice(e: ev.FreeChoiceTaken, names: Sequence[str], s: Style) -> str:
    text = f"{names[e.seat]} uses {s.action('free')}"
    if e.returned:
        text += f": returns {s.colour(e.returned)}"
    if e.taken:
        return text + f", takes {', '.join(s.colour(c) for c in e.taken)}."
    return text + ("." if e.returned else ": takes nothing.")


def _round_started(e: ev.RoundStarted, names: Sequence[str], s: Style) -> str:
    text = f"{s.heading(f'Round {e.round} begins.')} The gemstone cards are shuffled."
    if e.top_up:
        given = "; ".join(f"{names[seat]} returns {', '.join(s.colour(x) for x in c)}"
                          for seat, c in e.top_up.items())
        text += f" The supply runs low: {given}."
    return text


def _scored(e: ev.RoundScored, names: Sequence[str], s: Style) -> str:
    paid = "; ".join(f"{names[seat]} +{e.totals[seat]} → {e.money_after[seat]} million"
                     for seat in sorted(e.totals))
    return f"{s.heading(f'Round {e.round} is scored:')} {paid}."


def _to_bottom(e: ev.EventCardToBottom, names: Sequence[str], s: Style) -> str:
    why = {"not_taken": "was not taken", "blind_draw": "was passed over for a blind draw",
           "used": "has been used", "forgone": "was forgone", "scored": "has been scored"}
    return f"{s.card(event_name(e.card))} {why[e.reason]} and goes face up under the event deck."


def _ended(e: ev.GameEnded, names: Sequence[str], s: Style) -> str:
    winners = " and ".join(names[seat] for seat in e.winners)
    verb = "wins" if len(e.winners) == 1 else "win"
    return (f"{s.heading('The game is over:')} {winners} {verb} with "
            f"{e.money[e.winners[0]]} million ({TIEBREAK_TEXT.get(e.tiebreak, e.tiebreak)}).")


_LINES: dict[type[GameEvent], Callable[[Any, Sequence[str], Style], str]] = {
    ev.GameStarted: lambda e, n, s: f"A game for {e.players} players begins.",
    ev.RoundStarted: _round_started,
    ev.TurnStarted: lambda e, n, s: (
        f"Turn {e.turn} of round {e.round}: new gemstone cards are dealt; the face-up "
        f"event card is {s.card(event_name(e.event_card))}."),
    ev.EventDeckShuffled: lambda e, n, s: f"The event deck is shuffled ({e.size} cards).",
    # Deliberately says only *that* the seat chose: the card stays secret until the reveal.
    ev.ActionChosen: lambda e, n, s: (
        f"{n[e.seat]} {'changes their' if e.changed else 'has chosen an'} action card."),
    ev.ActionsRevealed: lambda e, n, s: s.heading("Reveal:") + " " + ", ".join(
        f"{n[seat]} {s.action(a)}" for seat, a in e.choices.items()),
    ev.ActionLapsed: _lapsed,
    ev.NegotiationStarted: _negotiation,
    ev.OfferMade: _offer,
    ev.OfferAccepted: _accepted,
    ev.MoneyTaken: lambda e, n, s: f"{n[e.seat]} takes {e.amount} million.{s.money_mark}",
    ev.GemsTaken: _gems_taken,
    ev.EventCardTaken: _card_taken,
    ev.EventCardToBottom: _to_bottom,
    ev.InstantForgone: _forgone,
    ev.InstantCarriedOut: _instant,
    ev.FreeChoiceTaken: _free_choice,
    ev.RoundScored: _scored,
    ev.TurnEnded: lambda e, n, s: f"Turn {e.turn} of round {e.round} is over.",
    ev.GameEnded: _ended,
}


def narrate(event: GameEvent, names: Sequence[str], style: Style = PLAIN) -> str | None:
    """One line telling what happened in `event` (None for an event of another game)."""
    line = _LINES.get(type(event))
    return line(event, names, style) if line else None
