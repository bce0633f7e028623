"""After every accepted change: narrate it (with the round's scoring and the final results)
in the game's live table message, and run the negotiation room."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.negotiation import NegotiationRooms, Room, is_closing, still_open
from bot.prompts import with_names
from bot.publish_order import PublishOrder, version_range
from bot.render.narrate import narrate
from bot.render.picture import standings_png
from bot.render.scoring import final_results, scoring_notes, scoring_table
from bot.table_message import Change, TableMessage, seat_names
from engine.core.game import GameEvent
from engine.games.esr.events import GameEnded, NegotiationStarted, OfferMade, RoundScored, TurnStarted
from engine.service.models import SubmitResult
from engine.store.models import GameInfo

if TYPE_CHECKING:
    from bot.client import JuwelierBot

log = logging.getLogger(__name__)
__all__ = ["Publisher", "seat_names"]


class Publisher:
    """Writes to the game's channel; one lock per game keeps messages in order."""

    def __init__(self, bot: JuwelierBot) -> None:
        self.bot = bot
        self._locks: dict[int, asyncio.Lock] = {}
        self.rooms = NegotiationRooms(bot)
        self.table = TableMessage(bot)
        self.order = PublishOrder()

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

    async def publish(self, game_id: int, results: SubmitResult | Sequence[SubmitResult], *,
                      prompted: int | None = None, notice: str | None = None) -> None:
        """Tell the channel what `results` changed in one write (the live table message), in
        commit order, and run the negotiation room in its thread.

        `prompted` is a user who was just shown their next decision privately (no ping needed);
        `notice` is a line that comes first (who timed out, who took a seat, ...).
        """
        self.bot.timers.poke()  # the change may have opened a decision that falls due sooner
        results = [results] if isinstance(results, SubmitResult) else list(results)
        events = [e for r in results for e in r.events]
        async with self.order.turn(game_id, version_range(results)), self.lock(game_id):
            info = await self.bot.service.get_game(game_id)
            channel = await self.channel(info)
            if channel is None:
                return
            names = seat_names(info)
            refs = await self.bot.service.get_messages(game_id)
            room = await self.rooms.current(info, channel, refs)
            lines, room = await self._tell(info, channel, events, names, room)
            change = Change(lines=[notice, *lines] if notice else lines,
                            pings=await self._pings(info, events, prompted),
                            fresh=any(isinstance(e, TurnStarted) for e in events))
            pictured = [e for e in events if isinstance(e, (RoundScored, GameEnded))]
            if pictured:  # the last round's standings are the final standings: one picture
                change.files.append(await self._picture(info, pictured[-1], names))
            await self.table.write(info, channel, change)
            if room is not None and info.status == "running":
                await self.rooms.refresh(info, room, names)

    async def _tell(self, info: GameInfo, channel: discord.abc.Messageable,
                    events: Sequence[GameEvent], names: list[str], room: Room | None
                    ) -> tuple[list[str], Room | None]:
        """The channel's lines in event order: every line except the offers of a threaded
        negotiation, which its room tells; rooms open and close as negotiations do."""
        lines: list[str] = []
        for index, event in enumerate(events):
            line = _line(event, names)
            if isinstance(event, NegotiationStarted):
                if room is not None:  # a new negotiation: whatever room was open is over
                    await self.rooms.forget(info)
                    room = None
                if still_open(events, index):
                    room = await self.rooms.open(info, channel, event, names)
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

    async def _picture(self, info: GameInfo, event: RoundScored | GameEnded,
                       names: list[str]) -> discord.File:
        """The standings after a scoring, or the final standings, as a PNG attachment."""
        players = (await self.bot.service.get_view(info.id, None)).view["players"]
        final = isinstance(event, GameEnded)
        title = "Final standings" if final else f"After round {event.round}"  # type: ignore[union-attr]
        money = event.money if final else event.money_after  # type: ignore[union-attr]
        # Drawing takes ≈ 17 ms of CPU: off the event loop, so other games' clicks go on.
        png = await asyncio.to_thread(standings_png, title, names,
                                      [money[s] for s in range(len(names))],
                                      [list(p["gems"].values()) for p in players])
        return discord.File(io.BytesIO(png), "final.png" if final else "standings.png")


def _line(event: GameEvent, names: list[str]) -> str | None:
    """The channel's text for one event: its narration, or the scoring or final table."""
    if isinstance(event, RoundScored):
        notes = scoring_notes(event, names)
        return (f"**Scoring of round {event.round}**\n" + scoring_table(event, names)
                + (f"\n{notes}" if notes else ""))
    if isinstance(event, GameEnded):
        return "**Game over!**\n" + final_results(event, names)
    if isinstance(event, TurnStarted):  # the turn's story starts here, above its table
        return turn_heading(event.round, event.turn)
    return narrate(event, names)


def turn_heading(round_: int, turn: int) -> str:
    """The line that opens a turn's story in the channel."""
    return f"**── Round {round_} · turn {turn} ──**"
