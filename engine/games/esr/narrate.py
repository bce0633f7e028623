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
from engine.games.esr.catalog import N_, _, ngettext
from engine.games.esr.gems import COLOURS, colour_count, colour_name, describe
from engine.games.esr.state import action_name

# How ESR-13 broke a tie for first place (msgids; tiebreak_text() translates them).
TIEBREAK_TEXT = {
    "money": N_("most money"),
    "gemstones": N_("same money, more gemstones"),
    "red": N_("same money and gemstones, more red"),
    "yellow": N_("tie broken by yellow gemstones"),
    "green": N_("tie broken by green gemstones"),
    "blue": N_("tie broken by blue gemstones"),
    "shared": N_("a complete tie: the win is shared"),
}


def tiebreak_text(tiebreak: str) -> str:
    """How ESR-13 broke a tie, in words, in the current language (an unknown key as it is)."""
    return _(TIEBREAK_TEXT[tiebreak]) if tiebreak in TIEBREAK_TEXT else tiebreak


def plain_delta(delta: Sequence[int]) -> str:
    """Signed gem changes in words, e.g. '+1 red, -2 blue'."""
    return ", ".join(colour_count(colour, n, f"{n:+d}") for colour, n in enumerate(delta) if n)


def and_list(names: Sequence[str]) -> str:
    """Names joined as 'Ada and Bo' ('Ada, Bo and Cy'), in the current language."""
    if len(names) < 2:
        return names[0] if names else ""
    # Translators: the last two of a list of names ("Ada and Bo"); {first} may itself be a
    # list joined by commas ("Ada, Bo" and "Cy")
    return _("{first} and {second}").format(first=", ".join(names[:-1]), second=names[-1])


@dataclass(frozen=True)
class Style:
    """How a front end marks up gemstones, action cards, event cards and headings."""

    gems: Callable[[Sequence[int]], str] = describe  # '2 red, 1 blue'
    delta: Callable[[Sequence[int]], str] = plain_delta
    # Brackets set the card apart in plain text: "Ada [Money], Bo [Event]" reads as a list.
    action: Callable[[str], str] = lambda action: f"[{action_name(action)}]"
    card: Callable[[str], str] = lambda name: f'"{name}"'
    heading: Callable[[str], str] = lambda text: text
    money_mark: str = ""
    colour: Callable[[str], str] = colour_name  # 'red', translated


PLAIN = Style()


def event_name(card_id: int) -> str:
    """An event card's name, in the current language (its msgid is the English name)."""
    return _(cards().event[card_id].name)


def _forgone(e: ev.InstantForgone, names: Sequence[str], s: Style) -> str:
    if e.reason == "impossible":
        # Translators: {card} is an event card's name
        text = _("{name} forgoes {card} (it cannot be carried out now: nothing to exchange).")
    else:
        # Translators: {card} is an event card's name
        text = _("{name} forgoes {card} (chose not to carry it out).")
    return text.format(name=names[e.seat], card=s.card(event_name(e.card)))


_LAPSED = {
    # Translators: {action} is an action card; {players} the names of those who chose it
    "three_or_more": N_("{action} was chosen by {players}: three or more, so it lapses."),
    "nobody_offered": N_("{action} lapses: neither negotiator offered anything."),
    # Translators: {action} is an action card; {players} is one player's name
    "no_gemstones": N_("{action} lapses: {players} has no gemstone to return."),
    "supply_empty": N_("{action} lapses: the supply is empty."),
}


def _lapsed(e: ev.ActionLapsed, names: Sequence[str], s: Style) -> str:
    who = and_list([names[seat] for seat in e.seats])
    return _(_LAPSED[e.reason]).format(action=s.action(e.action), players=who)


# Why the opener opens (ESR-3), one sentence each: fewer of a colour, or same gemstones and
# then money or the seat order decided.
_NEGOTIATION = {
    "red": N_("{first} and {second} both chose {action} and negotiate; {opener} opens "
              "(fewer red gemstones)."),
    "yellow": N_("{first} and {second} both chose {action} and negotiate; {opener} opens "
                 "(fewer yellow gemstones)."),
    "green": N_("{first} and {second} both chose {action} and negotiate; {opener} opens "
                "(fewer green gemstones)."),
    "blue": N_("{first} and {second} both chose {action} and negotiate; {opener} opens "
               "(fewer blue gemstones)."),
    "money": N_("{first} and {second} both chose {action} and negotiate; {opener} opens "
                "(same gemstones, decided by money)."),
    "seat": N_("{first} and {second} both chose {action} and negotiate; {opener} opens "
               "(same gemstones, decided by seat)."),
}


