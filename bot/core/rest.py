"""Discord writes that may fail without stopping the game: the state is already committed, so a
failed post or edit is logged and the caller carries on (the next update repairs the view)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.catalog import _

log = logging.getLogger(__name__)


async def send_safely(target: discord.abc.Messageable, content: str | None = None,
                      **kwargs: Any) -> discord.Message | None:
    """Send a message; None (logged) if Discord refused it."""
    try:
        return await target.send(content, **kwargs)
    except discord.HTTPException as exc:
        log.warning("could not post to %s: %s", getattr(target, "id", target), exc)
        return None


async def edit_safely(target: discord.abc.Messageable, message_id: int, **kwargs: Any) -> bool:
    """Edit one of our messages; False (logged) if it is gone or Discord refused the edit."""
    try:
        await target.get_partial_message(message_id).edit(**kwargs)  # type: ignore[attr-defined]
        return True
    except discord.HTTPException as exc:
        log.warning("could not edit message %s: %s", message_id, exc)
        return False


def refusal_reason(exc: Exception) -> str:
    """Why Discord refused to create something, in words for the channel (a clause, shown in
    parentheses)."""
    if isinstance(exc, discord.Forbidden):
        return (_("I am missing the *Create Public Threads* permission here")
                if exc.code in (0, 50013) else _("Discord does not let me open threads here"))
    if isinstance(exc, discord.HTTPException):
        # Translators: {status} is Discord's numeric HTTP error code, e.g. 500.
        return _("Discord answered with an error ({status})").format(status=exc.status)
    return _("threads cannot be opened in this kind of channel")


READ_BACK = 20  # messages read back to find what an interrupted write left


async def written_since(target: discord.abc.Messageable, author_id: int,
                        after_id: int) -> list[discord.Message] | None:
    """The messages `author_id` (the bot) posted in `target` after message `after_id` (0: from
    the start), oldest first; None (logged) if Discord would not let us read them. Used after a
    crash, to find a post that landed before its id was stored."""
    after = discord.Object(after_id) if after_id else None
    try:
        found = [m async for m in target.history(limit=READ_BACK, after=after)]
    except discord.HTTPException as exc:
        log.warning("could not read back %s (%s)", getattr(target, "id", target), exc)
        return None
    return sorted((m for m in found if m.author.id == author_id), key=lambda m: m.id)
