"""The fixed rating of each AI level per game, measured by `python -m benchmarks.ai_ratings` and
kept in data/<game>/ai_ratings.json, validated when loaded."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from engine.core.ai import WEAKER
from engine.core.data import data_dir
from engine.core.errors import DataFileError
from engine.ratings.model import Rating


class LevelRating(BaseModel):
    """One level's measured rating."""

    mu: float = Field(gt=-100, lt=150)
    sigma: float = Field(gt=0, lt=25)


class AiRatings(BaseModel):
    """A game's measured AI levels and how they were measured."""

    game: str
    games: int = Field(ge=100)
    seed: int
    command: str
    levels: dict[str, LevelRating] = Field(min_length=1)


def ratings_path(game: str) -> Path:
    """Where a game's AI ratings are kept."""
    return data_dir() / game / "ai_ratings.json"


@cache
def ai_ratings(game: str) -> dict[str, Rating]:
    """Each AI level's fixed rating in `game`; DataFileError naming a missing or malformed
    file (a rated game with an AI seat cannot be rated without it)."""
    path = ratings_path(game)
    try:
        data = AiRatings.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError) as exc:
        raise DataFileError(f"{path}: {exc}") from None
    if data.game != game:
        raise DataFileError(f"{path}: measured for {data.game!r}, not {game!r}")
    return {level: Rating(r.mu, r.sigma) for level, r in data.levels.items()}


def level_ratings(game: str, levels: set[str]) -> dict[str, Rating]:
    """The fixed rating of each of these AI levels in `game`. A level without a measured
    rating of its own (a retired one such as ESR's "strong-v1" in an old game) plays at the
    next weaker level's, as it plays in a lobby (engine.core.ai.WEAKER); DataFileError when
    none is measured."""
    if not levels:
        return {}  # a table of people only needs no file
    measured = ai_ratings(game)
    found = {}
    for level in levels:
        seen = level
        while seen not in measured and seen in WEAKER:
            seen = WEAKER[seen]
        if seen not in measured:
            raise DataFileError(f"{ratings_path(game)}: no rating for the AI level {level!r}")
        found[level] = measured[seen]
    return found
