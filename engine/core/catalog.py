"""The engine's own player-facing messages (its core, service, store and command line) in every
language, kept in engine/locales/; each game keeps its own beside it."""

from pathlib import Path

from engine.core.i18n import N_, Catalog

CATALOG = Catalog(Path(__file__).resolve().parents[1] / "locales", "engine")
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
pgettext = CATALOG.pgettext

__all__ = ["CATALOG", "N_", "_", "ngettext", "pgettext"]
