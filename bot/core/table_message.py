"""The game's live message: the turn's story as its text, the table as its embed (and, for a
game that draws one, the table's picture as its attachment), edited in place. Each state change
costs one channel write: an edit, or a new message when players must be pinged, a picture of
the events comes with it, or a turn begins."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.catalog import _
from bot.core.base import BotBase
from bot.core.components import table_view
from bot.core.presenter import Picture, presenter_for
from bot.core.rest import edit_safely, send_safely, written_since
from bot.core.texts import CONTENT_LIMIT, chunks, nonce, pinging, seat_names
from engine.core.game import Decision, DecisionUI
from engine.core.registry import get_kind
from engine.store.models import GameInfo, MessageRef

log = logging.getLogger(__name__)
TABLE = "table"  # the stored name of the live table message
POSTING = "table:posting"  # a new table message is being posted (message_id: the one before)


@dataclass
class Change:
    """What one state change shows in the channel."""

    lines: list[str]  # the story, in order (narration, scoring tables, notices)
    pings: list[str] = field(default_factory=list)  # humans who now owe a decision
    pinged: list[int] = field(default_factory=list)  # their user ids: nobody else is pinged
    files: list[discord.File] = field(default_factory=list)  # e.g. the standings picture
    # Pictures of how the turn before ended: on its message, with the lines that end it.
    closing: list[Picture] = field(default_factory=list)
    fresh: bool = False  # a new turn begins
    ending: int = 0  # how many of the lines end the turn before it (they close its message)

    @property
    def new_message(self) -> bool:
        """An edit notifies nobody, a picture of these events stays in the story (the table's
        own picture is replaced by every edit), and a turn gets its own message."""
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
                    change: Change, told: tuple[int, int] | None = None) -> None:
        """Show `change` and the current table: append to the live message, or post anew.

        Safe to repeat after a crash: a post that landed before its id was stored is found
        and adopted (POSTING records the intent first; `told`, the versions this change
        tells, makes the post's nonce, so Discord itself drops a retry within minutes), and
        lines already at the end of the live message, as read back from Discord, are not
        appended twice."""
        service = self.bot.service
        embed = await current_table(self.bot, info)
        board = await table_picture(self.bot, info)
        attached = {"attachments": [board.file()]} if board is not None else {}
        buttons = table_view(info.id, button_label(await service.pending(info.id)),
                             finished=info.status == "finished")
        lines = [line for line in change.lines if line]
        refs = await service.get_messages(info.id)
        ref = refs.get(TABLE)
        if POSTING in refs:  # an earlier attempt may have posted before the process died
            ref = await self._adopt(info, channel, refs[POSTING], ref) or ref
        if ref is not None:
            remembered = self._texts.get(info.id, (None, ""))[0] == ref.message_id
            old = await self._text(channel, info.id, ref.message_id)
            story = "\n".join(lines)
            rest = lines[change.ending:] if change.new_message else lines
            posted = "\n".join([*rest, *change.pings])  # as a new message would read
            # Read back from Discord (after a restart): the lines may be there already.
            already = (not remembered and bool(story) and old is not None
                       and (old.endswith(story) or old.endswith(posted)))
            if already or not change.new_message:
                content = old if already else "\n".join(p for p in (old, *lines) if p)
                # A failed edit (gone, or a Discord error) falls through to a fresh message,
                # so the channel shows the current state and the game goes on.
                if old is not None and len(content or "") <= CONTENT_LIMIT and await edit_safely(
                        channel, ref.message_id, content=content or None, embed=embed,
                        view=buttons, **attached):
                    self._texts[info.id] = (ref.message_id, content or "")
                    return
            lines, left = await self._close(info, channel, ref, old, lines, change, remembered,
                                            board)
            change.files.extend(picture.file() for picture in left)
        texts = chunks([*lines, *change.pings])
        for text in texts[:-1]:  # a change too long for one message (a very long scoring)
            await send_safely(channel, text, allowed_mentions=pinging(change.pinged))
        content = texts[-1] if texts else None
        await service.set_message(info.id, POSTING, info.channel_id,
                                  ref.message_id if ref is not None else 0)
        once = {"nonce": nonce("table", info.id, *told)} if told and told[0] < told[1] else {}
        message = await send_safely(channel, content, embed=embed, view=buttons,
                                    files=[*change.files, *(
                                        [board.file()] if board is not None else [])],
                                    allowed_mentions=pinging(change.pinged), **once)
        if message is None:
            await service.forget_message(info.id, POSTING)
            return
        self._texts[info.id] = (message.id, content or "")
        await service.update_messages(info.id, [MessageRef(
            name=TABLE, channel_id=info.channel_id, message_id=message.id)], [POSTING])

    async def _close(self, info: GameInfo, channel: discord.abc.Messageable, ref: MessageRef,
                     old: str | None, lines: list[str], change: Change,
                     remembered: bool, board: Picture | None) -> tuple[list[str], list[Picture]]:
        """Finalise the message a new one replaces: the ending of its turn appended with its
        closing pictures, its table, the table's picture and its buttons taken off (only the
        live message has them; the story stays). Returns the lines and the closing pictures
        left for the new message. Safe to repeat: an ending or a picture already there (read
        back) is not added again."""
        ending = lines[:change.ending] if change.fresh else []
        content, told_here = old, False
        if ending and old is not None:
            tail = "\n".join(ending)
            if not remembered and old.endswith(tail):  # appended before a crash
                told_here = True
            elif len(joined := "\n".join(p for p in (old, tail) if p)) <= CONTENT_LIMIT:
                content, told_here = joined, True
        closing = change.closing if told_here else []
        kept: dict[str, Any] = {}
        if board is not None or closing:
            present = await _other_attachments(channel, ref.message_id,
                                               board.filename if board is not None else None)
            there = {a.filename for a in present}
            kept["attachments"] = [*present, *(p.file() for p in closing
                                               if p.filename not in there)]
        await edit_safely(channel, ref.message_id, content=content or None, embeds=[], view=None,
                          **kept)
        return (lines[len(ending):] if told_here else lines), (
            [] if told_here else list(change.closing))

    async def _adopt(self, info: GameInfo, channel: discord.abc.Messageable,
                     intent: MessageRef, ref: MessageRef | None) -> MessageRef | None:
        """The table message an interrupted post left in the channel (the bot's newest message
        with an embed after the table it replaced), now recorded as the live one."""
        service = self.bot.service
        written = await written_since(channel, self.bot.user.id,  # type: ignore[union-attr]
                                      intent.message_id)
        if written is None:
            return None
        found = next((m for m in reversed(written) if m.embeds), None)
        if found is None or (ref is not None and found.id == ref.message_id):
            await service.forget_message(info.id, POSTING)  # it never landed
            return None
        log.info("game %s: adopting table message %s posted before a restart", info.id, found.id)
        adopted = MessageRef(name=TABLE, channel_id=info.channel_id, message_id=found.id)
        await service.update_messages(info.id, [adopted], [POSTING])
        if ref is not None:
            await edit_safely(channel, ref.message_id, view=None)
        return adopted

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


async def table_picture(bot: BotBase, info: GameInfo) -> Picture | None:
    """The public table's picture as its presenter draws it, if the game has one (drawn off
    the event loop: it takes milliseconds of CPU, and other games' clicks go on meanwhile)."""
    presenter = presenter_for(info.kind)
    if not presenter.draws_table():
        return None
    pv = await bot.service.get_view(info.id, None)
    return await asyncio.to_thread(presenter.table_picture, pv.view, seat_names(info))


async def _other_attachments(channel: discord.abc.Messageable, message_id: int,
                             filename: str | None) -> list[discord.Attachment]:
    """A message's attachments but the table's picture (those of its events stay)."""
    try:
        message = await channel.fetch_message(message_id)
    except discord.HTTPException:
        return []
    return [a for a in message.attachments if a.filename != filename]


def button_label(pending: Sequence[Decision]) -> str | None:
    """The table's button: a secret choice, another decision, or none when nobody decides."""
    if any(d.ui is DecisionUI.SECRET for d in pending):
        return _("Choose your action")
    return _("Your decision") if pending else None
