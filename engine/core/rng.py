"""A small seeded random generator whose whole state is one integer stored in the game state."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from pydantic import BaseModel

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng(BaseModel):
    """SplitMix64: tiny, fast, and serialisable, so a game's randomness replays exactly."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """Create a generator from any integer seed."""
        return cls(state=seed & _MASK)

    def next_u64(self) -> int:
        """Advance and return the next 64-bit value."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        # Rejection keeps the draw uniform for every n.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffled_seats(seed: int, participants: list[T]) -> list[T]:
    """Return participants in seat order, shuffled from the game seed (ESR-2)."""
    order = list(participants)
    Rng.from_seed(seed ^ 0x5EA7).shuffle(order)
    return order
