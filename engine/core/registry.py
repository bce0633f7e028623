"""The registry of game kinds, so front ends can list and load games by name."""

from __future__ import annotations

from engine.core.errors import UnknownGame
from engine.core.game import GameKind

_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    """Add a game kind under its name."""
    _KINDS[kind.name] = kind
    return kind


def get_kind(name: str) -> GameKind:
    """Look up a game kind, loading the built-in games on first use."""
    _load_builtin()
    try:
        return _KINDS[name]
    except KeyError:
        known = ", ".join(sorted(_KINDS)) or "none"
        raise UnknownGame(f"There is no game called {name!r}. Known games: {known}.") from None


def kinds() -> list[GameKind]:
    """All registered game kinds."""
    _load_builtin()
    return list(_KINDS.values())


def _load_builtin() -> None:
    # Imported lazily so the core never depends on a particular game at import time.
    import engine.esr  # noqa: F401
