"""Edel, Stein & Reich: the rules engine, registered under the name 'esr'."""

from engine.core.registry import register
from engine.esr.game import EsrGame

GAME = register(EsrGame())

__all__ = ["GAME", "EsrGame"]
