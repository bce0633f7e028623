"""Helpers for the language tests: clients that report a Discord locale, and checks that what
the bot wrote is in the reader's language and within Discord's limits."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po
from simcord import interactions

from engine.cli.catalogs import domains

CONTENT, LABEL, OPTION, FIELD, TITLE = 2000, 80, 100, 1024, 256
_FIELDS = string.Formatter()


def with_client_locales(clients: Callable[[int], str]) -> Callable[..., Any]:
    """SimCord's interaction payload builder, with each user's client locale (`clients`: user
    id → Discord locale) where SimCord 3.2 always sends en-US, as a client set to English would."""
    original = interactions.base_payload

    def with_locale(backend: Any, **fields: Any) -> Any:
        record, payload = original(backend, **fields)
        payload["locale"] = clients(fields["user_id"])
        return record, payload

    return with_locale


def report_locales(monkeypatch: pytest.MonkeyPatch, clients: dict[int, str]) -> None:
    """Make each user's interactions carry their client's locale (others: en-US)."""
    monkeypatch.setattr(interactions, "base_payload",
                        with_client_locales(lambda user: clients.get(user, "en-US")))


@cache
def english_phrases(language: str) -> frozenset[str]:
    """Runs of three or more English words from every message the catalogs translate into
    `language` differently, that the translations themselves never contain."""
    phrases: set[str] = set()
    translated: list[str] = []
    for domain in domains():
        with domain.catalog.po_file(language).open("rb") as handle:
            catalog = read_po(handle, locale=language)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strs = message.string if isinstance(message.string, tuple) else (message.string,)
            translated += strs
            if set(ids) == set(strs):
                continue
            for text in ids:
                for literal, *_ in _FIELDS.parse(text):
                    for piece in re.split(r"[*`_\n()\[\]:;,.!?—–·\"“”]+", literal):
                        words = piece.split()
                        if len(words) >= 3 and all(w.isalpha() for w in words):
                            phrases.add(" ".join(words))
    everywhere = "\n".join(translated)
    return frozenset(p for p in phrases if p not in everywhere)


@cache
def english_labels(language: str) -> frozenset[str]:
    """Short messages (a label, a heading) translated differently into `language`: a text that
    is exactly one of them was left in English."""
    labels: set[str] = set()
    for domain in domains():
        with domain.catalog.po_file(language).open("rb") as handle:
            catalog = read_po(handle, locale=language)
        for message in catalog:
            if isinstance(message.id, str) and message.id and message.string != message.id \
                    and "{" not in message.id and any(c.isalpha() for c in message.id):
                labels.add(message.id)
    return frozenset(labels)


def english_left(texts: Iterable[str], language: str) -> list[tuple[str, str]]:
    """(phrase, text) for every English phrase of the catalogs found in the texts."""
    phrases, labels = english_phrases(language), english_labels(language)
    found = []
    for text in texts:
        flat = " ".join(text.split())
        found += [(p, text[:120]) for p in phrases if p in flat]
        bare = flat.strip(" *_`#-:.…!?🎴💰🃏💎🎁🔺🟡🟩🔷⏰🤝🔒✅🛑🚪🙋🤖🏆🎲🔁⚠️")
        if bare in labels:
            found.append((bare, text[:120]))
    return found


def message_texts(message: Any) -> Iterator[str]:
    """Every text of a channel message (a discord.Message): content, embeds, components."""
    yield message.content or ""
    for embed in message.embeds:
        data = embed.to_dict()
        yield from _embed_texts(data)
    for row in message.components:
        for item in getattr(row, "children", ()):
            yield from _item_texts(item.to_dict())


def payload_texts(payload: Any) -> Iterator[str]:
    """Every text of an interaction response or followup (SimCord's ResponseMessage)."""
    yield getattr(payload, "content", None) or ""
    for embed in getattr(payload, "embeds", None) or ():
        yield from _embed_texts(embed if isinstance(embed, dict) else embed.to_dict())
    for row in getattr(payload, "components", None) or ():
        for item in row.get("components", []):
            yield from _item_texts(item)


def _embed_texts(data: dict[str, Any]) -> Iterator[str]:
    yield data.get("title", "") or ""
    yield data.get("description", "") or ""
    for field in data.get("fields", []):
        yield field.get("name", "")
        yield field.get("value", "")
    yield (data.get("footer") or {}).get("text", "")


def _item_texts(item: dict[str, Any]) -> Iterator[str]:
    yield item.get("label", "") or ""
    yield item.get("placeholder", "") or ""
    for option in item.get("options", []):
        yield option.get("label", "")
        yield option.get("description", "") or ""


def over_limits(message: Any) -> list[str]:
    """Every part of a message (discord.Message or response payload) over Discord's limits."""
    problems = []
    content = getattr(message, "content", None) or ""
    if len(content) > CONTENT:
        problems.append(f"content {len(content)}")
    embeds = getattr(message, "embeds", None) or ()
    for embed in embeds:
        data = embed if isinstance(embed, dict) else embed.to_dict()
        if len(data.get("title", "") or "") > TITLE:
            problems.append(f"title {data['title'][:40]}")
        for field in data.get("fields", []):
            if len(field.get("value", "")) > FIELD or len(field.get("name", "")) > TITLE:
                problems.append(f"field {field.get('name', '')[:40]}")
    rows = getattr(message, "components", None) or ()
    for row in rows:
        items = row.get("components", []) if isinstance(row, dict) else [
            c.to_dict() for c in getattr(row, "children", ())]
        for item in items:
            if len(item.get("label", "") or "") > LABEL:
                problems.append(f"label {item['label'][:40]}")
            for option in item.get("options", []):
                if len(option.get("label", "")) > OPTION or \
                        len(option.get("description", "") or "") > OPTION:
                    problems.append(f"option {option.get('label', '')[:40]}")
    return problems
