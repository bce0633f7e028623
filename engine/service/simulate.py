"""Random play through the service, for tests, benchmarks and smoke runs of a front end."""

from __future__ import annotations

import random

from engine.service.models import SubmitResult
from engine.service.service import GameService


async def random_move(service: GameService, game_id: int,
                      rng: random.Random) -> SubmitResult | None:
    """Submit one random legal move for a random human who owes a decision (None if none)."""
    info = await service.get_game(game_id)
    if info.status != "running":
        return None
    owing = {d.player for d in await service.pending(game_id)}
    humans = [s for s in info.seats if not s.is_ai and s.seat in owing]
    if not humans:
        return None
    seat = rng.choice(humans)
    suggestion = await service.suggest(game_id, seat.user_id, rng)  # type: ignore[arg-type]
    if suggestion is None:
        return None
    decision, action = suggestion
    return await service.submit(game_id, seat.user_id, action, decision.key)  # type: ignore[arg-type]


async def play_to_end(service: GameService, game_id: int, rng: random.Random,
                      max_moves: int = 10_000) -> int:
    """Play random human moves until the game ends; returns how many were submitted."""
    for moves in range(max_moves):
        if await random_move(service, game_id, rng) is None:
            return moves
    return max_moves
