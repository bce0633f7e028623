"""Edel, Stein & Reich: the rules engine, registered under the name 'esr' with its AI levels."""

from engine.core.ai import register_game_policy, searching
from engine.core.registry import register
from engine.games.esr.ai import greedy_policy
from engine.games.esr.bargain import strong_policy
from engine.games.esr.game import EsrGame
from engine.games.esr.search import strong_policy as strong_v1_policy

GAME = register(EsrGame())
register_game_policy(GAME.name, "greedy", greedy_policy)
register_game_policy(GAME.name, "strong", searching(strong_policy))
register_game_policy(GAME.name, "strong-v1", searching(strong_v1_policy))

__all__ = ["GAME", "EsrGame"]
