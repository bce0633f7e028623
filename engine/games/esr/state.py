"""The complete ESR game state as plain slotted classes: cheap to copy and to change.

Nothing here validates: the rules build every value themselves. The JSON edge is schema.py: a
stored state is validated there when it is loaded (`from_json`), and `to_json` writes the same
JSON, byte for byte, as the pydantic models always have.
"""

from __future__ import annotations

import copy
from typing import Any, Literal, NamedTuple

from engine.core.game import Results
from engine.core.rng import Rng
from engine.games.esr.catalog import N_, _
from engine.games.esr.gems import Gems

ActionCard = Literal["money", "event", "gems", "free"]
ACTION_ORDER: tuple[ActionCard, ...] = ("money", "event", "gems", "free")
# The action cards' names (msgids; action_name() translates them where they are shown).
ACTION_NAMES = {"money": N_("Money"), "event": N_("Event"), "gems": N_("Gemstones"),
                "free": N_("Free Choice")}

ROUNDS = 3
TURNS_PER_ROUND = {3: 8, 4: 7, 5: 6}  # ESR-1
LAID_ASIDE = {3: 6, 4: 2, 5: 0}  # ESR-1
VISIBLE_LAID_ASIDE = {3: 6, 4: 1, 5: 0}  # ESR-1: with 4 players only the top one is visible
# The action cards every player holds (Free Choice only with 5 players).
HANDS = {players: ACTION_ORDER if players == 5 else ACTION_ORDER[:3] for players in (3, 4, 5)}


def action_name(card: str) -> str:
    """An action card's name ('Money', 'Free Choice'), in the current language."""
    return _(ACTION_NAMES[card])


class EventSlot(NamedTuple):
    """A card in the event deck; used cards go to the bottom face up (ESR-7). Immutable, so a
    copied deck shares its slots."""

    card: int
    face_up: bool = False


class PlayerState:
    """One seat: public gemstones, money and scoring cards; the secret action choice."""

    __slots__ = ("choice", "gem_card", "gems", "money", "scoring_cards")

    def __init__(self, gems: Gems, money: int = 0, scoring_cards: list[int] | None = None,
                 gem_card: int | None = None, choice: ActionCard | None = None) -> None:
        self.gems = gems
        self.money = money
        self.scoring_cards = scoring_cards if scoring_cards is not None else []
        self.gem_card = gem_card
        self.choice = choice

    def clone(self) -> PlayerState:
        """A copy that shares nothing that changes."""
        return PlayerState(self.gems[:], self.money, self.scoring_cards[:], self.gem_card,
                           self.choice)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form's fields, in its order."""
        return {"gems": self.gems, "money": self.money, "scoring_cards": self.scoring_cards,
                "gem_card": self.gem_card, "choice": self.choice}


class _Step:
    """A step of the turn that waits for one or two players; `FIELDS` lists its JSON fields."""

    __slots__ = ()
    kind: str
    FIELDS: tuple[str, ...] = ()
    LISTS: tuple[str, ...] = ()  # fields holding a list, copied by clone

    def clone(self) -> Any:
        """A copy that shares nothing that changes."""
        twin = object.__new__(type(self))
        for name in self.FIELDS:
            value = getattr(self, name)
            setattr(twin, name, value[:] if name in self.LISTS and value is not None else value)
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The JSON form's fields, in its order (the kind first)."""
        return {"kind": self.kind, **{name: getattr(self, name) for name in self.FIELDS}}


class NegotiationStep(_Step):
    """Two players haggle over who carries out `action` (rulebook: Trading)."""

    __slots__ = ("action", "offer", "offerer", "offers_made", "opened_with_nothing", "opener",
                 "seats", "to_move")
    kind = "negotiation"
    FIELDS = ("action", "seats", "opener", "to_move", "offer", "offerer", "opened_with_nothing",
              "offers_made")
    LISTS = ("seats", "offer")

    def __init__(self, action: ActionCard, seats: list[int], opener: int, to_move: int,
                 offer: Gems | None = None, offerer: int | None = None,
                 opened_with_nothing: bool = False, offers_made: int = 0) -> None:
        self.action, self.seats, self.opener, self.to_move = action, seats, opener, to_move
        self.offer, self.offerer = offer, offerer
        self.opened_with_nothing, self.offers_made = opened_with_nothing, offers_made


class EventSourceStep(_Step):
    """The Event player picks the face-up card or a blind draw."""

    __slots__ = ("seat",)
    kind = "event_source"
    FIELDS = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat


class InstantStep(_Step):
    """An Instant card being carried out, one choice at a time."""

    __slots__ = ("card", "give", "removals", "remove_targets", "seat", "stage", "target")
    kind = "instant"
    FIELDS = ("seat", "card", "stage", "give", "target", "remove_targets", "removals")
    LISTS = ("remove_targets", "removals")

    def __init__(self, seat: int, card: int, stage: str = "use", give: int | None = None,
                 target: int | None = None, remove_targets: list[int] | None = None,
                 removals: list[int] | None = None) -> None:
        self.seat, self.card, self.stage, self.give, self.target = seat, card, stage, give, target
        self.remove_targets = remove_targets if remove_targets is not None else []
        self.removals = removals if removals is not None else []


