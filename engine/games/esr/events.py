"""Domain events of ESR: complete enough to narrate a game and print its scoring table."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core.game import GameEvent
from engine.games.esr.gems import Gems
from engine.games.esr.state import ActionCard


class GameStarted(GameEvent):
    type: Literal["game_started"] = "game_started"
    players: int


class RoundStarted(GameEvent):
    type: Literal["round_started"] = "round_started"
    round: int
    laid_aside_visible: list[int]
    laid_aside_hidden: int
    top_up: dict[int, list[str]] = Field(
        default_factory=dict, description="ESR-12: colours each seat returned to the supply."
    )


class TurnStarted(GameEvent):
    type: Literal["turn_started"] = "turn_started"
    round: int
    turn: int
    gem_cards: dict[int, int]
    event_card: int


class EventDeckShuffled(GameEvent):
    type: Literal["event_deck_shuffled"] = "event_deck_shuffled"
    size: int


class ActionChosen(GameEvent):
    """A player has chosen (or changed) their secret action; never says which."""

    type: Literal["action_chosen"] = "action_chosen"
    seat: int
    changed: bool


class ActionsRevealed(GameEvent):
    type: Literal["actions_revealed"] = "actions_revealed"
    choices: dict[int, ActionCard]


class ActionLapsed(GameEvent):
    type: Literal["action_lapsed"] = "action_lapsed"
    action: ActionCard
    seats: list[int]
    reason: Literal["three_or_more", "nobody_offered", "no_gemstones", "supply_empty"]


class NegotiationStarted(GameEvent):
    type: Literal["negotiation_started"] = "negotiation_started"
    action: ActionCard
    seats: list[int]
    opener: int
    decided_by: str = Field(
        description="ESR-3: the colour, 'money' or 'seat' that picked the opener"
    )
    round: int = Field(default=0, description="the round it happens in (0: not recorded)")
    turn: int = Field(default=0, description="the turn it happens in (0: not recorded)")


class OfferMade(GameEvent):
    type: Literal["offer_made"] = "offer_made"
    action: ActionCard
    seat: int
    gems: Gems
    how: Literal["opening", "quantity", "value", "nothing", "single"]
    forced: bool = False


class OfferAccepted(GameEvent):
    type: Literal["offer_accepted"] = "offer_accepted"
    action: ActionCard
    seat: int
    from_seat: int
    gems: Gems
    forced: Literal["", "cannot_beat", "opened_with_nothing"] = ""


class MoneyTaken(GameEvent):
    type: Literal["money_taken"] = "money_taken"
    seat: int
    amount: int


class GemsTaken(GameEvent):
    type: Literal["gems_taken"] = "gems_taken"
    seat: int
    wanted: Gems
    received: Gems


class EventCardTaken(GameEvent):
    type: Literal["event_card_taken"] = "event_card_taken"
    seat: int
    card: int
    source: Literal["face_up", "blind"]
    scoring: bool


class EventCardToBottom(GameEvent):
    type: Literal["event_card_to_bottom"] = "event_card_to_bottom"
    card: int
    reason: Literal["not_taken", "blind_draw", "used", "forgone", "scored"]


class InstantForgone(GameEvent):
    type: Literal["instant_forgone"] = "instant_forgone"
    seat: int
    card: int
    # Why: the taker chose to, or the card could not be carried out (nothing to exchange).
    reason: Literal["chose", "impossible"] = "chose"


class InstantCarriedOut(GameEvent):
    """An Instant card's effect; `changes` gives every seat's gemstone change."""

    type: Literal["instant_carried_out"] = "instant_carried_out"
    seat: int
    card: int
    effect: str
    colour: str | None = None
    target: int | None = None
    changes: dict[int, Gems]
    scoring: ColourScore | None = None


class FreeChoiceTaken(GameEvent):
    type: Literal["free_choice_taken"] = "free_choice_taken"
    seat: int
    returned: str | None
    taken: list[str]


class Payment(BaseModel):
    """What one seat got for one colour."""

    seat: int
    share: int = 0
    colour_bonus: int = 0
    majority_bonus: int = 0
    per_gem: int = 0

    @property
    def total(self) -> int:
        """All money paid to the seat for this colour."""
        return self.share + self.colour_bonus + self.majority_bonus + self.per_gem


class ColourScore(BaseModel):
    """One row of the scoring table."""

    colour: str
    base: int
    counts: dict[int, int]
    majority: list[int]
    payments: list[Payment]
    returned: dict[int, int]
    cards_used: dict[int, list[int]] = Field(default_factory=dict)


class CertificateScore(BaseModel):
    counts: dict[int, int]
    most: list[int]
    second: list[int]
    paid: dict[int, int]


class RoundScored(GameEvent):
    type: Literal["round_scored"] = "round_scored"
    round: int
    colours: list[ColourScore]
    certificates: CertificateScore
    totals: dict[int, int]
    money_after: dict[int, int]
    cards_returned: dict[int, list[int]]


class TurnEnded(GameEvent):
    type: Literal["turn_ended"] = "turn_ended"
    round: int
    turn: int


class GameEnded(GameEvent):
    type: Literal["game_ended"] = "game_ended"
    winners: list[int]
    tiebreak: str
    ranking: list[int]
    money: dict[int, int]


InstantCarriedOut.model_rebuild()
