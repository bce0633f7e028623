"""The ESR card lists, loaded from data/ and validated (RULINGS: canonical card lists)."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, Field, ValidationError, field_validator, model_validator

from engine.core.data import data_dir
from engine.core.errors import DataFileError
from engine.games.esr.catalog import _
from engine.games.esr.gems import COLOURS, Colour, Gems, describe, from_letters

GEMS_PER_MONEY = {7: 2, 6: 3, 5: 3, 4: 4}


class GemCard(BaseModel):
    """A gemstone card: money for the Money action, gemstones for the Gemstones action."""

    id: int
    money: int
    gems: str = Field(pattern=r"^[RYGB]+$")

    @model_validator(mode="after")
    def _gem_count_matches_money(self) -> GemCard:
        if GEMS_PER_MONEY.get(self.money) != len(self.gems):
            raise ValueError(f"card {self.id}: {self.money} million cards show "
                             f"{GEMS_PER_MONEY.get(self.money)} gemstones, not {len(self.gems)}")
        return self

    @property
    def counts(self) -> Gems:
        """Gemstones on the card as counts."""
        return from_letters(self.gems)

    def label(self) -> str:
        """Short text such as '6M · 1 red, 1 yellow, 1 green', in the current language."""
        # Translators: a gemstone card: its money in millions ("6M") and its gemstones
        return _("{money}M · {gems}").format(money=self.money, gems=describe(self.counts))


class _EventBase(BaseModel):
    id: int
    name: str
    text: str


class ColourBonus(_EventBase):
    kind: Literal["scoring"]
    effect: Literal["colour_bonus"]
    colour: Colour
    amount: int = Field(gt=0)


class MajorityBonus(_EventBase):
    kind: Literal["scoring"]
    effect: Literal["majority_bonus"]
    amount: int = Field(gt=0)


class PerGem(_EventBase):
    kind: Literal["scoring"]
    effect: Literal["per_gem"]
    colour: Colour
    amount: int = Field(gt=0)


class Certificate(_EventBase):
    kind: Literal["scoring"]
    effect: Literal["certificate"]


class OnePlusOne(_EventBase):
    kind: Literal["instant"]
    effect: Literal["one_plus_one"]
    colours: list[Colour] = Field(min_length=2, max_length=2)


class SimpleInstant(_EventBase):
    kind: Literal["instant"]
    effect: Literal["half_scoring", "exchange", "remove", "trio", "halve_all"]


EventCard = Annotated[
    ColourBonus | MajorityBonus | PerGem | Certificate | OnePlusOne | SimpleInstant,
    Field(discriminator="effect"),
]

EXPECTED_EFFECTS = {
    "colour_bonus": 4, "majority_bonus": 2, "per_gem": 4, "certificate": 15, "one_plus_one": 2,
    "half_scoring": 2, "exchange": 4, "remove": 2, "trio": 2, "halve_all": 2,
}
COLOUR_BONUS_AMOUNTS = {"red": 8, "yellow": 7, "green": 6, "blue": 5}  # ESR-9
MAJORITY_BONUS_AMOUNT, PER_GEM_AMOUNT = 4, 1  # ESR-9
ONE_PLUS_ONE_PAIRS = [["blue", "red"], ["green", "yellow"]]  # ESR-8, each pair sorted


class GemCardFile(BaseModel):
    """data/esr/gem_cards.json."""

    game: Literal["esr"]
    gem_cards: list[GemCard] = Field(min_length=30, max_length=30)

    @field_validator("gem_cards")
    @classmethod
    def _deck_is_canonical(cls, cards: list[GemCard]) -> list[GemCard]:
        if [c.id for c in cards] != list(range(len(cards))):
            raise ValueError("card ids must be 0, 1, 2, ... in order")
        per_colour = Counter("".join(c.gems for c in cards))
        for letter, name in zip("RYGB", COLOURS, strict=True):
            if per_colour[letter] not in (22, 23):
                raise ValueError(f"{name} appears {per_colour[letter]} times; must be 22 or 23")
        return cards


class EventCardFile(BaseModel):
    """data/esr/event_cards.json."""

    game: Literal["esr"]
    event_cards: list[EventCard] = Field(min_length=39, max_length=39)

    @field_validator("event_cards")
    @classmethod
    def _deck_is_canonical(cls, cards: list[EventCard]) -> list[EventCard]:
        if [c.id for c in cards] != list(range(len(cards))):
            raise ValueError("card ids must be 0, 1, 2, ... in order")
        counts = Counter(c.effect for c in cards)
        if dict(counts) != EXPECTED_EFFECTS:
            raise ValueError(f"deck must hold {EXPECTED_EFFECTS}, not {dict(counts)}")
        bonuses = {c.colour: c.amount for c in cards if isinstance(c, ColourBonus)}
        if bonuses != COLOUR_BONUS_AMOUNTS:
            raise ValueError(f"ESR-9: one colour bonus card per colour, {COLOUR_BONUS_AMOUNTS}")
        if any(c.amount != MAJORITY_BONUS_AMOUNT for c in cards if isinstance(c, MajorityBonus)):
            raise ValueError(f"ESR-9: majority bonus cards pay +{MAJORITY_BONUS_AMOUNT}")
        per_gem = sorted((c.colour, c.amount) for c in cards if isinstance(c, PerGem))
        if per_gem != sorted((colour, PER_GEM_AMOUNT) for colour in COLOURS):
            raise ValueError(f"ESR-9: one per-gemstone card per colour, +{PER_GEM_AMOUNT} each")
        pairs = sorted(sorted(c.colours) for c in cards if isinstance(c, OnePlusOne))
        if pairs != ONE_PLUS_ONE_PAIRS:
            raise ValueError("ESR-8: the 1+1 cards name red+blue and yellow+green")
        return cards


class Cards(BaseModel):
    """Both ESR card lists."""

    gem: list[GemCard]
    event: list[EventCard]


def _load(path: Path, model: type[BaseModel]) -> BaseModel:
    try:
        return model.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise DataFileError(f"Data file {path} is missing.") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:  # JSON files are UTF-8 text
        raise DataFileError(f"Data file {path} is not valid JSON: {exc}") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataFileError(f"Data file {path} is malformed at {where}: {first['msg']}") from None


def load_cards(folder: Path | None = None) -> Cards:
    """Load and validate both card lists from `folder` (default: the data folder)."""
    base = (folder or data_dir()) / "esr"
    gem_file = _load(base / "gem_cards.json", GemCardFile)
    event_file = _load(base / "event_cards.json", EventCardFile)
    return Cards(gem=gem_file.gem_cards, event=event_file.event_cards)  # type: ignore[attr-defined]


@cache
def cards() -> Cards:
    """The validated card lists, loaded once."""
    return load_cards()
