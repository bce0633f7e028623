"""Große kleine Edelsteine in Discord: registers its presenter."""

from bot.core.presenter import register_presenter
from bot.games.gke.presenter import GkePresenter

PRESENTER = register_presenter(GkePresenter())

__all__ = ["PRESENTER", "GkePresenter"]
