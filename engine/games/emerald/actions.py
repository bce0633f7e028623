"""Emerald's actions as a player sends them, checked and carried out; every refusal says what
is wrong in words the player understands and changes nothing (the caller works on a copy)."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import CLOCK, Action
from engine.games.emerald import decisions, rules
from engine.games.emerald.board import CHAMBER, CODES, NEST
from engine.games.emerald.catalog import _
from engine.games.emerald.state import EmeraldState
from engine.games.emerald.words import colour_name, space_name


def dispatch(table: rules.Table, player: int, action: Action) -> None:
    """Carry out `action` of `player`, or raise IllegalAction (NotYourTurn) saying why not."""
    state = table.state
    if player == CLOCK and not isinstance(player, bool):
        _rules(table, action)
        return
    if isinstance(player, bool) or not isinstance(player, int) \
            or not 0 <= player < state.num_players:
        raise NotYourTurn(_("You have no seat in this game."))
    if state.phase == "over":
        raise IllegalAction(_("The game is over."))
    if decisions.decide_seat(state) != player:
        if state.phase == "bribe":
            raise NotYourTurn(_("The owner of the caught knight decides on the bribe now."))
        raise NotYourTurn(_("It is not your turn."))
    kind = action.get("type") if isinstance(action, dict) else None
    if state.phase == "move":
        if kind == "end_turn":
            if not state.moves:
                raise IllegalAction(_("Move at least one knight before you end your turn."))
            rules.end_turn(table, "chosen")
        elif kind == "move":
            colour, origin = _knight(state, player, action)
            rules.move(table, colour, origin)
        else:
            raise IllegalAction(_("Move a knight, or end your turn."))
    elif state.phase == "card":
        pile = action.get("pile") if kind == "take" else None
        if pile not in ("gold", "gem"):
            raise IllegalAction(_("Take the gold card or the gem card beside your knight."))
        rules.take(table, pile)  # both piles have cards, or the engine took it (EM-19)
    elif state.phase == "victim":
        _victim(table, action if kind == "victim" else None)
    else:
        _bribe(table, action if kind == "bribe" else None)


def _rules(table: rules.Table, action: Action) -> None:
    """The game's own step onto a newer rules revision (GameKind.upgrade); nobody else's."""
    state = table.state
    revision = action.get("revision") if isinstance(action, dict) \
        and action.get("type") == "rules" else None
    if state.phase == "over" or isinstance(revision, bool) or not isinstance(revision, int) \
            or not state.rules < revision <= rules.REVISION:
        raise NotYourTurn(_("You have no seat in this game."))
    rules.upgrade(table, revision)


def _knight(state: EmeraldState, seat: int, action: dict[str, Any]) -> tuple[int, int]:
    """The (colour, space) a move names, or IllegalAction saying why it cannot move."""
    code = action.get("space")
    origin = CODES.get(code) if isinstance(code, str) else None
    if origin is None:
        raise IllegalAction(_("Name the space your knight stands on."))
    if origin in (CHAMBER, NEST):
        raise IllegalAction(_("Knights in the chamber or the nest are out of the game."))
    colour = action.get("colour")
    own = list(state.colours_of(seat))
    if colour is None:
        here = [c for c in own if state.at[c][origin]]
        colour = here[0] if len(here) == 1 else None
        if len(here) > 1:
            raise IllegalAction(_("You have knights of both colours there: say which."))
    if colour is not None and (isinstance(colour, bool) or colour not in own):
        raise IllegalAction(_("That is not one of your colours."))
    if colour is None or not state.at[colour][origin]:
        raise IllegalAction(_("You have no knight on {space}.").format(
            space=space_name(origin)))
    if not rules.may_move(state, colour, origin):
        if state.num_players == 2 and state.moved and state.moved[0] != colour:
            raise IllegalAction(_("With two players you move knights of one colour per turn: "
                                  "this turn, {colour}.").format(
                                      colour=colour_name(state.moved[0])))
        raise IllegalAction(_("That knight has already moved this turn; move another one."))
    return colour, origin


def _victim(table: rules.Table, action: dict[str, Any] | None) -> None:
    state = table.state
    choice = None if action is None else (action.get("colour"), action.get("moved"))
    pairs = [(state.victims[i], bool(state.victims[i + 1]))
             for i in range(0, len(state.victims), 2)]
    if choice is None or isinstance(choice[0], bool) or choice not in pairs:
        raise IllegalAction(_("Choose one of the knights on the dragon's cave."))
    rules.catch(table, choice[0], bool(choice[1]), chosen_by=state.seat)


def _bribe(table: rules.Table, action: dict[str, Any] | None) -> None:
    state = table.state
    if action is None or "card" not in action:
        raise IllegalAction(_("Pay a gold card, or let the knight go to the nest."))
    value = action["card"]
    if value is None:
        rules.to_nest(table, "declined")
        return
    hand = state.hands[state.owner(state.victim[0])]
    if isinstance(value, bool) or not isinstance(value, int) or value not in hand:
        raise IllegalAction(_("You hold no gold card of that value."))
    rules.bribe(table, value)
