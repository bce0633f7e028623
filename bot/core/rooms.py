"""Private two-player rooms: when a game's event opens a two-player exchange (an ESR
negotiation), the two players settle it in a thread off the table (or, if no thread can be
opened, in the channel) around one live prompt message.

The room is remembered with the service (message name ROOM: the thread and the live prompt), so
a restarted bot finds it again. What is said in the room comes from the game's presenter; the
buttons are the decision's options (plus the presenter's extras); rules stay in the engine."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.core.base import BotBase
from bot.core.components import RoomButton, detached
from bot.core.presenter import Presenter, RoomOpening, RoomRole, presenter_for
from bot.core.rest import edit_safely, refusal_reason, send_safely, written_since
from bot.core.texts import linked, name_list, nonce, option_label, pinging, plain_name
from engine.core.game import Decision, DecisionUI, GameEvent
from engine.store.models import GameInfo, MessageRef

log = logging.getLogger(__name__)
# Stored message names (kept from when every room was a negotiation, so stored games resume):
ROOM = "negotiation"  # channel: the thread (or the game channel); message: the live prompt
STARTER = "negotiation_starter"  # a message can start one thread only: the last one used
POSTING = "negotiation:posting"  # the room is being written to (message_id: its prompt then)
THREAD_NAME_MAX = 100
MAX_ROOM_BUTTONS = 24  # Discord allows 25 per message; one is left for the game's extras


def still_open(presenter: Presenter, events: Sequence[GameEvent], start: int) -> bool:
    """True if the room opened by events[start] is not closed by the end of the batch.

    One that ended at once (two AI seats, a forced answer) is told in the channel only."""
    for event in events[start + 1:]:
        role = presenter.room_role(event)
        if role is RoomRole.CLOSES:
            return False
        if role is RoomRole.OPENS:
            break
    return True


def room_decision(pending: Sequence[Decision]) -> Decision | None:
    """The decision a room waits for, if one is pending."""
    return next((d for d in pending if d.ui is DecisionUI.ROOM), None)


def room_buttons(game_id: int, decision: Decision, names: Sequence[str],
                 presenter: Presenter) -> discord.ui.View:
    """The decision's options as buttons, plus the game's extras (e.g. ESR's Raise…)."""
    view = discord.ui.View(timeout=None)
    for index, option in enumerate(decision.options[:MAX_ROOM_BUTTONS]):
        label = option_label(option, names, presenter.option_text)
        view.add_item(RoomButton(game_id, decision.key, index, label,
                                 presenter.room_button_style(option)))
    for item in presenter.room_extras(game_id, decision):
        view.add_item(item)
    return detached(view)


@dataclass
class Room:
    """Where an exchange is told: a thread, or the game channel when no thread could open."""

    target: discord.abc.Messageable
    in_thread: bool
    prompt_id: int | None = None
    record: list[str] = field(default_factory=list)  # lines to post before the next prompt
    changed: bool = False  # the live prompt must be replaced
    game: str = ""  # the game's kind, whose presenter words what is said about the room

    @property
    def id(self) -> int:
        """The thread's (or channel's) id."""
        return self.target.id  # type: ignore[attr-defined]

    def opened_for(self, opening: RoomOpening) -> bool:
        """True if this is the thread that `opening` asked for (told again after a crash)."""
        return self.in_thread and getattr(self.target, "name", None) == fit(opening.title)


def room_words(room: Room) -> Presenter:
    """The presenter that words what is said about `room` (the core's for an unknown game)."""
    return presenter_for(room.game) if room.game else Presenter()


class Rooms:
    """Opens, updates and closes the room of a game's current two-player exchange."""

    def __init__(self, bot: BotBase) -> None:
        self.bot = bot

    async def current(self, info: GameInfo, channel: discord.abc.Messageable,
                      refs: dict[str, MessageRef]) -> Room | None:
        """The open room remembered for this game, if any (also after a restart)."""
        ref = refs.get(ROOM)
        if ref is None:
            return None
        prompt_id = ref.message_id or None  # 0: the room is open, its prompt not yet posted
        game = info.kind
        if ref.channel_id == info.channel_id:
            return Room(channel, in_thread=False, prompt_id=prompt_id, game=game)
        thread = self.bot.get_channel(ref.channel_id)
        if thread is None:
            try:
                thread = await self.bot.fetch_channel(ref.channel_id)
            except discord.HTTPException:
                log.warning("game %s: room thread %s is gone; using the channel",
                            info.id, ref.channel_id)
                return Room(channel, in_thread=False, game=game)
        return Room(thread, in_thread=True, prompt_id=prompt_id,  # type: ignore[arg-type]
                    game=game)

    async def open(self, info: GameInfo, channel: discord.abc.Messageable,
                   opening: RoomOpening, names: Sequence[str]) -> Room:
        """A thread off the table message (or a thread of its own, if the table already
        started one); the channel itself, with the reason, if that fails."""
        service = self.bot.service
        refs = await service.get_messages(info.id)
        table, used = refs.get("table"), refs.get(STARTER)
        name = fit(opening.title)
        game = info.kind
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
            log.info("game %s: no room thread (%s); using the channel", info.id, exc)
            return await self._in_channel(info, channel, opening, names, exc)
        # Remembered at once, so the room is found even if posting its prompt fails below.
        await service.set_message(info.id, ROOM, thread.id, 0)
        for seat in info.seats:
            if seat.seat in opening.seats and seat.user_id is not None:
                try:
                    await thread.add_user(discord.Object(seat.user_id))
                except discord.HTTPException as exc:  # they can still open the public thread
                    log.info("could not add %s to thread %s: %s", seat.user_id, thread.id, exc)
        if await send_safely(thread, linked(opening.intro)[:2000]) is None:
            # A thread the bot may open but not post in (e.g. Send Messages in Threads denied)
            # is no room: the prompt would never appear.
            with contextlib.suppress(discord.HTTPException):
                await thread.edit(archived=True)
            return await self._in_channel(info, channel, opening, names)
        return Room(thread, in_thread=True, changed=True, game=game)

    async def _in_channel(self, info: GameInfo, channel: discord.abc.Messageable,
                          opening: RoomOpening, names: Sequence[str],
                          refused: Exception | None = None) -> Room:
        """Run the exchange in the game channel, saying why: no thread could be opened
        (`refused`: what was raised), or the bot may not post in the one it opened."""
        presenter = presenter_for(info.kind)
        pair = name_list([names[s] for s in opening.seats])
        if refused is not None:
            text = presenter.room_text("no_thread").format(reason=refusal_reason(refused),
                                                           players=pair)
        else:
            text = presenter.room_text("no_post").format(players=pair)
        await send_safely(channel, f"⚠️ {text}")
        await self.bot.service.set_message(info.id, ROOM, info.channel_id, 0)
        return Room(channel, in_thread=False, changed=True, game=info.kind)

    async def forget(self, info: GameInfo) -> None:
        """Drop a room that was left open (its exchange is over)."""
        await self.bot.service.forget_message(info.id, ROOM)

    def tell(self, room: Room, line: str | None) -> None:
        """Note a move or the result for the room (posted by refresh or close)."""
        if line and room.in_thread:
            room.record.append(line)
        room.changed = True

    async def close(self, info: GameInfo, room: Room) -> None:
        """Post the last moves and the result, archive the thread, forget the room."""
        written = await self._begin(info, room)
        over = room_words(room).room_text("over")
        await self._post_record(room, last=f"🔒 {over}" if room.in_thread else f"🤝 {over}",
                                written=written)
        if room.in_thread:
            try:
                await room.target.edit(archived=True)  # type: ignore[attr-defined]
            except discord.HTTPException as exc:
                log.warning("could not archive thread %s: %s", room.id, exc)
        await self.bot.service.update_messages(info.id, forget=[ROOM, POSTING])

    async def refresh(self, info: GameInfo, room: Room, names: Sequence[str]) -> None:
        """After a change: retire the old prompt, then post the prompt for the player to move."""
        if not room.changed:
            return
        service = self.bot.service
        decision = room_decision(await service.pending(info.id))
        if decision is None:  # nothing to ask (should not happen while the room is open)
            return
        seat = next((s for s in info.seats if s.seat == decision.player), None)
        user_id = seat.user_id if seat is not None else None
        pv = await service.get_view(info.id, user_id)
        mover = f"<@{user_id}>" if user_id is not None else names[decision.player]
        presenter = presenter_for(info.kind)
        written = await self._begin(info, room)
        await self._post_record(room, written=written)
        # A prompt for this very decision posted before a crash is adopted, not posted again.
        message = next((m for m in reversed(written) if _asks(m, decision.key)), None)
        if message is None:
            message = await send_safely(
                room.target,
                presenter.room_prompt(decision, pv.view, names, mover, pv.due_at)[:2000],
                view=room_buttons(info.id, decision, names, presenter),
                allowed_mentions=pinging([user_id] if user_id is not None else []),
                nonce=nonce("room", info.id, decision.key))
        remember = []
        if message is not None:
            room.prompt_id = message.id
            remember.append(MessageRef(name=ROOM, channel_id=room.id, message_id=message.id))
        await service.update_messages(info.id, remember, [POSTING])
        room.changed = False

    async def _begin(self, info: GameInfo, room: Room) -> list[discord.Message]:
        """Note that the room is being written to; if an earlier write was interrupted (the
        note is still there), the bot's messages it left in the room, oldest first."""
        service = self.bot.service
        intent = (await service.get_messages(info.id)).get(POSTING)
        if intent is None:
            await service.set_message(info.id, POSTING, room.id, room.prompt_id or 0)
            return []
        written = await written_since(room.target, self.bot.user.id,  # type: ignore[union-attr]
                                      intent.message_id)
        return written or []

    async def _post_record(self, room: Room, last: str | None = None,
                           written: list[discord.Message] | None = None) -> None:
        """Retire the old prompt: in a thread it becomes the first line of the record (one
        message per answer instead of a new one), in the channel it just loses its buttons.
        What an interrupted attempt already `written` is not posted again."""
        lines = [*room.record, *([last] if last else [])] if room.in_thread else []
        room.record = []
        if room.prompt_id is not None:
            if not room.in_thread:
                answered = room_words(room).room_text("answered")
                await edit_safely(room.target, room.prompt_id, view=None,
                                  content=last or f"🤝 {answered}")
            elif lines:
                first = lines.pop(0)
                if not await edit_safely(room.target, room.prompt_id, content=first, view=None):
                    lines.insert(0, first)  # the edit failed: post the line instead
            else:
                await edit_safely(room.target, room.prompt_id, view=None)
            room.prompt_id = None
        text = "\n".join(lines)[:2000]
        if lines and not any(m.content == text for m in written or ()):
            await send_safely(room.target, text)


def _asks(message: discord.Message, key: str) -> bool:
    """True if the message carries buttons for the decision `key` (a room's prompt)."""
    return any(str(getattr(child, "custom_id", "")).endswith(f":{key}")
               for row in message.components for child in getattr(row, "children", ()))


def fit(title: str) -> str:
    """A thread name within Discord's 100 characters (thread names show no markdown, so the
    names in it are shown plain)."""
    title = plain_name(title)
    return title if len(title) <= THREAD_NAME_MAX else title[:THREAD_NAME_MAX - 1] + "…"
