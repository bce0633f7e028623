"""One readable line per Emerald event, for any front end; every event is public (a gold
card's value is told only while it lies face up), so narrating never gives a secret away."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.game import GameEvent
from engine.games.emerald import events as ev
from engine.games.emerald.board import CODES
from engine.games.emerald.catalog import N_, _, ngettext
from engine.games.emerald.words import card_name, cave_name, colour_name, gem_name, space_name

TIEBREAK_TEXT = {
    "score": N_("most gold"),
    "treasures": N_("same gold, more dragon treasures"),
    "gems": N_("same gold and treasures, more gems"),
    "shared": N_("a complete tie: the win is shared"),
}


def tiebreak_text(tiebreak: str) -> str:
    """How EM-9 broke a tie for first place, in words (an unknown key as it is)."""
    return _(TIEBREAK_TEXT[tiebreak]) if tiebreak in TIEBREAK_TEXT else tiebreak


def and_list(names: Sequence[str]) -> str:
    """Names joined as 'Ada and Bo' ('Ada, Bo and Cy'), in the current language."""
    if len(names) < 2:
        return names[0] if names else ""
    # Translators: the last two of a list of names ("Ada and Bo")
    return _("{first} and {second}").format(first=", ".join(names[:-1]), second=names[-1])


def _space(code: str) -> str:
    return space_name(CODES[code])


def _moved(e: ev.KnightMoved, names: Sequence[str]) -> str:
    # Translators: {player} moves a knight {steps} steps from {origin} to {to} ("M3", "C2")
    return ngettext("{player} moves a knight {steps} step: {origin} → {to}.",
                    "{player} moves a knight {steps} steps: {origin} → {to}.", e.steps).format(
        player=names[e.seat], steps=e.steps, origin=_space(e.origin), to=_space(e.to))


def _taken(e: ev.CardTaken, names: Sequence[str]) -> str:
    if e.pile == "gold":
        return _("{player} takes a gold card beside {cave}.").format(
            player=names[e.seat], cave=cave_name(e.cave))
    # Translators: {gem} is a gem type ("ruby"); German and Danish: all four are masculine /
    # common gender
    return _("{player} takes the {gem} beside {cave}.").format(
        player=names[e.seat], gem=gem_name(e.gem or ""), cave=cave_name(e.cave))


def _turned_up(e: ev.CardTurnedUp, names: Sequence[str]) -> str:
    return ngettext("Turned up beside {cave}: {card} ({count} card in the pile).",
                    "Turned up beside {cave}: {card} ({count} cards in the pile).",
                    e.left).format(cave=cave_name(e.cave), card=card_name(e.card),
                                   count=e.left)


def _dragon(e: ev.DragonMoved, names: Sequence[str]) -> str:
    path = " → ".join(cave_name(c) for c in [e.start, *e.path])
    # Translators: {player} rolled {roll}; {path} is the caves the dragon passed ("C4 → C3")
    text = _("{player} rolls {roll}: the dragon moves {path}.").format(
        player=names[e.seat], roll=e.roll, path=path)
    if e.turned:
        text += " " + _("It turned at the end of the rail.")
    return text


def _victim(e: ev.VictimChosen, names: Sequence[str], two: bool) -> str:
    owner, cave = names[e.seat], cave_name(e.cave)
    if e.chosen_by is None and two:
        # Translators: {owner} is a player; {colour} a knight colour ("red")
        return _("The dragon catches {owner}'s {colour} knight on {cave}.").format(
            owner=owner, colour=colour_name(e.colour), cave=cave)
    if e.chosen_by is None:
        return _("The dragon catches {owner}'s knight on {cave}.").format(owner=owner, cave=cave)
    # The roller chose the victim among different knights (EM-7).
    if two:
        # Translators: {player} chose which knight the dragon catches
        return _("{player} chooses {owner}'s {colour} knight: the dragon catches it on "
                 "{cave}.").format(player=names[e.chosen_by], owner=owner,
                                   colour=colour_name(e.colour), cave=cave)
    return _("{player} chooses {owner}'s knight: the dragon catches it on {cave}.").format(
        player=names[e.chosen_by], owner=owner, cave=cave)


def _nest(e: ev.KnightToNest, names: Sequence[str]) -> str:
    if e.reason == "no_gold":
        return _("{player} has no gold card to bribe the dragon with: the knight goes to the "
                 "nest.").format(player=names[e.seat])
    return _("{player} does not bribe the dragon: the knight goes to the nest.").format(
        player=names[e.seat])


def _rail(e: ev.RailShifted, names: Sequence[str]) -> str:
    text = _("The rail moves on: it now lies beside {first}–{last}.").format(
        first=cave_name(e.first), last=cave_name(e.first + 3))
    if e.final:
        text += " " + _("It stays there for the rest of the game.")
    if e.dragon_left_behind:
        text += " " + _("The dragon is left behind the rail and now faces the chamber.")
    if e.dragon_turned:
        # Translators: EM-20: the shift made the dragon's cave the rail's end nearer the castle
        text += " " + _("The dragon now stands at the rail's end and turns to face the chamber.")
    return text


def _rules(e: ev.RulesUpdated, names: Sequence[str]) -> str | None:
    if not e.dragon_turned:
        return None  # nothing on the board changes
    # Translators: said once in a game stored before a rules correction, when the bot resumes it
    return _("Rules correction: a dragon at the end of its rail turns around at once, so the "
             "dragon now faces the chamber.")


def _treasure(e: ev.TreasureTaken, names: Sequence[str]) -> str:
    return ngettext("{player}'s knight reaches the chamber: a dragon treasure! {left} is left.",
                    "{player}'s knight reaches the chamber: a dragon treasure! {left} are left.",
                    e.left).format(player=names[e.seat], left=e.left)


def _ended(e: ev.GameEnded, names: Sequence[str]) -> str:
    if e.reason == "last_treasure":
        why = _("{player} took the last dragon treasure.").format(player=names[e.trigger])
    else:
        why = _("{player} has only one knight left in play.").format(player=names[e.trigger])
    winners = and_list([names[s] for s in e.winners])
    best = e.scores[e.winners[0]]["total"]
    # Translators: {winners} is one name or a list; {gold} their total
    won = ngettext("{winners} wins with {gold} gold.", "{winners} win with {gold} gold.",
                   len(e.winners)).format(winners=winners, gold=best)
    if e.tiebreak == "score":  # most gold: nothing to explain
        return f"{_('Game over.')} {why} {won}"
    how = tiebreak_text(e.tiebreak)
    return f"{_('Game over.')} {why} {won} {how[:1].upper()}{how[1:]}."


def _bonuses(e: ev.BonusesAwarded, names: Sequence[str]) -> str | None:
    won = [_("{gem}: {player}").format(gem=gem_name(gem), player=names[seat])
           for gem, seat in e.holders.items() if seat is not None]
    if not won:
        return _("No gem bonus is awarded: no type has a sole majority.")
    return _("Gem bonuses (4 gold each): {list}.").format(list=", ".join(won))


_LINES: dict[str, Callable[[Any, Sequence[str]], str | None]] = {
    "turn_started": lambda e, n: _("Turn {turn}: {player} moves.").format(turn=e.turn,
                                                                         player=n[e.seat]),
    "knight_moved": _moved,
    "card_taken": _taken,
    "card_turned_up": _turned_up,
    "bonus_taken": lambda e, n: _("{player} has four different gems: the bonus card, "
                                  "4 gold.").format(player=n[e.seat]),
    "dragon_moved": _dragon,
    "bribed": lambda e, n: _("{player} bribes the dragon with a gold card; the knight stays on "
                             "{cave}.").format(player=n[e.seat], cave=cave_name(e.cave)),
    "knight_to_nest": _nest,
    "rail_shifted": _rail,
    "rules_updated": _rules,
    "treasure_taken": _treasure,
    "bonuses_awarded": _bonuses,
    "game_ended": _ended,
}


def narrate(event: GameEvent, names: Sequence[str], two_colours: bool = False) -> str | None:
    """The event in words (None for events that need no line of their own)."""
    if isinstance(event, ev.VictimChosen):
        return _victim(event, names, two_colours)
    line = _LINES.get(event.type)
    return line(event, names) if line else None
