"""Emerald: the rules engine, registered under the name 'emerald' with its AI levels."""

from engine.core.ai import register_game_policy
from engine.core.registry import register
from engine.games.emerald.ai import greedy_policy
from engine.games.emerald.game import EmeraldGame

GAME = register(EmeraldGame())
register_game_policy(GAME.name, "greedy", greedy_policy)
# `strong` plays as `greedy` (the core's fallback): the search in search.py does not yet beat it
# (docs/benchmarks.md, "Emerald (issue 23)"), and a level called strong must be the best one.

__all__ = ["GAME", "EmeraldGame"]
