"""Große kleine Edelsteine (issue 24): the rules engine and its AI levels."""

from engine.games.gke.ai import SPREAD, policy_for
from engine.games.gke.game import GkeGame

# Out of the registry (no `juwelier.games` entry point) until the bot can present it: the bot
# plays a registered game without a presenter of its own through the generic one, and a lobby
# must never offer a perception game it cannot draw (docs/architecture.md, "Große kleine
# Edelsteine"). Tests and benchmarks import this package directly.
NOT_YET_REGISTERED = "the bot's presenter and the service's round clock are still to come"

GAME = GkeGame()
POLICIES = {level: policy_for(level) for level in SPREAD}

__all__ = ["GAME", "NOT_YET_REGISTERED", "POLICIES", "GkeGame"]
