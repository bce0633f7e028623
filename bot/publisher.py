"""After every accepted change: narrate it, print scorings, and keep the table message current."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.components import table_view
from bot.negotiation import NegotiationRooms, Room, is_closing, still_open
from bot.prompts import with_names
from bot.render.narrate import narrate
from bot.render.picture import standings_png
from bot.render.scoring import final_results, scoring_notes, scoring_table
from bot.render.table import table_embed
from bot.rest import MENTIONS, edit_safely, send_safely
from engine import get_kind
from engine.core.game import GameEvent
from engine.esr.events import GameEnded, NegotiationStarted, OfferMade, RoundScored, TurnStarted
from engine.store.models import GameInfo

if TYPE_CHECKING:
    from bot.client import JuwelierBot

log = logging.getLogger(__name__)
__all__ = ["MENTIONS", "Publisher", "chunks", "seat_names"]


def seat_names(info: GameInfo) -> list[str]:
    """Display names in seat order."""
    seated = sorted((s for s in info.seats if s.seat is not None), key=lambda s: s.seat)
    return [s.name for s in seated]


def chunks(lines: Sequence[str], limit: int = 1900) -> list[str]:
    """Join lines into messages that stay under Discord's 2000-character limit."""
    out: list[str] = []
    for line in lines:
        if out and len(out[-1]) + len(line) + 1 <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line[:limit])
    return out


