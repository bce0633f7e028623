"""Instant ("Sofort") cards, carried out one choice at a time or forgone (ESR-8)."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.games.esr.catalog import _
from engine.games.esr.events import InstantCarriedOut, InstantForgone
from engine.games.esr.gems import COLOURS, colour_index, colour_name
from engine.games.esr.scoring import half_scoring
from engine.games.esr.state import InstantStep
from engine.games.esr.table import Table

NEEDS_COLOUR = {"half_scoring", "trio"}


def fellows_with_gems(table: Table, seat: int) -> list[int]:
    """Fellow players who hold at least one gemstone, in seat order."""
    return [s for s in range(table.state.num_players) if s != seat and sum(table.gems(s))]


def can_carry_out(table: Table, step: InstantStep) -> bool:
    """Whether carrying out the card is possible at all (else only forgoing is)."""
    effect = table.event_card(step.card).effect
    if effect == "exchange":
        return sum(table.gems(step.seat)) > 0 and bool(fellows_with_gems(table, step.seat))
    return True


def use(table: Table, step: InstantStep, carry_out: bool) -> None:
    """Answer 'carry out or forgo'."""
    if not carry_out:
        table.emit(InstantForgone, seat=step.seat, card=step.card,
                                  reason="chose" if can_carry_out(table, step)
                                  else "impossible")
        _done(table, step, "forgone")
        return
    if not can_carry_out(table, step):
        raise IllegalAction(_("You cannot carry out this card: there are no gemstones to "
                              "exchange. You can only forgo it."))
    effect = table.event_card(step.card).effect
    if effect in NEEDS_COLOUR:
        step.stage = "colour"
    elif effect == "exchange":
        step.stage = "give"
    elif effect == "remove":
        step.remove_targets = fellows_with_gems(table, step.seat)
        step.stage = "remove"
        if not step.remove_targets:
            _finish(table, step)
            return
    else:
        _finish(table, step)
        return
    table.next_step()


def _no_colour(colour: int) -> str:
    # Translators: {colour} is a colour's name, e.g. "red"
    return _("That player has no {colour} gemstone.").format(colour=colour_name(colour))


def pick_colour(table: Table, step: InstantStep, colour: int) -> None:
    """A colour for the current stage: the scored/trio colour, own gem to give, or one to take."""
    if step.stage == "give":
        if not table.gems(step.seat)[colour]:
            # Translators: {colour} is a colour's name, e.g. "red"
            raise IllegalAction(_("You have no {colour} gemstone to give.").format(
                colour=colour_name(colour)))
        step.give, step.stage = colour, "target"
    elif step.stage == "take":
        target = step.target
        if not table.gems(target)[colour]:  # type: ignore[index]
            raise IllegalAction(_no_colour(colour))
        step.removals = [colour]
        _finish(table, step)
        return
    elif step.stage == "remove":
        target = step.remove_targets[len(step.removals)]
        if not table.gems(target)[colour]:
            raise IllegalAction(_no_colour(colour))
        step.removals.append(colour)
        if len(step.removals) == len(step.remove_targets):
            _finish(table, step)
            return
    elif step.stage == "colour":
        step.removals = [colour]
        _finish(table, step)
        return
    else:
        raise IllegalAction(_("This card does not need a colour now."))
    table.next_step()


def pick_player(table: Table, step: InstantStep, target: int) -> None:
    """The fellow player to exchange with."""
    if step.stage != "target":
        raise IllegalAction(_("This card does not need a fellow player now."))
    if target not in fellows_with_gems(table, step.seat):
        raise IllegalAction(_("Choose a fellow player who has gemstones."))
    step.target, step.stage = target, "take"
    table.next_step()


def _finish(table: Table, step: InstantStep) -> None:
    """Carry out the card's effect with the choices gathered, then discard it."""
    card = table.event_card(step.card)
    seat = step.seat
    before = [list(p.gems) for p in table.state.players]
    colour = step.removals[0] if step.removals else None
    scoring = None
    if card.effect == "one_plus_one":
        for name in card.colours:  # type: ignore[union-attr]
            c = colour_index(name)
            have = table.gems(seat)[c]
            if have < 4:
                table.move_gems(c, 4 - have, to_seat=seat)
            else:
                table.move_gems(c, have - 4, from_seat=seat)
    elif card.effect == "halve_all":
        for s in range(table.state.num_players):
            for c in range(4):
                table.move_gems(c, table.gems(s)[c] // 2, from_seat=s)
    elif card.effect == "trio":
        table.move_gems(colour, 3, to_seat=seat)  # type: ignore[arg-type]
    elif card.effect == "half_scoring":
        scoring = half_scoring(table, colour)  # type: ignore[arg-type]
    elif card.effect == "exchange":
        table.move_gems(step.give, 1, from_seat=seat, to_seat=step.target)  # type: ignore[arg-type]
        table.move_gems(colour, 1, from_seat=step.target, to_seat=seat)  # type: ignore[arg-type]
    elif card.effect == "remove":
        for target, c in zip(step.remove_targets, step.removals, strict=True):
            table.move_gems(c, 1, from_seat=target)
    changes = {
        s: [p.gems[c] - before[s][c] for c in range(4)]
        for s, p in enumerate(table.state.players)
        if p.gems != before[s]
    }
    table.emit(
        InstantCarriedOut,
        seat=seat, card=step.card, effect=card.effect,
        colour=COLOURS[colour] if colour is not None and card.effect in NEEDS_COLOUR else None,
        target=step.target, changes=changes, scoring=scoring,
    )
    _done(table, step, "used")


def _done(table: Table, step: InstantStep, reason: str) -> None:
    table.event_to_bottom(step.card, reason)
    table.state.step = None
    table.next_step()
