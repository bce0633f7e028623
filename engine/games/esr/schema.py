"""The ESR state's JSON form: pydantic models, used only at the edge (loading a stored state
validates it; writing one gives the same JSON as ever). Inside the engine the state is the plain
slotted classes of state.py."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from engine.core.game import Results
from engine.core.rng import Rng
from engine.games.esr.gems import Gems

ActionCard = Literal["money", "event", "gems", "free"]


class EsrSettings(BaseModel):
    """ESR has no rule options; the schema exists so every game kind has one."""

    model_config = {"extra": "forbid"}


class EventSlotModel(BaseModel):
    """A card in the event deck; used cards go to the bottom face up (ESR-7)."""

    # Frozen so a state copy can share slots; a face-down slot replaces a face-up one.
    model_config = {"frozen": True}
    card: int
    face_up: bool = False


class PlayerModel(BaseModel):
    """One seat: public gemstones, money and scoring cards; the secret action choice."""

    gems: Gems
    money: int = 0
    scoring_cards: list[int] = Field(default_factory=list)
    gem_card: int | None = None
    choice: ActionCard | None = None


class NegotiationModel(BaseModel):
    """Two players haggle over who carries out `action` (rulebook: Trading)."""

    kind: Literal["negotiation"] = "negotiation"
    action: ActionCard
    seats: list[int]
    opener: int
    to_move: int
    offer: Gems | None = None
    offerer: int | None = None
    opened_with_nothing: bool = False
    offers_made: int = 0


class EventSourceModel(BaseModel):
    """The Event player picks the face-up card or a blind draw."""

    kind: Literal["event_source"] = "event_source"
    seat: int


class InstantModel(BaseModel):
    """An Instant card being carried out, one choice at a time."""

    kind: Literal["instant"] = "instant"
    seat: int
    card: int
    stage: Literal["use", "colour", "give", "target", "take", "remove"] = "use"
    give: int | None = None
    target: int | None = None
    remove_targets: list[int] = Field(default_factory=list)
    removals: list[int] = Field(default_factory=list)


class FreeChoiceModel(BaseModel):
    """Free Choice (ESR-11): alone (return one, take two) or shared (one each, ESR-3 order)."""

    kind: Literal["free_choice"] = "free_choice"
    seats: list[int]
    alone: bool
    stage: Literal["give", "take"] = "take"
    returned: int | None = None
    taken: list[int] = Field(default_factory=list)


Step = Annotated[
    NegotiationModel | EventSourceModel | InstantModel | FreeChoiceModel,
    Field(discriminator="kind")
]


class EsrStateModel(BaseModel):
    """Everything about one game of Edel, Stein & Reich, secrets included."""

    num_players: int
    settings: dict[str, Any] = Field(default_factory=dict)
    rng: Rng  # reads and writes as {"state": n}
    round: int = 0
    turn: int = 0
    phase: Literal["choose", "resolve", "over"] = "choose"
    players: list[PlayerModel]
    supply: Gems
    gem_deck: list[int] = Field(default_factory=list)
    gem_discard: list[int] = Field(default_factory=list)
    laid_aside: list[int] = Field(default_factory=list)
    event_deck: list[EventSlotModel] = Field(default_factory=list)
    face_up_event: int | None = None
    queue: list[ActionCard] = Field(default_factory=list)
    step: Step | None = None
    step_no: int = 0
    results: Results | None = None