class Publisher:
    """Writes to the game's channel; one lock per game keeps messages in order."""

    def __init__(self, bot: JuwelierBot) -> None:
        self.bot = bot
        self._locks: dict[int, asyncio.Lock] = {}
        self.rooms = NegotiationRooms(bot)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The per-game lock that keeps channel writes (and the timer's notices) in order."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def channel(self, info: GameInfo) -> discord.abc.Messageable | None:
        """The game's channel, from the cache or the API."""
        channel = self.bot.get_channel(info.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(info.channel_id)
            except discord.HTTPException:
                log.warning("game %s: channel %s is gone", info.id, info.channel_id)
                return None
        return channel  # type: ignore[return-value]

    async def publish(self, game_id: int, events: Sequence[GameEvent], *,
                      prompted: int | None = None) -> None:
        """Narrate `events`, run the negotiation room, and bring the table up to date.

        `prompted` is a user who was just shown their next decision privately (no ping needed).
        """
        self.bot.timers.poke()  # the change may have opened a decision that falls due sooner
        async with self.lock(game_id):
            info = await self.bot.service.get_game(game_id)
            channel = await self.channel(info)
            if channel is None:
                return
            names = seat_names(info)
            refs = await self.bot.service.get_messages(game_id)
            room = await self.rooms.current(info, channel, refs)
            lines, room = await self._tell(info, channel, events, names, room)
            lines += await self._pings(info, events, prompted)
            await self._send_lines(channel, lines)
            for event in events:
                if isinstance(event, RoundScored):
                    await self._scoring(channel, info, event, names)
                elif isinstance(event, GameEnded):
                    await self._final(channel, info, event, names)
            if room is not None and info.status == "running":
                await self.rooms.refresh(info, room, names)
            new_turn = any(isinstance(e, TurnStarted) for e in events)
            await self.refresh_table(info, channel, new_message=new_turn)

    async def _tell(self, info: GameInfo, channel: discord.abc.Messageable,
                    events: Sequence[GameEvent], names: list[str], room: Room | None
                    ) -> tuple[list[str], Room | None]:
        """Narrate in event order: the channel gets every line except the offers of a threaded
        negotiation, which its room tells; rooms open and close as negotiations do."""
        lines: list[str] = []
        for index, event in enumerate(events):
            line = narrate(event, names)
            if isinstance(event, NegotiationStarted):
                if room is not None:  # a new negotiation: whatever room was open is over
                    await self.rooms.forget(info)
                    room = None
                if still_open(events, index):
                    # Narrate up to here first: the thread may start off this message.
                    posted = await self._send_lines(channel, [*lines, line or ""])
                    lines = []
                    room = await self.rooms.open(info, channel, event, names, posted)
                    continue
            if room is not None and isinstance(event, OfferMade):
                self.rooms.tell(room, event, names)
                if room.in_thread:
                    continue  # offers are told in the thread, not the channel
            if line:
                lines.append(line)
            if room is not None and is_closing(event):
                self.rooms.tell(room, event, names)  # the result: in the room and here
                await self.rooms.close(info, room)
                room = None
        return lines, room

    async def _send_lines(self, channel: discord.abc.Messageable,
                          lines: Sequence[str]) -> discord.Message | None:
        """Post narration lines in as few messages as fit; the last message posted."""
        last = None
        for text in chunks([line for line in lines if line]):
            last = await send_safely(channel, text, allowed_mentions=MENTIONS) or last
        return last

    async def close_room(self, info: GameInfo) -> None:
        """Close a negotiation left open by a game that ended early (e.g. abandoned)."""
        async with self.lock(info.id):
            channel = await self.channel(info)
            if channel is None:
                return
            room = await self.rooms.current(info, channel, await self.bot.service.get_messages(
                info.id))
            if room is not None:
                await self.rooms.close(info, room)

    async def refresh_table(self, info: GameInfo, channel: discord.abc.Messageable,
                            new_message: bool = False) -> None:
        """Edit the table message in place, or post a fresh one at the start of a turn."""
        pv = await self.bot.service.get_view(info.id, None)
        view = pv.view
        names = seat_names(info)
        embed = table_embed(view, names, get_kind(info.kind).title,
                            due_at=await self.bot.service.decision_due(info.id))
        label = None
        if view["phase"] == "choose":
            label = "Choose your action"
        elif view["waiting_for"]:
            label = "Your decision"
        buttons = table_view(info.id, label)
        ref = (await self.bot.service.get_messages(info.id)).get("table")
        # A failed edit (gone, or a Discord error) falls through to a fresh table message, so
        # the channel shows the current state and the game goes on.
        if ref is not None and not new_message and await edit_safely(
                channel, ref.message_id, embed=embed, view=buttons):
            return
        message = await send_safely(channel, embed=embed, view=buttons)
        if message is not None:
            await self.bot.service.set_message(info.id, "table", info.channel_id, message.id)

    async def _pings(self, info: GameInfo, events: Sequence[GameEvent],
                     prompted: int | None = None) -> list[str]:
        """Mention humans who now owe a decision other than the action choice or a negotiation
        answer (the negotiation room pings its player), unless it is already in front of them."""
        if not events or info.status != "running":
            return []
        pending = await self.bot.service.pending(info.id)
        names = seat_names(info)
        lines = []
        for decision in pending:
            if decision.kind.endswith(("choose_action", "negotiate")):
                continue
            seat = next((s for s in info.seats if s.seat == decision.player), None)
            if seat is not None and seat.user_id is not None and seat.user_id != prompted:
                lines.append(f"<@{seat.user_id}>, your move: "
                             f"{with_names(decision.prompt, names)} "
                             "(press **Your decision** on the table).")
        return lines

    async def _scoring(self, channel: discord.abc.Messageable, info: GameInfo,
                       scored: RoundScored, names: list[str]) -> None:
        pv = await self.bot.service.get_view(info.id, None)
        players = pv.view["players"]
        png = standings_png(f"After round {scored.round}", names,
                            [scored.money_after[s] for s in range(len(names))],
                            [list(p["gems"].values()) for p in players])
        text = f"**Scoring of round {scored.round}**\n" + scoring_table(scored, names)
        notes = scoring_notes(scored, names)
        if notes:
            text += "\n" + notes
        await send_safely(channel, text[:2000],
                          file=discord.File(io.BytesIO(png), "standings.png"))

    async def _final(self, channel: discord.abc.Messageable, info: GameInfo, ended: GameEnded,
                     names: list[str]) -> None:
        pv = await self.bot.service.get_view(info.id, None)
        png = standings_png("Final standings", names, [ended.money[s] for s in range(len(names))],
                            [list(p["gems"].values()) for p in pv.view["players"]])
        await send_safely(channel, "**Game over!**\n" + final_results(ended, names),
                          file=discord.File(io.BytesIO(png), "final.png"))
