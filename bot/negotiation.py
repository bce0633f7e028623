"""Negotiation rooms: when two players chose the same action, they haggle in a thread off the
table (or, if no thread can be opened, in the channel) around one live prompt message.

The room is remembered with the service (message name ROOM: the thread and the live prompt), so
a restarted bot finds it again. Rules stay in the engine: the buttons are the decision's options,
the free-form raise is checked by the service."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

from bot.components import NegotiateButton, RaiseButton, detached
from bot.prompts import allows_builder, option_label
from bot.render.narrate import ACTION_EMOJI, gem_text, narrate
from bot.rest import MENTIONS, edit_safely, refusal_reason, send_safely
from engine.core.game import Decision, GameEvent
from engine.games.esr.events import ActionLapsed, NegotiationStarted, OfferAccepted
from engine.games.esr.state import ACTION_NAMES
from engine.store.models import GameInfo, MessageRef

if TYPE_CHECKING:
    from bot.client import JuwelierBot

log = logging.getLogger(__name__)
ROOM = "negotiation"  # channel: the thread (or the game channel); message: the live prompt
STARTER = "negotiation_starter"  # a message can start one thread only: the last one used
THREAD_NAME_MAX = 100


def is_closing(event: GameEvent) -> bool:
    """The event that ends a negotiation: an accepted offer, or nobody offered (ESR-5)."""
    return isinstance(event, OfferAccepted) or (isinstance(event, ActionLapsed)
                                                and event.reason == "nobody_offered")


def still_open(events: Sequence[GameEvent], start: int) -> bool:
    """True if the negotiation started at events[start] is not over by the end of the batch.

    One that ended at once (two AI seats, a forced accept) is narrated in the channel only."""
    for event in events[start + 1:]:
        if is_closing(event):
            return False
        if isinstance(event, NegotiationStarted):
            break
    return True


def action_text(action: str) -> str:
    """'💰 Money'."""
    return f"{ACTION_EMOJI[action]} {ACTION_NAMES[action]}"


def thread_name(names: Sequence[str], seats: Sequence[int], action: str) -> str:
    """'ann ⇄ bob · Money', within Discord's 100 characters even for two 32-character names."""
    text = f"{names[seats[0]]} ⇄ {names[seats[1]]} · {ACTION_NAMES[action]}"
    return text if len(text) <= THREAD_NAME_MAX else text[:THREAD_NAME_MAX - 1] + "…"


def opener_reason(started: NegotiationStarted, names: Sequence[str]) -> str:
    """Why the opener opens (ESR-3, ties by ESR-2), from NegotiationStarted.decided_by."""
    opener = names[started.opener]
    other = names[next(s for s in started.seats if s != started.opener)]
    by = started.decided_by
    if by == "seat":
        return (f"**{opener}** opens: same gemstones and money as {other}, and {opener} sits "
                "earlier (ESR-3, ESR-2).")
    if by == "money":
        return f"**{opener}** opens: same gemstones as {other}, but less money (ESR-3, ESR-2)."
    tied = "" if by == "red" else " (the colours before it are tied)"
    return f"**{opener}** opens: fewer {by} gemstones than {other}{tied} (ESR-3)."


def intro(started: NegotiationStarted, names: Sequence[str]) -> str:
    """The first message in the room: who, what, why this opener, how offers work."""
    a, b = (names[s] for s in started.seats)
    return "\n".join([
        f"🤝 **{a}** and **{b}** both chose **{action_text(started.action)}**, so they "
        "negotiate: an offer is gemstones of your own; whoever accepts takes them and the "
        "other carries out the action.",
        opener_reason(started, names),
        "A raise must beat the current offer: more gemstones, or as many with more red, then "
        "yellow, green, blue (ESR-4). If the opener offers nothing, the other may offer one "
        "gemstone, which must be accepted, or nothing, and the action lapses (ESR-5).",
    ])[:2000]


