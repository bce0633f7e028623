"""A small seeded random generator whose whole state is one integer stored in the game state."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    """SplitMix64: tiny, fast, and serialisable (its whole state is `state`), so a game's
    randomness replays exactly. A plain slotted class: it runs inside every shuffle."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """Inside a pydantic model (a game's state) it reads and writes as {"state": n}."""
        from pydantic_core import core_schema

        from_dict = core_schema.no_info_after_validator_function(
            lambda raw: cls(raw["state"]),
            core_schema.typed_dict_schema(
                {"state": core_schema.typed_dict_field(core_schema.int_schema())}))
        return core_schema.json_or_python_schema(
            json_schema=from_dict,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls),
                                                    from_dict]),
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda rng: {"state": rng.state}))

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """Create a generator from any integer seed."""
        return cls(seed & _MASK)

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
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffled_seats(seed: int, participants: list[T]) -> list[T]:
    """Return participants in seat order, shuffled from the game seed (ESR-2)."""
    order = list(participants)
    Rng.from_seed(seed ^ 0x5EA7).shuffle(order)
    return order
