"""Juwelier's referee: game rules, views, decisions and replayable logs, free of any front end."""

from engine.core.errors import EngineError, IllegalAction
from engine.core.game import Decision, DecisionUI, GameEvent, GameKind, Option
from engine.core.registry import get_kind, kinds, register

__all__ = [
    "Decision",
    "DecisionUI",
    "EngineError",
    "GameEvent",
    "GameKind",
    "IllegalAction",
    "Option",
    "get_kind",
    "kinds",
    "register",
]
