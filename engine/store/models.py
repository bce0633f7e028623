"""Rows as pydantic models: what the store returns and the service hands to front ends."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

# Front ends identify users by opaque ids (Discord snowflakes are ints; a terminal may use text).
UserId = int | str
GameStatus = Literal["lobby", "running", "finished", "abandoned"]
By = Literal["player", "autopilot", "ai", "clock"]
OPEN_STATUSES: tuple[GameStatus, ...] = ("lobby", "running")


class Seat(BaseModel):
    """A place at the table: a human (user_id) or an AI (ai_level)."""

    slot: int = Field(description="Join order in the lobby.")
    seat: int | None = Field(default=None, description="Seat number once started (0-based).")
    user_id: UserId | None = None
    name: str
    ai_level: str | None = None
    autopilot: bool = Field(default=False,
                            description="A human seat whose decisions the service makes for now.")

    @property
    def is_ai(self) -> bool:
        """True for a computer player."""
        return self.ai_level is not None


class GameInfo(BaseModel):
    """A lobby or game: where it is, who sits where, and how far it has got (no secrets)."""

    id: int
    kind: str
    guild_id: int
    channel_id: int
    host_id: UserId
    status: GameStatus
    settings: dict[str, Any] = Field(default_factory=dict)
    deadlines: dict[str, float | None] = Field(default_factory=dict)
    max_players: int
    version: int = Field(default=0, description="Number of accepted actions so far.")
    tiebreak: str | None = None
    created_at: float
    started_at: float | None = None
    updated_at: float
    finished_at: float | None = None
    rules_revision: int = Field(
        default=1, description="The revision of its kind's rules it was set up under.")
    seats: list[Seat] = Field(
        default_factory=list, description="Join order in a lobby; seat order once started."
    )

    def clone(self) -> GameInfo:
        """A copy callers may change: its seats, settings and deadlines are its own. Field by
        field, as pydantic's deep copy cost most of a bot click's reads."""
        return self.model_copy(update={
            "seats": [seat.model_copy() for seat in self.seats],
            "settings": copy.deepcopy(self.settings) if self.settings else {},
            "deadlines": dict(self.deadlines)})

    @property
    def is_open(self) -> bool:
        """A lobby or a running game (it occupies its channel)."""
        return self.status in OPEN_STATUSES

    def seat_of(self, user_id: UserId) -> Seat | None:
        """The seat of this user, if they sit at the table."""
        return next((s for s in self.seats if s.user_id is not None and s.user_id == user_id),
                    None)

    def humans(self) -> list[Seat]:
        """The human seats."""
        return [s for s in self.seats if not s.is_ai]


class LoggedRow(BaseModel):
    """One row of the action log."""

    seq: int
    seat: int
    action: dict[str, Any]
    by: By
    decision_key: str
    at: float


class DeadlineRow(BaseModel):
    """When one seat's pending decision falls due."""

    game_id: int
    seat: int
    decision_key: str
    kind: str
    due_at: float


class MessageRef(BaseModel):
    """A front-end message (or thread) remembered under a name."""

    name: str
    channel_id: int
    message_id: int


class LeaderboardRow(BaseModel):
    """One player's record in a guild."""

    user_id: UserId
    name: str
    wins: int
    games: int
    money: int


class HistoryEntry(BaseModel):
    """One game a player took part in."""

    game_id: int
    kind: str
    guild_id: int
    channel_id: int
    status: GameStatus
    seat: int | None
    players: int
    rank: int | None = None
    score: int | None = None
    winner: bool = False
    started_at: float | None = None
    finished_at: float | None = None


# --- ratings --------------------------------------------------------------------------------

# A newcomer's rating: openskill's defaults for its Plackett–Luce model (engine/ratings/model.py).
NEWCOMER_MU = 25.0
NEWCOMER_SIGMA = 25.0 / 3


@dataclass(frozen=True)
class Rating:
    """A skill estimate: mean and uncertainty, and how many rated games it rests on."""

    mu: float = NEWCOMER_MU
    sigma: float = NEWCOMER_SIGMA
    games: int = 0

    @property
    def shown(self) -> float:
        """The conservative figure players see: mu − 3 sigma (openskill's ordinal)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Entrant:
    """A seat at a finished table: a person (user_id) or an AI (level), where it placed (1 =
    first, shared places equal) and whether its person left it to the autopilot."""

    seat: int
    place: int
    user_id: UserId | None = None
    level: str | None = None
    left: bool = False


@dataclass(frozen=True)
class Change:
    """One person's rating before and after a game."""

    user_id: UserId
    seat: int
    before: Rating
    after: Rating
