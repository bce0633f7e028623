"""Who is spoken to in which language.

- A private reply (a prompt, a refusal, `/game hand`) is in the clicking member's language: the one
  they chose with `/game settings my_language:`, else their Discord client's (`interaction.locale`).
- A channel message (the table, the story, lobbies, rooms, reminders) is in the channel's language:
  the one chosen with `/game settings language:` for the channel, else for the server, else the
  server's preferred locale (Community servers set it), else English.
- Anything else falls back to English (engine.core.i18n.supported).

Choices are read from the database when the bot starts and kept: no text waits for a query.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Literal, Protocol

import discord

from engine.core.i18n import DEFAULT, current, supported, use_locale

if TYPE_CHECKING:
    from engine.service.service import GameService

MEMBER_LANGUAGE = "language"  # the preference key of a member's own language
Scope = Literal["guild", "channel"]


class Languages:
    """Resolves languages for the bot, caching the choices stored in the service."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._members: dict[int, str] = {}
        self._places: dict[tuple[Scope, int], str] = {}
        self._clients: dict[int, str] = {}  # the client language each member last clicked in

    async def load(self) -> None:
        """Read every stored choice once (a few rows), so no reply waits for the database."""
        members, places = await self.service.chosen_languages()
        self._members.update(members)
        self._places.update(places)

    def for_member(self, user_id: int, client_locale: object = None) -> str:
        """A member's language for private replies: their choice, else their client's (the one
        they last clicked in, when this is not a click)."""
        if client_locale is not None:
            self._clients[user_id] = _tag(client_locale)
        chosen = self._members.get(user_id)
        return supported(chosen or self._clients.get(user_id))

    def for_interaction(self, interaction: discord.Interaction) -> str:
        """The language of a private reply to this interaction."""
        return self.for_member(interaction.user.id, interaction.locale)

    def for_channel(self, channel_id: int, guild: discord.Guild | None = None) -> str:
        """A channel's language: its choice, its server's, the server's preferred locale."""
        chosen = self._places.get(("channel", channel_id))
        if chosen is None and guild is not None:
            chosen = self._places.get(("guild", guild.id))
            if chosen is None:
                chosen = _tag(getattr(guild, "preferred_locale", None))
        return supported(chosen)

    def chosen(self, scope: Scope, scope_id: int) -> str | None:
        """What was chosen for a channel or server (None: nothing)."""
        return self._places.get((scope, scope_id))

    async def choose_member(self, user_id: int, locale: str | None) -> None:
        """Store a member's own language (None: follow their Discord client again)."""
        await self.service.set_preference(user_id, MEMBER_LANGUAGE,
                                          None if locale is None else supported(locale))
        if locale is None:
            self._members.pop(user_id, None)
        else:
            self._members[user_id] = supported(locale)

    async def choose_place(self, scope: Scope, scope_id: int, locale: str | None) -> None:
        """Store a channel's or server's language (None: back to the default)."""
        await self.service.set_language(scope, scope_id, locale)
        if locale is None:
            self._places.pop((scope, scope_id), None)
        else:
            self._places[(scope, scope_id)] = supported(locale)


def _tag(locale: object) -> str:
    """A discord.Locale (or None) as a language tag; English when absent."""
    if locale is None:
        return DEFAULT
    return str(getattr(locale, "value", locale))


class Speaker(Protocol):
    """What the language helpers need of the bot (BotBase has it)."""

    languages: Languages

    def get_channel(self, id: int, /) -> Any:
        """A cached channel or thread, or None."""


@contextmanager
def channel_language(bot: Speaker, channel_id: int) -> Iterator[str]:
    """Build text inside the block in the language of a channel (or of a thread's channel)."""
    channel = bot.get_channel(channel_id)
    guild = getattr(channel, "guild", None)
    parent = getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None
    language = bot.languages.for_channel(parent or channel_id, guild)
    with use_locale(language):
        yield language


@contextmanager
def member_language(bot: Speaker, user_id: int) -> Iterator[str]:
    """Build text inside the block in a member's language (a DM: their choice, else the
    language their client last clicked in, else English)."""
    with use_locale(bot.languages.for_member(user_id)):
        yield current()