def _negotiation(e: ev.NegotiationStarted, names: Sequence[str], s: Style) -> str:
    a, b = (names[seat] for seat in e.seats)
    return _(_NEGOTIATION[e.decided_by]).format(first=a, second=b, action=s.action(e.action),
                                                opener=names[e.opener])


_OFFERS = {
    # Translators: {gems} is a list of gemstones such as "2 red, 1 blue"
    "opening": N_("{name} opens with {gems}."),
    # Translators: {gems} is a list of gemstones such as "2 red, 1 blue"
    "quantity": N_("{name} raises (more gemstones) to {gems}."),
    # Translators: {gems} is a list of gemstones such as "2 red, 1 blue"
    "value": N_("{name} raises (higher value) to {gems}."),
    # Translators: {gems} is one gemstone such as "1 red"
    "single": N_("{name} offers one gemstone: {gems}."),
}


def _offer(e: ev.OfferMade, names: Sequence[str], s: Style) -> str:
    who = names[e.seat]
    if e.how == "nothing":
        if e.forced:
            return _("{name} offers nothing (has no gemstones).").format(name=who)
        return _("{name} offers nothing.").format(name=who)
    return _(_OFFERS[e.how]).format(name=who, gems=s.gems(e.gems))


# {gems}: the gemstones accepted from {offerer}, who then carries out the action card {action}.
_ACCEPTED = {
    "": N_("{name} accepts {gems} from {offerer}; {offerer} carries out {action}."),
    "cannot_beat": N_("{name} accepts {gems} from {offerer} (cannot beat it); "
                      "{offerer} carries out {action}."),
    "opened_with_nothing": N_("{name} accepts {gems} from {offerer} (must accept: the opener "
                              "offered nothing); {offerer} carries out {action}."),
}


def _accepted(e: ev.OfferAccepted, names: Sequence[str], s: Style) -> str:
    return _(_ACCEPTED[e.forced]).format(name=names[e.seat], gems=s.gems(e.gems),
                                         offerer=names[e.from_seat], action=s.action(e.action))


def _gems_taken(e: ev.GemsTaken, names: Sequence[str], s: Style) -> str:
    if e.received == e.wanted:
        return _("{name} takes {gems}.").format(name=names[e.seat], gems=s.gems(e.received))
    # Translators: {wanted} is what the gemstone card shows, {gems} what was left to take
    return _("{name} takes {gems} (the supply ran short of {wanted}).").format(
        name=names[e.seat], gems=s.gems(e.received), wanted=s.gems(e.wanted))


def _card_taken(e: ev.EventCardTaken, names: Sequence[str], s: Style) -> str:
    if e.source == "face_up" and e.scoring:
        text = _("{name} takes the face-up {card} and lays it in front of them.")
    elif e.source == "face_up":
        text = _("{name} takes the face-up {card}.")
    elif e.scoring:
        text = _("{name} draws {card} and lays it in front of them.")
    else:
        text = _("{name} draws {card}.")
    return text.format(name=names[e.seat], card=s.card(event_name(e.card)))


# Keyed by (a colour was chosen, a fellow player was chosen, some gemstones changed). {card}:
# an Instant card; {colour}: the colour chosen for it; {partner}: the fellow player.
_INSTANT = {
    # Translators: {changes} is e.g. "Ada +1 red, -1 blue; Bo -1 red, +1 blue"
    (False, False, True): N_("{name} carries out {card}: {changes}."),
    (False, False, False): N_("{name} carries out {card}: nothing changes."),
    # Translators: {colour} is the colour chosen for the card; {changes} is e.g. "Ada +3 red"
    (True, False, True): N_("{name} carries out {card} ({colour}): {changes}."),
    (True, False, False): N_("{name} carries out {card} ({colour}): nothing changes."),
    # Translators: {partner} is the fellow player; {changes} is e.g.
    # "Ada +1 red, -1 blue; Bo -1 red, +1 blue"
    (False, True, True): N_("{name} carries out {card} with {partner}: {changes}."),
    (False, True, False): N_("{name} carries out {card} with {partner}: nothing changes."),
    (True, True, True): N_("{name} carries out {card} ({colour}) with {partner}: {changes}."),
    (True, True, False): N_("{name} carries out {card} ({colour}) with {partner}: "
                            "nothing changes."),
}