def prompt_text(decision: Decision, view: dict, names: Sequence[str],
                mover: str, due_at: float | None) -> str:
    """The live prompt: the offer on the table and what the player to move may do."""
    spec = decision.constraints["offer"]
    current = spec["current"]
    partner = spec["partner"]
    players = view["players"]
    a, b = view["negotiation"]["seats"] if view.get("negotiation") else (decision.player, partner)
    lines = [f"🤝 **{action_text(spec['action'])}** · {names[a]} ⇄ {names[b]}",
             (f"Current offer: **{gem_text(current)}** from {names[partner]}." if current
              else "No offer on the table yet."),
             f"{mover}, your turn: {decision.prompt}"]
    for seat in (a, b):
        lines.append(f"{names[seat]}: {gem_text(list(players[seat]['gems'].values()))}")
    if due_at:
        lines.append(f"⏰ Due <t:{int(due_at)}:R>.")
    return "\n".join(lines)[:2000]


def prompt_buttons(game_id: int, decision: Decision, names: Sequence[str]) -> discord.ui.View:
    """The decision's options as buttons, plus the offer builder where a free raise is legal."""
    view = discord.ui.View(timeout=None)
    raising = decision.constraints["offer"]["current"] is not None
    for index, option in enumerate(decision.options[:24]):
        kind = option.action.get("type")
        nothing = kind == "offer" and not any(option.action.get("gems", []))
        style = (discord.ButtonStyle.success if kind == "accept"
                 else discord.ButtonStyle.secondary if nothing
                 else discord.ButtonStyle.primary)
        view.add_item(NegotiateButton(game_id, decision.key, index,
                                      option_label(option, names), style))
    if allows_builder(decision):
        view.add_item(RaiseButton(game_id, decision.key,
                                  "Raise…" if raising else "Build an offer…"))
    return detached(view)


@dataclass
class Room:
    """Where a negotiation is told: a thread, or the game channel when no thread could open."""

    target: discord.abc.Messageable
    in_thread: bool
    prompt_id: int | None = None
    record: list[str] = field(default_factory=list)  # lines to post before the next prompt
    changed: bool = False  # the live prompt must be replaced

    @property
    def id(self) -> int:
        """The thread's (or channel's) id."""
        return self.target.id  # type: ignore[attr-defined]


