"""The game's live message: the turn's story as its text, the table as its embed, edited in
place. Each state change costs one channel write: an edit, or a new message when players must
be pinged, a picture comes with it, or a turn begins."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.core.base import BotBase
from bot.core.components import table_view
from bot.core.presenter import presenter_for
from bot.core.rest import edit_safely, send_safely
from bot.core.texts import CONTENT_LIMIT, chunks, pinging, seat_names
from engine.core.game import Decision, DecisionUI
from engine.core.registry import get_kind
from engine.store.models import GameInfo

log = logging.getLogger(__name__)


@dataclass
class Change:
    """What one state change shows in the channel."""

    lines: list[str]  # the story, in order (narration, scoring tables, notices)
    pings: list[str] = field(default_factory=list)  # humans who now owe a decision
    pinged: list[int] = field(default_factory=list)  # their user ids: nobody else is pinged
    files: list[discord.File] = field(default_factory=list)  # the standings picture
    fresh: bool = False  # a new turn begins

    @property
    def new_message(self) -> bool:
        """An edit notifies nobody and cannot add a picture, and a turn gets its own message."""
        return self.fresh or bool(self.pings) or bool(self.files)


class TableMessage:
    """Writes a game's live message; remembers its text so an edit can append to it."""

    def __init__(self, bot: BotBase) -> None:
        self.bot = bot
        self._texts: dict[int, tuple[int, str]] = {}  # game → (message id, its text)

    def forget(self, game_id: int) -> None:
        """Drop what is remembered of a game that ended."""
        self._texts.pop(game_id, None)

    def __len__(self) -> int:
        """How many games' texts are remembered."""
        return len(self._texts)

    async def write(self, info: GameInfo, channel: discord.abc.Messageable,
                    change: Change) -> None:
        """Show `change` and the current table: append to the live message, or post anew."""
        service = self.bot.service
        embed = await current_table(self.bot, info)
        buttons = table_view(info.id, button_label(await service.pending(info.id)))
        lines = [line for line in change.lines if line]
        ref = (await service.get_messages(info.id)).get("table")
        if ref is not None and not change.new_message:
            old = await self._text(channel, info.id, ref.message_id)
            content = "\n".join(part for part in (old, *lines) if part)
            # A failed edit (gone, or a Discord error) falls through to a fresh message, so
            # the channel shows the current state and the game goes on.
            if old is not None and len(content) <= CONTENT_LIMIT and await edit_safely(
                    channel, ref.message_id, content=content or None, embed=embed, view=buttons):
                self._texts[info.id] = (ref.message_id, content)
                return
        texts = chunks([*lines, *change.pings])
        for text in texts[:-1]:  # a change too long for one message (a very long scoring)
            await send_safely(channel, text, allowed_mentions=pinging(change.pinged))
        content = texts[-1] if texts else None
        message = await send_safely(channel, content, embed=embed, view=buttons,
                                    files=change.files,
                                    allowed_mentions=pinging(change.pinged))
        if message is not None:
            self._texts[info.id] = (message.id, content or "")
            await service.set_message(info.id, "table", info.channel_id, message.id)

    async def _text(self, channel: discord.abc.Messageable, game_id: int,
                    message_id: int) -> str | None:
        """The live message's text (from memory, or from Discord after a restart)."""
        cached = self._texts.get(game_id)
        if cached is not None and cached[0] == message_id:
            return cached[1]
        try:
            message = await channel.fetch_message(message_id)
        except discord.HTTPException as exc:
            log.info("game %s: table message %s unreadable (%s)", game_id, message_id, exc)
            return None
        return message.content


async def current_table(bot: BotBase, info: GameInfo) -> discord.Embed:
    """The public table of a game as its presenter draws it, with the earliest deadline."""
    pv = await bot.service.get_view(info.id, None)
    return presenter_for(info.kind).table_embed(pv.view, seat_names(info),
                                                get_kind(info.kind).title,
                                                await bot.service.decision_due(info.id))


def button_label(pending: Sequence[Decision]) -> str | None:
    """The table's button: a secret choice, another decision, or none when nobody decides."""
    if any(d.ui is DecisionUI.SECRET for d in pending):
        return "Choose your action"
    return "Your decision" if pending else None