def _half_scored(e: ev.InstantCarriedOut, scored: ev.ColourScore, names: Sequence[str],
                 s: Style) -> str:
    """'ann carries out "Half scoring" and scores red at half proceeds: ann +7 million,
    returns 3 red.' (ESR-8): the money paid and the gemstones given back."""
    colour = COLOURS.index(scored.colour)
    paid = "; ".join(
        # Translators: one player paid at a Half scoring and what they give back, e.g.
        # "Ada +7 million, returns 3 red"
        ngettext("{player} +{amount} million, returns {gems}",
                 "{player} +{amount} million, returns {gems}", payment.total).format(
            player=names[payment.seat], amount=payment.total,
            gems=s.gems([scored.returned.get(payment.seat, 0) if c == colour else 0
                         for c in range(4)]))
        for payment in scored.payments)
    if paid:
        # Translators: {card} is the Half scoring card, {colour} the colour scored, {payments}
        # e.g. "Ada +7 million, returns 3 red"
        text = _("{name} carries out {card} and scores {colour} at half proceeds: {payments}.")
    else:
        text = _("{name} carries out {card} and scores {colour} at half proceeds: nobody holds "
                 "any, so nothing is paid.")
    return text.format(name=names[e.seat], card=s.card(event_name(e.card)),
                       colour=s.colour(scored.colour), payments=paid)


def _instant(e: ev.InstantCarriedOut, names: Sequence[str], s: Style) -> str:
    if e.scoring is not None:
        return _half_scored(e, e.scoring, names, s)
    changes = "; ".join(f"{names[seat]} {s.delta(d)}" for seat, d in e.changes.items())
    text = _(_INSTANT[(bool(e.colour), e.target is not None, bool(changes))])
    return text.format(name=names[e.seat], card=s.card(event_name(e.card)),
                       colour=s.colour(e.colour) if e.colour else "",
                       partner=names[e.target] if e.target is not None else "", changes=changes)


def _free_choice(e: ev.FreeChoiceTaken, names: Sequence[str], s: Style) -> str:
    # {action} is the Free Choice card; {returned}: a colour given back; {taken}: the gemstones
    # taken, counted ("2 green", not "green, green").
    if e.returned and e.taken:
        # Translators: {returned} is a colour given back to the supply, {taken} the gemstones
        # taken, e.g. "1 red, 1 blue"
        text = _("{name} uses {action}: returns {returned}, takes {taken}.")
    elif e.taken:
        # Translators: {taken} is the gemstones taken, e.g. "1 red"
        text = _("{name} uses {action}, takes {taken}.")
    elif e.returned:
        text = _("{name} uses {action}: returns {returned}.")
    else:
        text = _("{name} uses {action}: takes nothing.")
    return text.format(name=names[e.seat], action=s.action("free"),
                       returned=s.colour(e.returned) if e.returned else "",
                       taken=s.gems([e.taken.count(c) for c in COLOURS]))


def _round_started(e: ev.RoundStarted, names: Sequence[str], s: Style) -> str:
    heading = s.heading(_("Round {round} begins.").format(round=e.round))
    text = heading + " " + _("The gemstone cards are shuffled.")
    if e.top_up:
        # Translators: a player gives gemstones back to the supply, e.g. "Ada returns red, blue"
        given = "; ".join(_("{name} returns {colours}").format(
            name=names[seat], colours=", ".join(s.colour(x) for x in c))
            for seat, c in e.top_up.items())
        # Translators: {returns} lists who returns which colours, e.g. "Ada returns red; Bo ..."
        text += " " + _("The supply runs low: {returns}.").format(returns=given)
    return text


def _scored(e: ev.RoundScored, names: Sequence[str], s: Style) -> str:
    # Translators: a player's proceeds this round and their money now: "Ada +12 → 30 million"
    paid = "; ".join(ngettext("{name} +{amount} → {total} million",
                              "{name} +{amount} → {total} million", e.money_after[seat]).format(
        name=names[seat], amount=e.totals[seat], total=e.money_after[seat])
        for seat in sorted(e.totals))
    heading = s.heading(_("Round {round} is scored:").format(round=e.round))
    return f"{heading} {paid}."


_TO_BOTTOM = {
    "not_taken": N_("{card} was not taken and goes face up under the event deck."),
    "blind_draw": N_("{card} was passed over for a blind draw and goes face up under the "
                     "event deck."),
    "used": N_("{card} has been used and goes face up under the event deck."),
    "forgone": N_("{card} was forgone and goes face up under the event deck."),
    "scored": N_("{card} has been scored and goes face up under the event deck."),
}


def _to_bottom(e: ev.EventCardToBottom, names: Sequence[str], s: Style) -> str:
    return _(_TO_BOTTOM[e.reason]).format(card=s.card(event_name(e.card)))