class NegotiationRooms:
    """Opens, updates and closes the room of a game's current negotiation."""

    def __init__(self, bot: JuwelierBot) -> None:
        self.bot = bot

    async def current(self, info: GameInfo, channel: discord.abc.Messageable,
                      refs: dict[str, MessageRef]) -> Room | None:
        """The open room remembered for this game, if any (also after a restart)."""
        ref = refs.get(ROOM)
        if ref is None:
            return None
        prompt_id = ref.message_id or None  # 0: the room is open, its prompt not yet posted
        if ref.channel_id == info.channel_id:
            return Room(channel, in_thread=False, prompt_id=prompt_id)
        thread = self.bot.get_channel(ref.channel_id)
        if thread is None:
            try:
                thread = await self.bot.fetch_channel(ref.channel_id)
            except discord.HTTPException:
                log.warning("game %s: negotiation thread %s is gone; using the channel",
                            info.id, ref.channel_id)
                return Room(channel, in_thread=False)
        return Room(thread, in_thread=True, prompt_id=prompt_id)  # type: ignore[arg-type]

    async def open(self, info: GameInfo, channel: discord.abc.Messageable,
                   started: NegotiationStarted, names: Sequence[str]) -> Room:
        """A thread off the table message (or a thread of its own, if the table already
        started one); the channel itself, with the reason, if that fails."""
        service = self.bot.service
        refs = await service.get_messages(info.id)
        table, used = refs.get("table"), refs.get(STARTER)
        name = thread_name(names, started.seats, started.action)
        try:
            if table is not None and (used is None or used.message_id != table.message_id):
                starter = channel.get_partial_message(table.message_id)  # type: ignore[attr-defined]
                thread = await starter.create_thread(name=name, auto_archive_duration=1440)
                await service.set_message(info.id, STARTER, info.channel_id, starter.id)
            else:  # a message starts one thread only; no extra channel message for another
                thread = await channel.create_thread(  # type: ignore[attr-defined]
                    name=name, type=discord.ChannelType.public_thread,
                    auto_archive_duration=1440)
        except (discord.HTTPException, AttributeError) as exc:
            log.info("game %s: no negotiation thread (%s); negotiating in the channel",
                     info.id, exc)
            return await self._in_channel(info, channel, started, names,
                                          f"I could not open a thread for this negotiation "
                                          f"({refusal_reason(exc)})")
        # Remembered at once, so the room is found even if posting its prompt fails below.
        await service.set_message(info.id, ROOM, thread.id, 0)
        for seat in info.seats:
            if seat.seat in started.seats and seat.user_id is not None:
                try:
                    await thread.add_user(discord.Object(seat.user_id))
                except discord.HTTPException as exc:  # they can still open the public thread
                    log.info("could not add %s to thread %s: %s", seat.user_id, thread.id, exc)
        if await send_safely(thread, intro(started, names)) is None:
            # A thread the bot may open but not post in (e.g. Send Messages in Threads denied)
            # is no room: the prompt would never appear.
            with contextlib.suppress(discord.HTTPException):
                await thread.edit(archived=True)
            return await self._in_channel(info, channel, started, names,
                                          "I could not post in the negotiation's thread (I am "
                                          "missing the *Send Messages in Threads* permission)")
        return Room(thread, in_thread=True, changed=True)

    async def _in_channel(self, info: GameInfo, channel: discord.abc.Messageable,
                          started: NegotiationStarted, names: Sequence[str],
                          reason: str) -> Room:
        """Run the negotiation in the game channel, saying why."""
        a, b = (names[s] for s in started.seats)
        await send_safely(channel, f"⚠️ {reason}, so {a} and {b} negotiate here in the channel.")
        await self.bot.service.set_message(info.id, ROOM, info.channel_id, 0)
        return Room(channel, in_thread=False, changed=True)

    async def forget(self, info: GameInfo) -> None:
        """Drop a room that was left open (its negotiation is over)."""
        await self.bot.service.forget_message(info.id, ROOM)

    def tell(self, room: Room, event: GameEvent, names: Sequence[str]) -> None:
        """Note an offer or the result for the room (posted by refresh or close)."""
        line = narrate(event, names)
        if line and room.in_thread:
            room.record.append(line)
        room.changed = True

    async def close(self, info: GameInfo, room: Room) -> None:
        """Post the last offers and the result, archive the thread, forget the room."""
        await self._post_record(room, last="🔒 The negotiation is over." if room.in_thread
                                else "🤝 The negotiation is over.")
        if room.in_thread:
            try:
                await room.target.edit(archived=True)  # type: ignore[attr-defined]
            except discord.HTTPException as exc:
                log.warning("could not archive thread %s: %s", room.id, exc)
        await self.bot.service.forget_message(info.id, ROOM)

    async def refresh(self, info: GameInfo, room: Room, names: Sequence[str]) -> None:
        """After a change: retire the old prompt, then post the prompt for the player to move."""
        if not room.changed:
            return
        service = self.bot.service
        decision = next((d for d in await service.pending(info.id)
                         if d.kind.endswith("negotiate")), None)
        if decision is None:  # nothing to ask (should not happen while the room is open)
            return
        seat = next((s for s in info.seats if s.seat == decision.player), None)
        user_id = seat.user_id if seat is not None else None
        pv = await service.get_view(info.id, user_id)
        mover = f"<@{user_id}>" if user_id is not None else names[decision.player]
        await self._post_record(room)
        message = await send_safely(
            room.target, prompt_text(decision, pv.view, names, mover, pv.due_at),
            view=prompt_buttons(info.id, decision, names), allowed_mentions=MENTIONS)
        if message is not None:
            room.prompt_id = message.id
            await service.set_message(info.id, ROOM, room.id, message.id)
        room.changed = False

    async def _post_record(self, room: Room, last: str | None = None) -> None:
        """Retire the old prompt: in a thread it becomes the first line of the record (one
        message per answer instead of a new one), in the channel it just loses its buttons."""
        lines = [*room.record, *([last] if last else [])] if room.in_thread else []
        room.record = []
        if room.prompt_id is not None:
            if not room.in_thread:
                await edit_safely(room.target, room.prompt_id, view=None,
                                  content=last or "🤝 Answered — the negotiation goes on below.")
            elif lines:
                first = lines.pop(0)
                if not await edit_safely(room.target, room.prompt_id, content=first, view=None):
                    lines.insert(0, first)  # the edit failed: post the line instead
            else:
                await edit_safely(room.target, room.prompt_id, view=None)
            room.prompt_id = None
        if lines:
            await send_safely(room.target, "\n".join(lines)[:2000])
