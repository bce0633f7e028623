"""Edel, Stein & Reich in Discord: registers its presenter (and the offer builder's widgets)."""

from bot.core.presenter import register_presenter
from bot.games.esr.presenter import EsrPresenter

PRESENTER = register_presenter(EsrPresenter())

__all__ = ["PRESENTER", "EsrPresenter"]
