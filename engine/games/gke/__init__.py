"""Große kleine Edelsteine (issue 24): the rules engine. Not yet registered: the kind and its AI
levels join the registry (an entry point in pyproject.toml) together with the bot's presenter,
so no lobby offers a game it cannot show (docs/architecture.md, "Große kleine Edelsteine")."""

from engine.games.gke.ai import SPREAD, policy_for
from engine.games.gke.game import GkeGame

GAME = GkeGame()
POLICIES = {level: policy_for(level) for level in SPREAD}

__all__ = ["GAME", "POLICIES", "GkeGame"]
