"""Große kleine Edelsteine: the rules engine, registered under the name 'gke' with
its AI levels (easy, medium, hard: how far an AI's eye misjudges a size)."""

from engine.core.ai import register_game_policy
from engine.core.registry import register
from engine.games.gke.ai import SPREAD, policy_for
from engine.games.gke.game import GkeGame

GAME = register(GkeGame())
POLICIES = {level: policy_for(level) for level in SPREAD}
for _level, _policy in POLICIES.items():
    register_game_policy(GAME.name, _level, _policy)

__all__ = ["GAME", "POLICIES", "GkeGame"]
