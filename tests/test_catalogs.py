"""Every message is translated into German and Danish, and the catalogs match the code."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from engine.cli.catalogs import TRANSLATED, domains, extract, placeholders, problems

DOMAINS = domains()


def test_every_package_with_text_keeps_a_catalog() -> None:
    assert {d.catalog.domain for d in DOMAINS} == {"engine", "esr", "emerald", "gke", "bot",
                                                   "bot_esr", "bot_emerald", "bot_gke"}


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.catalog.domain)
def test_every_message_is_translated_not_fuzzy_with_the_same_placeholders(domain) -> None:
    assert problems(domain) == []


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.catalog.domain)
def test_the_catalogs_hold_exactly_the_messages_of_the_code(domain) -> None:
    # A message added to the code without `python -m engine.cli.catalogs update` fails here.
    wanted = {m.id for m in extract(domain, DOMAINS) if m.id}
    for language in TRANSLATED:
        with domain.catalog.po_file(language).open("rb") as handle:
            held = {m.id for m in read_po(handle, locale=language) if m.id}
        assert held == wanted, language


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.catalog.domain)
def test_plural_messages_have_every_form_their_language_needs(domain) -> None:
    for language in TRANSLATED:
        with domain.catalog.po_file(language).open("rb") as handle:
            catalog = read_po(handle, locale=language)
        assert catalog.num_plurals == 2  # German and Danish: one, other
        for message in catalog:
            if isinstance(message.id, tuple):
                assert len(message.string) == catalog.num_plurals and all(message.string)


def test_the_check_finds_a_changed_placeholder() -> None:
    assert placeholders("{name} takes {amount} million.") == {"name", "amount"}
    assert placeholders("{name} nimmt {betrag} Millionen.") != placeholders(
        "{name} takes {amount} million.")
