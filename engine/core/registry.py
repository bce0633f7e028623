"""The registry of game kinds, so front ends can list and load games by name.

Built-in games are found through the `juwelier.games` entry points (pyproject.toml), each
naming a package whose import registers its GameKind; the core imports no game itself.
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points

from engine.core.errors import UnknownGame
from engine.core.game import GameKind

GAMES_GROUP = "juwelier.games"
_KINDS: dict[str, GameKind] = {}
_loaded = False


def register(kind: GameKind) -> GameKind:
    """Add a game kind under its name (the built-in games are loaded first, so they lead)."""
    _load_builtin()
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
    """All registered game kinds, built-in games first, in the order they registered."""
    _load_builtin()
    return list(_KINDS.values())


def builtin_packages() -> list[str]:
    """The packages named by the `juwelier.games` entry points, sorted by entry name."""
    found = sorted(entry_points(group=GAMES_GROUP), key=lambda e: e.name)
    return [e.value for e in found]


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True  # set first: a game package's own register() call comes back in here
    for package in builtin_packages():
        import_module(package)
