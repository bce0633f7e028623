"""Manage the translation catalogs with Babel: extract → update → compile, and check them.

    python -m engine.cli.catalogs extract   # messages from the code (and data files) → <domain>.pot
    python -m engine.cli.catalogs update    # merge the .pot into every language's .po
    python -m engine.cli.catalogs compile   # .po → .mo (optional: the bot compiles in memory)
    python -m engine.cli.catalogs check     # every message translated, not fuzzy, same placeholders

Every package with a `catalog.py` (engine, engine/games/esr, bot, bot/games/esr, and each new
game's) owns the messages of its folder, minus folders that have their own catalog.
"""

from __future__ import annotations

import argparse
import importlib
import re
import string
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from engine.core.i18n import DEFAULT, LOCALES, Catalog

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "bot")
KEYWORDS = {**DEFAULT_KEYWORDS, "locale_str": None}
TRANSLATED = tuple(lang for lang in LOCALES if lang != DEFAULT)


@dataclass(frozen=True)
class Domain:
    """One package's catalog: where its code is and where its translations are kept."""

    module: str
    catalog: Catalog

    @property
    def folder(self) -> Path:
        """The package folder whose code the catalog covers."""
        return self.catalog.folder.parent

    @property
    def template(self) -> Path:
        """The extracted messages (.pot)."""
        return self.catalog.folder / f"{self.catalog.domain}.pot"


def domains() -> list[Domain]:
    """Every package that keeps a catalog, found by its catalog.py."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("catalog.py")):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found.append(Domain(module, importlib.import_module(module).CATALOG))
    return found


def _sources(domain: Domain, others: list[Domain]) -> Iterator[Path]:
    """The domain's Python files, without those of nested packages with their own catalog."""
    nested = [d.folder for d in others if d.folder != domain.folder
              and d.folder.is_relative_to(domain.folder)]
    for path in sorted(domain.folder.rglob("*.py")):
        if not any(path.is_relative_to(folder) for folder in nested):
            yield path


def extract(domain: Domain, every: list[Domain]) -> PoCatalog:
    """The template of a domain: its code's messages and its data files' (`data_messages`)."""
    template = PoCatalog(domain=domain.catalog.domain, project="Juwelier", version="0.1",
                         copyright_holder="Juwelier contributors", fuzzy=False)
    for path in _sources(domain, every):
        where = str(path.relative_to(ROOT))
        for line, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",),
                strip_comment_tags=True):
            template.add(message, locations=[(where, line)], auto_comments=comments,
                         context=context)
    # A package whose messages are also kept in data files says which (`data_messages.py`).
    package = domain.module.rsplit(".", 1)[0]
    try:
        data = importlib.import_module(f"{package}.data_messages").data_messages
    except ModuleNotFoundError:
        data = None
    for message, where in (data() if data else ()):
        template.add(message, locations=[(where, 0)])
    return template


def update(domain: Domain, template: PoCatalog) -> None:
    """Merge the template into each language's catalog (new ones created, gone ones dropped)."""
    for locale in TRANSLATED:
        po = domain.catalog.po_file(locale)
        if po.exists():
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=locale)
        else:
            po.parent.mkdir(parents=True, exist_ok=True)
            catalog = PoCatalog(locale=locale, domain=domain.catalog.domain, project="Juwelier")
        catalog.update(template)
        catalog.fuzzy = False  # the header: a fuzzy one would be left out when compiled
        catalog.copyright_holder = catalog.last_translator = "Juwelier contributors"
        catalog.language_team = f"Juwelier <{locale}>"
        catalog.version = "0.1"
        with po.open("wb") as handle:
            write_po(handle, catalog, width=100, ignore_obsolete=True, omit_header=False)


def compile_catalogs(domain: Domain) -> None:
    """Write each language's .mo next to its .po."""
    for locale in TRANSLATED:
        po = domain.catalog.po_file(locale)
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=locale)
        with po.with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalog)


_FIELDS = string.Formatter()
_PERCENT = re.compile(r"%(?:\([^)]*\))?[#0 +-]*\d*(?:\.\d+)?[sdifr%]")


def placeholders(text: str) -> set[str]:
    """The named {fields} (and %-style ones) of a message."""
    try:
        fields = {name for _, name, _, _ in _FIELDS.parse(text) if name is not None}
    except ValueError:
        fields = {"<unbalanced braces>"}
    return fields | set(_PERCENT.findall(text)) - {"%%"}


def problems(domain: Domain) -> list[str]:
    """Every missing, fuzzy or mismatched translation of a domain, one line each."""
    found = []
    for locale in TRANSLATED:
        po = domain.catalog.po_file(locale)
        if not po.exists():
            found.append(f"{po}: missing")
            continue
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=locale)
        for message in catalog:
            if not message.id:
                continue
            where = f"{po.relative_to(ROOT)}: {message.id!r}"
            if message.fuzzy:
                found.append(f"{where}: fuzzy")
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strs = message.string if isinstance(message.string, tuple) else (message.string,)
            if not all(strs):
                found.append(f"{where}: not translated")
                continue
            if isinstance(message.id, tuple) and len(strs) != catalog.num_plurals:
                found.append(f"{where}: {len(strs)} plural forms, {catalog.num_plurals} expected")
            wanted = set().union(*(placeholders(i) for i in ids))
            for text in strs:
                if placeholders(text) - wanted or (
                        not isinstance(message.id, tuple) and placeholders(text) != wanted):
                    found.append(f"{where}: placeholders {sorted(placeholders(text))} "
                                 f"!= {sorted(wanted)}")
        for error in catalog.check():
            found.append(f"{po.relative_to(ROOT)}: {error}")
    return found


def main(argv: list[str] | None = None) -> int:
    """Run one catalog command over every domain."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("extract", "update", "compile", "check"))
    args = parser.parse_args(argv)
    every = domains()
    failed = False
    for domain in every:
        if args.command in ("extract", "update"):
            template = extract(domain, every)
            domain.template.parent.mkdir(parents=True, exist_ok=True)
            with domain.template.open("wb") as handle:
                write_po(handle, template, width=100)
            if args.command == "update":
                update(domain, template)
            print(f"{domain.catalog.domain}: {len(template)} messages")
        elif args.command == "compile":
            compile_catalogs(domain)
        else:
            issues = problems(domain)
            failed |= bool(issues)
            print("\n".join(issues) or f"{domain.catalog.domain}: complete")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