def won_text(winners: Sequence[str], amount: int, tiebreak: str) -> str:
    """'Ada wins with 81 million (most money).': the winners, their money, how ESR-13 decided."""
    n = len(winners)
    if tiebreak == "money":
        text = ngettext("{winners} wins with {amount} million (most money).",
                        "{winners} win with {amount} million (most money).", n)
    elif tiebreak == "gemstones":
        text = ngettext("{winners} wins with {amount} million (same money, more gemstones).",
                        "{winners} win with {amount} million (same money, more gemstones).", n)
    elif tiebreak == "red":
        text = ngettext(
            "{winners} wins with {amount} million (same money and gemstones, more red).",
            "{winners} win with {amount} million (same money and gemstones, more red).", n)
    elif tiebreak == "yellow":
        text = ngettext(
            "{winners} wins with {amount} million (tie broken by yellow gemstones).",
            "{winners} win with {amount} million (tie broken by yellow gemstones).", n)
    elif tiebreak == "green":
        text = ngettext(
            "{winners} wins with {amount} million (tie broken by green gemstones).",
            "{winners} win with {amount} million (tie broken by green gemstones).", n)
    elif tiebreak == "blue":
        text = ngettext(
            "{winners} wins with {amount} million (tie broken by blue gemstones).",
            "{winners} win with {amount} million (tie broken by blue gemstones).", n)
    elif tiebreak == "shared":
        text = ngettext(
            "{winners} wins with {amount} million (a complete tie: the win is shared).",
            "{winners} win with {amount} million (a complete tie: the win is shared).", n)
    else:
        # Translators: {reason} is how a tie was broken, as the game reported it
        text = ngettext("{winners} wins with {amount} million ({reason}).",
                        "{winners} win with {amount} million ({reason}).", n)
    return text.format(winners=and_list(winners), amount=amount, reason=tiebreak)


def _ended(e: ev.GameEnded, names: Sequence[str], s: Style) -> str:
    won = won_text([names[seat] for seat in e.winners], e.money[e.winners[0]], e.tiebreak)
    return s.heading(_("The game is over:")) + " " + won


def _game_started(e: ev.GameStarted, names: Sequence[str], s: Style) -> str:
    return ngettext("A game for {count} player begins.", "A game for {count} players begins.",
                    e.players).format(count=e.players)


def _turn_started(e: ev.TurnStarted, names: Sequence[str], s: Style) -> str:
    # Translators: {card} is an event card's name
    return _("Turn {turn} of round {round}: new gemstone cards are dealt; the face-up event "
             "card is {card}.").format(turn=e.turn, round=e.round,
                                       card=s.card(event_name(e.event_card)))


def _deck_shuffled(e: ev.EventDeckShuffled, names: Sequence[str], s: Style) -> str:
    return ngettext("The event deck is shuffled ({count} card).",
                    "The event deck is shuffled ({count} cards).", e.size).format(count=e.size)


def _action_chosen(e: ev.ActionChosen, names: Sequence[str], s: Style) -> str:
    # Deliberately says only *that* the seat chose: the card stays secret until the reveal.
    if e.changed:
        return _("{name} changes their action card.").format(name=names[e.seat])
    return _("{name} has chosen an action card.").format(name=names[e.seat])


def _money_taken(e: ev.MoneyTaken, names: Sequence[str], s: Style) -> str:
    return ngettext("{name} takes {amount} million.", "{name} takes {amount} million.",
                    e.amount).format(name=names[e.seat], amount=e.amount) + s.money_mark


_LINES: dict[type[GameEvent], Callable[[Any, Sequence[str], Style], str]] = {
    ev.GameStarted: _game_started,
    ev.RoundStarted: _round_started,
    ev.TurnStarted: _turn_started,
    ev.EventDeckShuffled: _deck_shuffled,
    ev.ActionChosen: _action_chosen,
    ev.ActionsRevealed: lambda e, n, s: s.heading(_("Reveal:")) + " " + ", ".join(
        f"{n[seat]} {s.action(a)}" for seat, a in e.choices.items()),
    ev.ActionLapsed: _lapsed,
    ev.NegotiationStarted: _negotiation,
    ev.OfferMade: _offer,
    ev.OfferAccepted: _accepted,
    ev.MoneyTaken: _money_taken,
    ev.GemsTaken: _gems_taken,
    ev.EventCardTaken: _card_taken,
    ev.EventCardToBottom: _to_bottom,
    ev.InstantForgone: _forgone,
    ev.InstantCarriedOut: _instant,
    ev.FreeChoiceTaken: _free_choice,
    ev.RoundScored: _scored,
    ev.TurnEnded: lambda e, n, s: _("Turn {turn} of round {round} is over.").format(
        turn=e.turn, round=e.round),
    ev.GameEnded: _ended,
}


def narrate(event: GameEvent, names: Sequence[str], style: Style = PLAIN) -> str | None:
    """One line telling what happened in `event` (None for an event of another game)."""
    line = _LINES.get(type(event))
    return line(event, names, style) if line else None
