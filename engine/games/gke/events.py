"""Große kleine Edelsteine's events: what everyone at the table sees happen. A pool gem's size
and symbol appear only once it is turned over at scoring; a bonus card's stars never (they are
its taker's until the end, GKE-6)."""

from __future__ import annotations

from typing import Literal

from engine.core.game import GameEvent


class RoundStarted(GameEvent):
    """Three cards turned up (by back colour index) and the pool labelled afresh (GKE-9)."""

    type: Literal["round_started"] = "round_started"
    round: int
    rounds: int
    cards: list[int]  # card ids, pink, blue, green
    pool: dict[str, int]  # label → kind: a gem's shape shows, its size only to the eye


class GemPicked(GameEvent):
    """A player took a gem for a card (from the pool, or moved from another of their cards)."""

    type: Literal["gem_picked"] = "gem_picked"
    seat: int
    card: int
    label: str
    moved_from: int | None = None  # the card it was held for before (GKE-12)
    put_back: str | None = None  # the gem this card held before, back in the pool


class GemReleased(GameEvent):
    """A player put a gem back in the pool."""

    type: Literal["gem_released"] = "gem_released"
    seat: int
    card: int
    label: str


class RoundClosed(GameEvent):
    """No pick changes any more: everyone holds their last one, or the time is up (GKE-10)."""

    type: Literal["round_closed"] = "round_closed"
    round: int
    reason: Literal["all_picked", "time_up"]


class Reveal(GameEvent):
    """One player's gem for a card, turned over."""

    type: Literal["reveal"] = "reveal"
    seat: int
    label: str
    gem: int
    size: int
    symbol: int
    result: Literal["card", "piece", "none"]


class CardScored(GameEvent):
    """A card scored (GKE-6): every gem picked for it turned over, in seat order (GKE-11)."""

    type: Literal["card_scored"] = "card_scored"
    card: int
    back: int
    reveals: list[Reveal]
    winner: int | None  # None: nobody found it, the card leaves the game


class MagnifierCompleted(GameEvent):
    """A third piece: the three go back and the player takes the top bonus card unseen."""

    type: Literal["magnifier_completed"] = "magnifier_completed"
    seat: int
    bonus_left: int


class GameEnded(GameEvent):
    """The last round is scored: stars, +1 for exactly two pieces; ties share (GKE-6)."""

    type: Literal["game_ended"] = "game_ended"
    scores: list[dict[str, int]]
    winners: list[int]