class FreeChoiceStep(_Step):
    """Free Choice (ESR-11): alone (return one, take two) or shared (one each, ESR-3 order)."""

    __slots__ = ("alone", "returned", "seats", "stage", "taken")
    kind = "free_choice"
    FIELDS = ("seats", "alone", "stage", "returned", "taken")
    LISTS = ("seats", "taken")

    def __init__(self, seats: list[int], alone: bool, stage: str = "take",
                 returned: int | None = None, taken: list[int] | None = None) -> None:
        self.seats, self.alone, self.stage, self.returned = seats, alone, stage, returned
        self.taken = taken if taken is not None else []


Step = NegotiationStep | EventSourceStep | InstantStep | FreeChoiceStep
STEPS: dict[str, type[_Step]] = {cls.kind: cls for cls in (
    NegotiationStep, EventSourceStep, InstantStep, FreeChoiceStep)}


class EsrState:
    """Everything about one game of Edel, Stein & Reich, secrets included."""

    __slots__ = ("event_deck", "face_up_event", "gem_deck", "gem_discard", "laid_aside",
                 "num_players", "phase", "players", "queue", "results", "rng", "round",
                 "settings", "step", "step_no", "supply", "turn")

    def __init__(self, num_players: int, rng: Rng, players: list[PlayerState], supply: Gems,
                 settings: dict[str, Any] | None = None, round: int = 0, turn: int = 0,
                 phase: str = "choose", gem_deck: list[int] | None = None,
                 gem_discard: list[int] | None = None, laid_aside: list[int] | None = None,
                 event_deck: list[EventSlot] | None = None, face_up_event: int | None = None,
                 queue: list[ActionCard] | None = None, step: Step | None = None,
                 step_no: int = 0, results: Results | None = None) -> None:
        self.num_players = num_players
        self.settings = settings if settings is not None else {}
        self.rng = rng
        self.round, self.turn, self.phase = round, turn, phase
        self.players = players
        self.supply = supply
        self.gem_deck = gem_deck if gem_deck is not None else []
        self.gem_discard = gem_discard if gem_discard is not None else []
        self.laid_aside = laid_aside if laid_aside is not None else []
        self.event_deck = event_deck if event_deck is not None else []
        self.face_up_event = face_up_event
        self.queue = queue if queue is not None else []
        self.step = step
        self.step_no = step_no
        self.results = results

    @property
    def turns_per_round(self) -> int:
        """Turns in each round for this player count (ESR-1)."""
        return TURNS_PER_ROUND[self.num_players]

    def clone(self) -> EsrState:
        """A deep copy, field by field (the event slots and the results never change)."""
        twin = object.__new__(EsrState)
        twin.num_players = self.num_players
        twin.settings = dict(self.settings)
        twin.rng = Rng(self.rng.state)
        twin.round, twin.turn, twin.phase = self.round, self.turn, self.phase
        twin.players = [p.clone() for p in self.players]
        twin.supply = self.supply[:]
        twin.gem_deck = self.gem_deck[:]
        twin.gem_discard = self.gem_discard[:]
        twin.laid_aside = self.laid_aside[:]
        twin.event_deck = self.event_deck[:]
        twin.face_up_event = self.face_up_event
        twin.queue = self.queue[:]
        twin.step = self.step.clone() if self.step is not None else None
        twin.step_no = self.step_no
        twin.results = self.results
        return twin

    def hand(self) -> tuple[ActionCard, ...]:
        """The action cards every player holds (Free Choice only with 5 players)."""
        return HANDS[self.num_players]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form's fields, in its order; a deep copy, so it can serve as a snapshot
        that does not move on with the state (only the JSON edge and tests call it)."""
        return copy.deepcopy({
            "num_players": self.num_players, "settings": self.settings,
            "rng": self.rng, "round": self.round, "turn": self.turn,
            "phase": self.phase, "players": [p.to_dict() for p in self.players],
            "supply": self.supply, "gem_deck": self.gem_deck, "gem_discard": self.gem_discard,
            "laid_aside": self.laid_aside,
            "event_deck": [{"card": s.card, "face_up": s.face_up} for s in self.event_deck],
            "face_up_event": self.face_up_event, "queue": self.queue,
            "step": self.step.to_dict() if self.step is not None else None,
            "step_no": self.step_no,
            "results": self.results.model_dump() if self.results is not None else None,
        })

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EsrState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable


def to_json(state: EsrState) -> str:
    """The stored JSON form: exactly what the pydantic models write."""
    from engine.games.esr.schema import EsrStateModel

    return EsrStateModel.model_validate(state.to_dict()).model_dump_json()


def from_json(data: str | dict[str, Any]) -> EsrState:
    """A stored state, validated by the JSON schema, as the engine's classes."""
    from engine.games.esr.schema import EsrStateModel

    model = (EsrStateModel.model_validate_json(data) if isinstance(data, str)
             else EsrStateModel.model_validate(data))
    raw = model.model_dump(exclude={"rng"})
    step = raw["step"]
    if step is not None:
        kind = step.pop("kind")
        step = STEPS[kind](**step)
    return EsrState(
        num_players=raw["num_players"], settings=raw["settings"], rng=model.rng,
        round=raw["round"], turn=raw["turn"], phase=raw["phase"],
        players=[PlayerState(**p) for p in raw["players"]], supply=raw["supply"],
        gem_deck=raw["gem_deck"], gem_discard=raw["gem_discard"], laid_aside=raw["laid_aside"],
        event_deck=[EventSlot(**s) for s in raw["event_deck"]],
        face_up_event=raw["face_up_event"], queue=raw["queue"], step=step,
        step_no=raw["step_no"], results=model.results)
