"""The registry of game kinds, so front ends can list and load games by name.

Built-in games are found through the `juwelier.games` entry points (pyproject.toml), each
naming a package whose import registers its GameKind; the core imports no game itself.
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points
from typing import Generic, TypeVar

from engine.core.catalog import _
from engine.core.errors import UnknownGame
from engine.core.game import GameKind

GAMES_GROUP = "juwelier.games"
T = TypeVar("T")


class PluginRegistry(Generic[T]):
    """Things by name; the built-in ones are the packages an entry-point group names, imported
    (so that they register themselves) on first use, before anything else registers."""

    def __init__(self, group: str) -> None:
        self.group = group
        self._items: dict[str, T] = {}
        self._loaded = False
        self._packages: list[str] = []

    def add(self, name: str, item: T) -> T:
        """Register `item` under `name` (a later registration of the name replaces it)."""
        self.load_builtin()
        self._items[name] = item
        return item

    def get(self, name: str) -> T | None:
        """The item registered under `name`, if any."""
        self.load_builtin()
        return self._items.get(name)

    def items(self) -> dict[str, T]:
        """Everything registered: the built-in ones in their packages' order, then the rest in
        the order they registered. (Registration order alone is not enough: a test that imports
        one built-in package first has it register after the packages it loads on the way.)"""
        self.load_builtin()
        return dict(sorted(self._items.items(), key=lambda pair: self._rank(pair[1])))

    def _rank(self, item: T) -> int:
        module = type(item).__module__
        for index, package in enumerate(self._packages):
            if module == package or module.startswith(package + "."):
                return index
        return len(self._packages)

    def packages(self) -> list[str]:
        """The packages the entry-point group names, in the order of the entry points' names
        (pyproject.toml numbers them, so the first built-in game, the default, is the
        project's choice: packaging tools write entry points sorted by name, not as listed)."""
        found = sorted(entry_points(group=self.group), key=lambda e: e.name)
        return list(dict.fromkeys(e.value for e in found))

    def load_builtin(self) -> None:
        """Import the built-in packages once."""
        if self._loaded:
            return
        self._loaded = True  # first: each package's own registration comes back in here
        self._packages = self.packages()
        for package in self._packages:
            import_module(package)


_KINDS: PluginRegistry[GameKind] = PluginRegistry(GAMES_GROUP)


def register(kind: GameKind) -> GameKind:
    """Add a game kind under its name (the built-in games are loaded first, so they lead)."""
    return _KINDS.add(kind.name, kind)


def get_kind(name: str) -> GameKind:
    """Look up a game kind, loading the built-in games on first use."""
    found = _KINDS.get(name)
    if found is None:
        known = ", ".join(sorted(_KINDS.items()))
        if not known:
            # Translators: {name} is the game asked for, in quotes
            raise UnknownGame(_("There is no game called {name}. Known games: none.").format(
                name=repr(name)))
        # Translators: {name} is the game asked for, in quotes; {games} lists the known ones
        raise UnknownGame(_("There is no game called {name}. Known games: {games}.").format(
            name=repr(name), games=known))
    return found


def kinds() -> list[GameKind]:
    """All registered game kinds, built-in games first, in the order they registered."""
    return list(_KINDS.items().values())


def builtin_packages() -> list[str]:
    """The packages named by the `juwelier.games` entry points."""
    return _KINDS.packages()
