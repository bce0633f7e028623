"""Emerald in Discord: registers its presenter."""

from bot.core.presenter import register_presenter
from bot.games.emerald.presenter import EmeraldPresenter

PRESENTER = register_presenter(EmeraldPresenter())

__all__ = ["PRESENTER", "EmeraldPresenter"]
