"""This package's player-facing messages in every language, kept in locales/ beside it."""

from engine.core.i18n import N_, catalog_for

CATALOG = catalog_for(__file__, "bot_gke")
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
pgettext = CATALOG.pgettext

__all__ = ["CATALOG", "N_", "_", "ngettext", "pgettext"]
