"""Emerald's events: everything public that happens, so a story, a terminal or a replay can
tell the game and check it against the rulebook. A gold card's value appears only while it lies
face up (EM-12): taking it, holding it and paying it to the dragon never name it."""

from __future__ import annotations

from typing import Literal

from engine.core.game import GameEvent

Pile = Literal["gold", "gem"]


class GameStarted(GameEvent):
    """The board is set up: who plays which colours, and every pile's face-up card."""

    type: Literal["game_started"] = "game_started"
    players: int
    colours: list[int]  # colour index → seat
    knights: int  # per colour
    starting_spaces: list[str]
    face_up: list[list[str]]  # per cave: [gold top, gem top] as "gold:3", "gem:ruby" or ""


class TurnStarted(GameEvent):
    """A player's turn begins."""

    type: Literal["turn_started"] = "turn_started"
    seat: int
    turn: int


class KnightMoved(GameEvent):
    """A knight moved `steps` steps (as many as stood on its origin) from one space to another."""

    type: Literal["knight_moved"] = "knight_moved"
    seat: int
    colour: int
    origin: str
    to: str
    steps: int
    second: bool = False


class CardTaken(GameEvent):
    """A knight's owner took the face-up card of a pile beside its cave."""

    type: Literal["card_taken"] = "card_taken"
    seat: int
    cave: int
    pile: Pile
    gem: str | None = None  # the gem type; a gold card's value is never told
    forced: bool = False  # EM-19: the only pile with cards


class CardTurnedUp(GameEvent):
    """The card beneath a taken one is turned face up: what it is, for everyone."""

    type: Literal["card_turned_up"] = "card_turned_up"
    cave: int
    pile: Pile
    card: str  # "gold:3" or "gem:ruby"
    left: int  # cards in the pile now, the face-up one included


class BonusTaken(GameEvent):
    """The first player with four different gems takes the "4 different gems" card (EM-17)."""

    type: Literal["bonus_taken"] = "bonus_taken"
    seat: int


class DragonMoved(GameEvent):
    """The die was rolled and the dragon moved; `path` is every cave it stepped onto."""

    type: Literal["dragon_moved"] = "dragon_moved"
    seat: int  # who rolled
    roll: int
    start: int
    path: list[int]
    heading: Literal["exit", "chamber"]  # where its head points after the move
    turned: bool


class VictimChosen(GameEvent):
    """The dragon caught this knight (chosen by the roller, or the only one there)."""

    type: Literal["victim_chosen"] = "victim_chosen"
    seat: int  # the victim's owner
    colour: int
    cave: int
    chosen_by: int | None  # the roller, when there was a choice
    moved: bool  # the knight that just moved (EM-18)


class Bribed(GameEvent):
    """The victim's owner paid a gold card (value untold) and the knight stays."""

    type: Literal["bribed"] = "bribed"
    seat: int
    colour: int
    cave: int


class KnightToNest(GameEvent):
    """The caught knight goes to the nest, out of the game."""

    type: Literal["knight_to_nest"] = "knight_to_nest"
    seat: int
    colour: int
    cave: int
    reason: Literal["declined", "no_gold"]


class RailShifted(GameEvent):
    """The rail moved one cave toward the chamber (first: the cave at its exit end)."""

    type: Literal["rail_shifted"] = "rail_shifted"
    first: int
    final: bool  # it lies beside C6–C9 for the rest of the game
    dragon_left_behind: bool
    # EM-20: the shift left it on the exit end it headed for, so it now faces the chamber.
    dragon_turned: bool = False


class RulesUpdated(GameEvent):
    """A game set up under an older revision of the rules follows today's from here on; the
    dragon turned where today's rule (EM-20) would have turned it already."""

    type: Literal["rules_updated"] = "rules_updated"
    revision: int
    dragon_turned: bool


class TreasureTaken(GameEvent):
    """A knight entered the chamber and its owner took a dragon treasure."""

    type: Literal["treasure_taken"] = "treasure_taken"
    seat: int
    colour: int
    left: int


class TurnEnded(GameEvent):
    """The turn is over (after a card, the chamber, two moves, or by choice)."""

    type: Literal["turn_ended"] = "turn_ended"
    seat: int
    reason: Literal["card", "chamber", "two_moves", "chosen", "no_second_move"]


class BonusesAwarded(GameEvent):
    """At the end: each gem type's bonus to its sole majority (None: tied, not awarded)."""

    type: Literal["bonuses_awarded"] = "bonuses_awarded"
    holders: dict[str, int | None]


class GameEnded(GameEvent):
    """The game is over: why, and each seat's final scoring line."""

    type: Literal["game_ended"] = "game_ended"
    reason: Literal["last_treasure", "one_knight"]
    trigger: int  # the seat whose treasure or lost knight ended it
    scores: list[dict[str, int]]  # per seat: gold, treasures, gems, bonuses, total
    places: list[int]  # per seat, by EM-9's tiebreaks (equal places shared)
    winners: list[int]
    tiebreak: str
