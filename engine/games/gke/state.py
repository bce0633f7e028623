"""Große kleine Edelsteine's state: one pydantic model, stored as its JSON (a game is a few dozen
actions, so the generic load and dump serve it).

Cards and gems are ids into data.game_data(). Back colours are indexed 0 pink, 1 blue, 2 green
(data.BACKS); `stacks[b]` is that colour's face-down stack on the card board (top last),
`face_up[b]` the card turned up this round. `labels` maps this round's labels to gems: the
mapping is hidden (a label must tell nobody a size, GKE-9); `picks[seat][b]` is the gem a
player holds for card b. `pieces` are magnifier pieces on each player board, `supply` the rest
of the 12."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core.game import Results
from engine.core.rng import Rng

PIECES = 12


class GkeSettings(BaseModel):
    """Cards per back colour, which is the number of rounds (the rulebook's 6; 3–9, GKE-8)."""

    model_config = {"extra": "forbid"}
    cards_per_colour: int = Field(default=6, ge=3, le=9)


class GkeState(BaseModel):
    """Everything about a game, hidden parts included."""

    model_config = {"extra": "forbid"}
    players: int = Field(ge=2, le=4)
    picks_per_round: int = Field(ge=2, le=3)
    rounds: int = Field(ge=3, le=9)
    round: int = 0
    stacks: list[list[int]]
    bonus: list[int]
    face_up: list[int | None] = Field(min_length=3, max_length=3)
    labels: dict[str, int] = Field(default_factory=dict)
    picks: list[list[int | None]]
    pieces: list[int]
    supply: int = PIECES
    won: list[list[int]]
    bonus_won: list[list[int]]
    removed: list[int] = Field(default_factory=list)
    phase: Literal["pick", "over"] = "pick"
    step: int = 0
    results: Results | None = None
    rng: Rng

    def clone(self) -> GkeState:
        """A copy to change (pydantic's deep copy costs more than the rest of a move)."""
        fields = dict(self.__dict__)
        for name in ("stacks", "picks", "won", "bonus_won"):
            fields[name] = [list(row) for row in fields[name]]
        for name in ("bonus", "face_up", "pieces", "removed"):
            fields[name] = list(fields[name])
        fields["labels"] = dict(self.labels)
        fields["rng"] = Rng(self.rng.state)
        return GkeState.model_construct(**fields)

    def holder(self, gem: int) -> tuple[int, int] | None:
        """(seat, card) of whoever holds `gem`, or None if it lies in the pool."""
        for seat, row in enumerate(self.picks):
            for card, held in enumerate(row):
                if held == gem:
                    return seat, card
        return None

    def held(self, seat: int) -> int:
        """How many gems `seat` holds now."""
        return sum(1 for gem in self.picks[seat] if gem is not None)

    def everyone_done(self) -> bool:
        """True when every player holds their last pick (GKE-10, GKE-12)."""
        return all(self.held(seat) == self.picks_per_round for seat in range(self.players))
