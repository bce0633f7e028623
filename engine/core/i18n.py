"""Translations: gettext catalogs per package, read in the language of whoever is addressed.

Each package that has player-facing text keeps its own catalog (`<package>/locales/<lang>/
LC_MESSAGES/<domain>.po`, managed with Babel; see docs/architecture.md, "Languages"), so a new
game brings its own and touches no other folder. Text is translated when it is built, in the
language set for the block that builds it (`use_locale`): a front end sets the reader's language
around the calls that make one reader's text, and the engine never needs to know who reads.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

LOCALES = ("en", "de", "da")  # English is the source language; msgids are English
DEFAULT = "en"
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "da": "Dansk"}

_LOCALE: ContextVar[str] = ContextVar("locale", default=DEFAULT)


def supported(tag: str | None) -> str:
    """One of LOCALES for a language tag (`de`, `da`, `en-GB`, `de_AT`…); English otherwise."""
    if not tag:
        return DEFAULT
    language = str(tag).replace("_", "-").split("-", 1)[0].lower()
    return language if language in LOCALES else DEFAULT


def current() -> str:
    """The language text is being built in now."""
    return _LOCALE.get()


@contextmanager
def use_locale(tag: str | None) -> Iterator[str]:
    """Build text in `tag`'s language (unsupported tags: English) inside the block."""
    locale = supported(tag)
    token = _LOCALE.set(locale)
    try:
        yield locale
    finally:
        _LOCALE.reset(token)


def N_(message: str) -> str:  # the gettext name Babel extracts
    """Mark a message for extraction where it is defined; translate it with `_()` where used."""
    return message


class Catalog:
    """One package's messages in every language, looked up in the current one."""

    def __init__(self, folder: Path, domain: str) -> None:
        self.folder, self.domain = folder, domain
        self._loaded: dict[str, gettext.NullTranslations] = {}

    def po_file(self, locale: str) -> Path:
        """Where the catalog of `locale` is kept."""
        return self.folder / locale / "LC_MESSAGES" / f"{self.domain}.po"

    def translations(self, locale: str) -> gettext.NullTranslations:
        """`locale`'s translations (English or a missing catalog: messages as written)."""
        found = self._loaded.get(locale)
        if found is None:
            found = self._loaded[locale] = (
                _load(self.po_file(locale)) if locale != DEFAULT else _ENGLISH)
        return found

    # English, the source language, returns the message itself without a lookup: the engine
    # writes prompts and labels inside simulations, where every microsecond counts.
    def gettext(self, message: str) -> str:
        """`message` in the current language."""
        locale = _LOCALE.get()
        return message if locale == DEFAULT else self.translations(locale).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for `n` in the current language (format `n` into it yourself)."""
        locale = _LOCALE.get()
        if locale == DEFAULT:
            return singular if n == 1 else plural
        return self.translations(locale).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """`message` in the current language, told apart from the same English by `context`."""
        locale = _LOCALE.get()
        return message if locale == DEFAULT else self.translations(locale).pgettext(context,
                                                                                  message)


_ENGLISH = gettext.NullTranslations()


@cache
def _load(po: Path) -> gettext.NullTranslations:
    """A committed .po file, compiled in memory unless `catalogs compile` wrote a newer .mo
    (no build step is needed; fuzzy entries are left out either way)."""
    if not po.exists():
        return _ENGLISH
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def catalog_for(package_file: str, domain: str) -> Catalog:
    """The catalog kept in `locales/` next to a package's `__init__.py` (pass `__file__`)."""
    return Catalog(Path(package_file).resolve().parent / "locales", domain)
