"""Juwelier's referee: game rules, views, decisions and replayable logs, free of any front end."""

from engine.core.errors import EngineError, IllegalAction
from engine.core.game import Decision, GameEvent, GameKind, Option
from engine.core.registry import get_kind, kinds, register

__all__ = [
    "Decision",
    "EngineError",
    "GameEvent",
    "GameKind",
    "IllegalAction",
    "Option",
    "get_kind",
    "kinds",
    "register",
]
