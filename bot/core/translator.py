"""Slash commands in the member's client language: discord.py's Translator over our catalogs.

Discord shows a command's localised names and descriptions by the client's language, so these
need no choice stored anywhere. A name must stay a valid command name in every language
(lower case, no spaces, at most 32 characters); a translation that is not is left out, and
Discord shows the English name.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from engine.core.i18n import DEFAULT, LOCALES, Catalog, use_locale

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)
# Discord's rule for command and option names (its \p{L}\p{N} classes, in lower case).
_NAME = re.compile(r"^[-_'\w]{1,32}$")


def valid_name(text: str) -> bool:
    """Whether Discord accepts `text` as a command, group or option name."""
    return bool(_NAME.fullmatch(text)) and text == text.lower()


def discord_language(locale: discord.Locale) -> str | None:
    """Our language for a Discord client locale ('de', 'da'); None for English and others."""
    language = locale.value.split("-", 1)[0]
    return language if language in LOCALES and language != DEFAULT else None


class CatalogTranslator(app_commands.Translator):
    """Looks each command string up in the bot's catalogs, in the client's language."""

    def __init__(self, catalogs: list[Catalog]) -> None:
        self.catalogs = catalogs

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        """The translation for `locale`, or None to let Discord show the English."""
        language = discord_language(locale)
        if language is None:
            return None
        extras = dict(string.extras)
        template = extras.pop("template", None)
        if template is not None:  # a text made from a catalog message and values (extras)
            text = translate(self.catalogs, template, language, False)
            return None if text is None else text.format(**extras)
        return translate(self.catalogs, string.message, language, context.location in NAMES)


def translate(catalogs: list[Catalog], message: str, language: str, name: bool) -> str | None:
    """`message` in `language` from the first catalog that has it (None: none has it)."""
    with use_locale(language):
        for catalog in catalogs:
            text = catalog.gettext(message)
            if text != message:
                return text if (not name or valid_name(text)) else None
    return None
