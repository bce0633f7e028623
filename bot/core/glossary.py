"""/game card: any game's card glossary, searched by name, with autocomplete."""

from __future__ import annotations

import difflib

import discord
from discord import app_commands

from bot.catalog import _
from bot.core.presenter import EMBED_COLOUR, presenter_for, presenters
from bot.core.texts import safe_name
from engine.core.registry import get_kind

AUTOCOMPLETE_LIMIT = 25  # Discord shows at most 25 suggestions


def _entries(game: str | None) -> dict[str, tuple[str, str]]:
    """Card name → (game, explanation): one game's cards, or every game's."""
    chosen = [presenter_for(game)] if game else presenters()
    return {name: (p.game, text) for p in reversed(chosen) for name, text in p.glossary().items()}


def suggestions(current: str, game: str | None = None) -> list[app_commands.Choice[str]]:
    """Names that start with what was typed first, then names that contain it."""
    typed = current.strip().casefold()
    names = list(_entries(game))
    starts = [n for n in names if n.casefold().startswith(typed)]
    inside = [n for n in names if typed in n.casefold() and n not in starts]
    return [app_commands.Choice(name=n[:100], value=n[:100])
            for n in (starts + inside)[:AUTOCOMPLETE_LIMIT]]


def card_answer(name: str, game: str | None = None) -> discord.Embed | str:
    """The card's explanation, or a refusal that names the closest cards."""
    entries = _entries(game)
    found = next((n for n in entries if n.casefold() == name.strip().casefold()), None)
    if found is None:
        close = difflib.get_close_matches(name, list(entries), n=3, cutoff=0.4)
        # Translators: {name} is what the member typed.
        sentences = [_("No card is called “{name}”.").format(name=safe_name(name))]
        if close:
            # Translators: {cards} is a list of card names, e.g. "**Thief**, **Sage**".
            sentences.append(_("Did you mean {cards}?").format(
                cards=", ".join(f"**{c}**" for c in close)))
        sentences.append(_("Start typing a name and pick one from the list."))
        return " ".join(sentences)
    kind, text = entries[found]
    embed = discord.Embed(title=found[:256], description=text[:4096], colour=EMBED_COLOUR)
    embed.set_footer(text=get_kind(kind).title)
    return embed
