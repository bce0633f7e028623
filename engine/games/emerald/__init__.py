"""Emerald: the rules engine, registered under the name 'emerald' with its AI levels."""

from engine.core.ai import register_game_policy, searching
from engine.core.registry import register
from engine.games.emerald.ai import greedy_policy
from engine.games.emerald.game import EmeraldGame
from engine.games.emerald.strong import strong_policy

GAME = register(EmeraldGame())
register_game_policy(GAME.name, "greedy", greedy_policy)
# Plays games out to their end: tenths of a second, so servers run it in the AI worker pool.
register_game_policy(GAME.name, "strong", searching(strong_policy))

__all__ = ["GAME", "EmeraldGame"]
