"""Trading: who carries out an action two players chose (rulebook: Trading, ESR-3 to ESR-5)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.errors import IllegalAction, NotYourTurn
from engine.games.esr.carry import carry_out
from engine.games.esr.catalog import _, ngettext
from engine.games.esr.events import ActionLapsed, NegotiationStarted, OfferAccepted, OfferMade
from engine.games.esr.gems import beats, can_beat, colour_name, describe, raise_kind
from engine.games.esr.state import NegotiationStep
from engine.games.esr.table import Table


def start(table: Table, action: str, seats: list[int]) -> None:
    """Open a negotiation; the opener is chosen by ESR-3."""
    order, decided_by = table.turn_order(seats)
    table.state.step = NegotiationStep(action=action, seats=order, opener=order[0],  # type: ignore[arg-type]
                                       to_move=order[0])
    table.next_step()
    table.emit(NegotiationStarted, action=action, seats=order, opener=order[0],  # type: ignore[arg-type]
               decided_by=decided_by, round=table.state.round, turn=table.state.turn)
    auto_move(table)


def other(step: NegotiationStep, seat: int) -> int:
    """The negotiation partner of `seat`."""
    return step.seats[1] if step.seats[0] == seat else step.seats[0]


def must_answer_single(step: NegotiationStep) -> bool:
    """ESR-5: after the opener offered nothing, the other may offer one gemstone or nothing."""
    return step.opened_with_nothing and step.offer is None


def check_offer(table: Table, step: NegotiationStep, seat: int, gems: Sequence[int]) -> None:
    """Raise IllegalAction unless `seat` may offer `gems` now."""
    if len(gems) != 4 or any(n < 0 for n in gems):
        raise IllegalAction(
            _("An offer names how many red, yellow, green and blue gemstones you give.")
        )
    own = table.gems(seat)
    for colour, n in enumerate(gems):
        if n > own[colour]:
            # Translators: {colour} is a colour's name, e.g. "red" (the English singular keeps
            # "gemstones" as the game has always written it)
            raise IllegalAction(ngettext("You have only {count} {colour} gemstones.",
                                         "You have only {count} {colour} gemstones.",
                                         own[colour]).format(count=own[colour],
                                                             colour=colour_name(colour)))
    total = sum(gems)
    if must_answer_single(step):
        if total > 1:
            raise IllegalAction(_("Your partner offered nothing: you may offer exactly one "
                                  "gemstone (or nothing, and the action lapses)."))
        return
    if step.offer is None:
        return
    if total == 0:
        raise IllegalAction(_("Only the player who opens may offer nothing."))
    if not beats(gems, step.offer):
        # Translators: {offer} and {current} are gemstones, e.g. "2 red, 1 blue"
        raise IllegalAction(
            _("Your offer ({offer}) does not beat {current}: offer more gemstones, or as many "
              "with more red (then yellow, green, blue).").format(offer=describe(gems),
                                                                 current=describe(step.offer))
        )


def offer(table: Table, seat: int, gems: list[int]) -> None:
    """Make an offer (or offer nothing where ESR-5 allows it)."""
    step = _step_for(table, seat)
    check_offer(table, step, seat, gems)
    partner = other(step, seat)
    total = sum(gems)
    if must_answer_single(step):
        if total == 0:
            table.emit(OfferMade, action=step.action, seat=seat, gems=gems, how="nothing")
            table.emit(ActionLapsed, action=step.action, seats=step.seats, reason="nobody_offered")
            table.state.step = None
            table.next_step()
            return
        table.emit(OfferMade, action=step.action, seat=seat, gems=gems, how="single")
        _accept(table, step, partner, seat, gems, forced="opened_with_nothing")
        return
    if step.offer is None and total == 0:
        step.opened_with_nothing = True
        how = "nothing"
    else:
        how = "opening" if step.offer is None else raise_kind(gems, step.offer)
        step.offer, step.offerer = list(gems), seat
    step.offers_made += 1
    step.to_move = partner
    table.next_step()
    table.emit(OfferMade, action=step.action, seat=seat, gems=gems, how=how)  # type: ignore[arg-type]
    auto_move(table)


def accept(table: Table, seat: int) -> None:
    """Accept the partner's offer: take their gemstones, they carry out the action."""
    step = _step_for(table, seat)
    if step.offer is None or step.offerer is None:
        raise IllegalAction(_("There is no offer to accept yet."))
    _accept(table, step, seat, step.offerer, step.offer, forced="")


def auto_move(table: Table) -> None:
    """Play moves that have no alternative: nothing to offer, or an offer that cannot be beaten."""
    step = table.state.step
    if not isinstance(step, NegotiationStep):
        return
    seat = step.to_move
    own = table.gems(seat)
    if step.offer is not None and not can_beat(own, step.offer):
        _accept(table, step, seat, step.offerer, step.offer, forced="cannot_beat")  # type: ignore[arg-type]
    elif step.offer is None and sum(own) == 0:
        # An empty-handed player can only offer nothing (ESR-5).
        nothing = [0, 0, 0, 0]
        if must_answer_single(step):
            table.emit(OfferMade, action=step.action, seat=seat, gems=nothing, how="nothing",
                                 forced=True)
            table.emit(ActionLapsed, action=step.action, seats=step.seats, reason="nobody_offered")
            table.state.step = None
            table.next_step()
        else:
            step.opened_with_nothing, step.to_move = True, other(step, seat)
            table.next_step()
            table.emit(OfferMade, action=step.action, seat=seat, gems=nothing, how="nothing",
                                 forced=True)
            auto_move(table)


def _accept(table: Table, step: NegotiationStep, acceptor: int, offerer: int,
            gems: list[int], forced: str) -> None:
    for colour, n in enumerate(gems):
        table.move_gems(colour, n, from_seat=offerer, to_seat=acceptor)
    table.emit(OfferAccepted, action=step.action, seat=acceptor, from_seat=offerer, gems=list(gems),
                             forced=forced)  # type: ignore[arg-type]
    table.state.step = None
    table.next_step()
    carry_out(table, step.action, offerer)


def check_turn(step: NegotiationStep, seat: int) -> None:
    """Raise NotYourTurn unless `seat` is the negotiator who must answer now."""
    if seat not in step.seats:
        raise NotYourTurn(_("You are not part of this negotiation."))
    if step.to_move != seat:
        raise NotYourTurn(_("It is your partner's turn to answer."))


def _step_for(table: Table, seat: int) -> NegotiationStep:
    step = table.state.step
    if not isinstance(step, NegotiationStep):
        raise NotYourTurn(_("There is no negotiation now."))
    check_turn(step, seat)
    return step
