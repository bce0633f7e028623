"""Answering interactions: acknowledge first, refuse privately, edit the clicked message."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable, Sequence
from contextvars import ContextVar
from typing import Any

import discord

from bot.catalog import N_, _
from bot.core.ids import PREFIX
from bot.core.texts import linked
from engine.core.errors import EngineError
from engine.core.i18n import supported, use_locale

log = logging.getLogger(__name__)
# Marked here, translated where told (`_(NOT_RECORDED)`).
NOT_RECORDED = N_("That did not go through — your move was not recorded; please try again. "
                  "If it keeps failing, tell the server's admins.")
RECORDED = N_("Your move was recorded, but something failed after it: the table may lag behind "
              "for a moment.")
# Set once an interaction's change is committed, so a later failure is not called a loss.
_recorded: ContextVar[bool] = ContextVar("recorded", default=False)
# This interaction's place among those still writing their answer (see Answering); a holder
# shared with the tasks it starts, so that it is given up once.
_answering: ContextVar[list[Answering] | None] = ContextVar("answering", default=None)


class Answering:
    """How many clicks and commands are still writing their own answer. Channel writes wait
    (briefly) while any is: in a burst every player first gets their own answer, then the
    tables are redrawn — the work is the same, only its order changes (docs/benchmarks.md)."""

    def __init__(self) -> None:
        self.count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def begin(self) -> None:
        """An interaction started."""
        self.count += 1
        self._idle.clear()

    def end(self) -> None:
        """An interaction has written its answer (or ended)."""
        self.count -= 1
        if self.count <= 0:
            self.count = 0
            self._idle.set()

    async def idle(self, at_most: float) -> None:
        """Wait until no interaction is writing its answer, at most `at_most` seconds."""
        if self.count:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._idle.wait(), at_most)


def answered() -> None:
    """This interaction's own answer is written: channel writes need not wait for it."""
    holder = _answering.get()
    if holder:
        holder.pop().end()


def mark_recorded() -> None:
    """Note that this interaction's change is committed (see guarded)."""
    _recorded.set(True)


async def guarded(interaction: discord.Interaction, work: Awaitable[None],
                  game_id: int | None = None) -> None:
    """Run a click's or command's handler; a refusal is told, an unexpected error is logged
    with the game and answered privately and honestly, so no interaction is left with "This
    interaction failed" and nothing reaches discord.py's error handlers."""
    token = _recorded.set(False)
    answering = getattr(interaction.client, "answering", None)
    if answering is not None:
        answering.begin()
    answering_token = _answering.set([answering] if answering is not None else None)
    # The clicking member's language for everything private; channel writes set their own.
    with use_locale(reply_language(interaction)):
        try:
            await work
        except EngineError as exc:  # a refusal that escaped its handler: still the answer
            await tell_safely(interaction, exc.message)
        except discord.HTTPException as exc:
            if exc.code not in UNANSWERABLE:
                await _failed(interaction, game_id)
            else:  # nothing to answer through: said once, without a traceback
                log.warning("game #%s: %s by %s could not be answered (%s: %s)", game_id,
                            _what(interaction), interaction.user.id, exc.code,
                            UNANSWERABLE[exc.code])
        except Exception:
            await _failed(interaction, game_id)
        finally:
            answered()
            _answering.reset(answering_token)
            _recorded.reset(token)


def _what(interaction: discord.Interaction) -> str:
    """The clicked component's id or the command's name, for the log."""
    data = interaction.data or {}
    return str(data.get("custom_id") or f"/{data.get('name', '?')}")


async def _failed(interaction: discord.Interaction, game_id: int | None) -> None:
    """Log an unexpected failure with its traceback; answer honestly whether it was recorded."""
    what = _what(interaction)
    log.exception("game #%s: %s by %s failed (channel %s)", game_id, what,
                  interaction.user.id, interaction.channel_id)
    await tell_safely(interaction, _(RECORDED) if _recorded.get() else _(NOT_RECORDED))


def reply_language(interaction: discord.Interaction) -> str:
    """The language of private replies to this interaction: the member's choice, else their
    client's (choices are loaded at start, so this never waits for the database)."""
    languages = getattr(interaction.client, "languages", None)
    if languages is None:
        return supported(str(interaction.locale.value))
    return languages.for_interaction(interaction)


async def tell_safely(interaction: discord.Interaction, text: str) -> None:
    """A private answer that may find the interaction expired or answered: logged, once."""
    try:
        await tell(interaction, text)
    except discord.HTTPException as exc:
        log.info("could not answer interaction %s (%s); it has expired or was answered",
                 interaction.id, exc)


def was_recorded() -> bool:
    """Whether this interaction's change was committed before something failed."""
    return _recorded.get()


async def tell(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was answered already (its commands
    as mentions a click runs)."""
    text = linked(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def edit_reply(interaction: discord.Interaction, **fields: Any) -> None:
    """Edit the clicked message after a committed change; a refusal by Discord is logged, and
    the caller goes on to publish the change (which must never be skipped)."""
    try:
        await interaction.edit_original_response(**fields)
    except discord.HTTPException as exc:
        log.warning("could not update the clicked message: %s", exc)


async def acknowledge(interaction: discord.Interaction, *, private_reply: bool = False) -> None:
    """Answer Discord before anything touches the database, which may be busy for longer than
    the 3 seconds Discord waits. `private_reply`: the answer will be an ephemeral message
    ("thinking…" until then). Otherwise a click is acknowledged silently (the clicked message
    may be edited afterwards) and a slash command shows a public "thinking…"."""
    if interaction.response.is_done():
        return
    if private_reply:
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer()


# Discord's codes for an interaction that can no longer be answered (it expired after three
# seconds unanswered, or another answer came first): logged once as a warning.
UNANSWERABLE = {10062: "the interaction expired", 40060: "the interaction was answered already"}
# Marked here, translated where told: a click on one of our ids that nothing offered (forged,
# or kept from an older version).
INVALID_CLICK = N_("That button is not valid any more (or never was): nothing was changed. Use "
                   "the current table or `/game hand`.")


def from_private_message(interaction: discord.Interaction) -> bool:
    """Whether the click came from a message only its member sees (an ephemeral prompt, or a
    DM): the only messages a prompt's own controls may rewrite. A public message carrying them
    was never ours to offer them on (a forged or kept copy)."""
    message = interaction.message
    return message is not None and (message.flags.ephemeral or interaction.guild_id is None)


def is_admin(interaction: discord.Interaction) -> bool:
    """Manage Channels in this channel counts as admin for abandoning and starting games."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_channels)


def undispatched(custom_id: str, message: discord.Message | None,
                 templates: Sequence[re.Pattern[str]]) -> bool:
    """True for one of our component ids that discord.py will drop without a word: no
    registered template matches it exactly, or the message it came from has no such component
    (discord.py rebuilds the item from the message)."""
    if not custom_id.startswith(PREFIX):
        return False
    if not any(t.fullmatch(custom_id) for t in templates) or message is None:
        return True
    return not any(getattr(child, "custom_id", None) == custom_id
                   for row in message.components for child in getattr(row, "children", ()))
