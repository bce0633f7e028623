"""Sealed Bid, a test-only third game: registering it proves the engine and bot are general.

Importing this package registers the game kind with the engine and its presenter with the bot,
exactly as a built-in game's packages do through their entry points.
"""

from bot.core.presenter import register_presenter
from engine.core.registry import register
from tests.toygame.game import SealedGame
from tests.toygame.presenter import SealedPresenter

GAME = register(SealedGame())
PRESENTER = register_presenter(SealedPresenter())

__all__ = ["GAME", "PRESENTER", "SealedGame", "SealedPresenter"]
