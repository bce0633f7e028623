"""After every accepted change: tell it (the game's story lines, its pictures) in the game's
live table message, and run the two-player room in its thread."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable, Sequence

import discord

from bot.catalog import _, ngettext
from bot.core.base import BotBase, Notice, discord_clock
from bot.core.interactions import answered
from bot.core.language import channel_language
from bot.core.live_prompts import LivePrompts
from bot.core.presenter import Picture, Presenter, RoomRole, presenter_for
from bot.core.ratings_text import change_line
from bot.core.rooms import Room, Rooms, still_open
from bot.core.table_message import Change, TableMessage, button_label
from bot.core.texts import linked, seat_names, with_names
from engine.core.game import DecisionUI, GameEvent
from engine.service.models import SubmitResult
from engine.store.models import GameInfo

log = logging.getLogger(__name__)
ANSWERS_FIRST = 0.5  # seconds a channel write waits at most for clicks still being answered
# Decisions whose prompt reaches the player without a ping: the table's button announces a
# secret choice, and a room pings the player to move on its own prompt.
UNPINGED = (DecisionUI.SECRET, DecisionUI.ROOM, DecisionUI.POOL)
# Decisions everyone makes at once, announced with one ping when their turn starts: a secret
# choice, a race over a pool (whose every pick would otherwise ping again).
TOGETHER = (DecisionUI.SECRET, DecisionUI.POOL)


class Publisher:
    """Writes to the game's channel; one lock per game keeps messages in order."""

    def __init__(self, bot: BotBase, prompts: LivePrompts,
                 on_change: Callable[[], None] = lambda: None,
                 on_end: Callable[[int], Awaitable[None]] | None = None) -> None:
        self.bot = bot
        self.prompts = prompts  # the players' open private prompts, kept up with the game
        self._on_change = on_change
        self._on_end = on_end  # a game ended and was told: its tournament moves on
        # Held while publishing, then gone (see ServiceCore._locks).
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = \
            weakref.WeakValueDictionary()
        self.rooms = Rooms(bot)
        self.table = TableMessage(bot)
        self._written: dict[int, float] = {}  # game → when its table was last written
        self._later: dict[int, asyncio.Task[None]] = {}  # game → its coalesced edit, waiting

    def lock(self, game_id: int) -> asyncio.Lock:
        """The per-game lock that keeps channel writes (and the timer's notices) in order."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def forget(self, game_id: int) -> None:
        """Release what is kept for a game that ended or was abandoned."""
        self.table.forget(game_id)
        self.prompts.forget(game_id)
        self._written.pop(game_id, None)

    def close(self) -> None:
        """Drop the table edits waiting for their pause (a bot shutting down writes no more;
        the next start's catch-up writes them, as after a crash)."""
        for task in self._later.values():
            task.cancel()
        self._later.clear()

    def bookkeeping(self) -> dict[str, int]:
        """How many games the publisher keeps something for in memory."""
        return {"publisher.locks": len(self._locks), "publisher.texts": len(self.table),
                "publisher.prompts": len(self.prompts)}

    async def catch_up(self) -> None:
        """Tell every game's committed but untold events (after a crash, a failed publish,
        or AI moves played while resuming), in order; one game's failure holds up no other."""
        for game_id in await self.bot.service.untold_games():
            if game_id in self._later:
                continue  # held back for its pause: written when the pause is over
            try:
                await self.publish(game_id)
            except Exception:
                log.exception("game #%s: could not tell what it owes its channel", game_id)

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

    async def publish(self, game_id: int,
                      results: SubmitResult | Sequence[SubmitResult] = (), *,
                      prompted: int | None = None, notice: Notice = None) -> None:
        """Tell the channel everything committed and not yet told, in log order, in one write
        (the live table message), run the two-player room in its thread, and move the game's
        told-up-to mark.

        `results` are the change just committed (their events spare a replay when nothing
        older is untold); `prompted` is a user who was just shown their next decision
        privately (no ping needed); `notice` is a line that comes first (who timed out, ...).
        """
        self._on_change()  # the change may have opened a decision that falls due sooner
        results = [results] if isinstance(results, SubmitResult) else list(results)
        # Let the clicks being answered right now write their answers first (a burst).
        answered()
        await self.bot.answering.idle(ANSWERS_FIRST)
        async with self.lock(game_id):
            info = await self.bot.service.get_game(game_id)
            with channel_language(self.bot, info.channel_id):
                told = await self.bot.service.told(game_id)
                events = await self._untold(info, told, results)
                if not events and notice is None:
                    # Told already (a catch-up got here first), or a change nobody can see (a
                    # secret choice changed): nothing to write.
                    if info.version > told:
                        await self.bot.service.set_told(game_id, info.version)
                    return
                channel = await self.channel(info)
                if channel is None:
                    return
                presenter = presenter_for(info.kind)
                names = seat_names(info)
                refs = await self.bot.service.get_messages(game_id)
                room = await self.rooms.current(info, channel, refs)
                lines, room, split = await self._tell(info, presenter, channel, events, names, room)
                if info.status == "finished":  # these events end it: the ratings it moved
                    rated = change_line(await self.bot.service.rating_changes(game_id), names)
                    lines += [rated] if rated else []
                fresh = split is not None
                pings, pinged = await self._pings(info, events, prompted, fresh=fresh)
                notice_text = notice() if callable(notice) else notice
                lines = [linked(line) for line in ([notice_text, *lines] if notice_text else lines)]
                change = Change(lines=lines, pings=pings,
                                pinged=pinged, fresh=fresh,
                                ending=(split + bool(notice)) if split is not None else 0)
                for picture in await self._pictures(info, presenter, events, names):
                    if picture.closes_turn and split is not None:
                        change.closing.append(picture)
                    else:
                        change.files.append(picture.file())
                if self._coalesced(game_id, presenter, change):
                    return  # written, with whatever follows, when the game's pause is over
                await self.table.write(info, channel, change, told=(told, info.version))
                self._written[game_id] = discord_clock()
                if room is not None and info.status == "running":
                    await self.rooms.refresh(info, room, names)
                if info.version > told:
                    await self.bot.service.set_told(game_id, info.version)
            # Private prompts last: the channel is told first, and a prompt only follows it.
            await self.prompts.refresh(info)
        if info.status != "running":
            self.forget(game_id)
            if self._on_end is not None:
                try:
                    await self._on_end(game_id)
                except Exception:  # the game is told; its tournament is retried later
                    log.exception("game #%s: its tournament could not move on", game_id)

    def _coalesced(self, game_id: int, presenter: Presenter, change: Change) -> bool:
        """Whether this change only refreshes the table within the game's pause between such
        edits (Presenter.coalesce_edits): then one publish is scheduled for the pause's end,
        and it writes everything untold by then. The told-up-to mark stays, so after a crash
        the catch-up writes it instead."""
        pause = presenter.coalesce_edits
        if not pause or change.lines or change.new_message:
            return False
        wait = self._written.get(game_id, float("-inf")) + pause - discord_clock()
        if wait <= 0:
            return False
        if game_id not in self._later:
            self._later[game_id] = asyncio.create_task(self._publish_later(game_id, wait),
                                                       name=f"juwelier-coalesced-{game_id}")
        return True

    async def _publish_later(self, game_id: int, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
        finally:
            self._later.pop(game_id, None)
        try:
            await self.publish(game_id)
        except Exception:
            log.exception("game #%s: the coalesced table edit failed", game_id)

    async def _untold(self, info: GameInfo, told: int,
                      results: Sequence[SubmitResult]) -> list[GameEvent]:
        """The events after the mark: the results' own when they are exactly what is owed,
        else regenerated from the log (after a crash, or a publish that failed)."""
        if info.version <= told:
            return []
        seqs = [a.seq for r in results for a in r.accepted]
        if told >= 0 and seqs == list(range(told + 1, info.version + 1)):
            return [e for r in results for e in r.events]
        return await self.bot.service.events_between(info.id, told, info.version)

    async def _tell(self, info: GameInfo, presenter: Presenter,
                    channel: discord.abc.Messageable, events: Sequence[GameEvent],
                    names: list[str], room: Room | None
                    ) -> tuple[list[str], Room | None, int | None]:
        """The channel's lines in event order: every line except the moves inside a threaded
        room, which the room tells; rooms open and close as the game's events say. Also how
        many lines come before a new turn starts (None: no turn starts)."""
        lines: list[str] = []
        split: int | None = None
        for index, event in enumerate(events):
            if split is None and presenter.opens_turn(event):
                split = len(lines)
            line = presenter.story(event, names)
            role = presenter.room_role(event)
            if role is RoomRole.OPENS:
                opening = presenter.room_opening(event, names)
                if room is not None and room.opened_for(opening):
                    room.changed = True  # told again after a crash: its thread is open
                elif still_open(presenter, events, index):
                    if room is not None:  # a new exchange: whatever room was open is over
                        await self.rooms.forget(info)
                    room = await self.rooms.open(info, channel, opening, names)
                elif room is not None:
                    await self.rooms.forget(info)
                    room = None
            if room is not None and role is RoomRole.INSIDE:
                self.rooms.tell(room, line)
                if room.in_thread:
                    continue  # told in the thread, not the channel
            if line:
                lines.append(line)
            if room is not None and role is RoomRole.CLOSES:
                self.rooms.tell(room, line)  # the result: in the room and here
                await self.rooms.close(info, room)
                room = None
        return lines, room, split

    async def close_room(self, info: GameInfo) -> None:
        """Close a room left open by a game that ended early (e.g. abandoned)."""
        async with self.lock(info.id):
            channel = await self.channel(info)
            if channel is None:
                return
            room = await self.rooms.current(info, channel, await self.bot.service.get_messages(
                info.id))
            if room is not None:
                with channel_language(self.bot, info.channel_id):
                    await self.rooms.close(info, room)

    async def _pings(self, info: GameInfo, events: Sequence[GameEvent],
                     prompted: int | None = None, *, fresh: bool = False
                     ) -> tuple[list[str], list[int]]:
        """Mention the humans who now owe a decision: when a turn starts, everyone who makes
        its secret choice; at any time, whoever owes another decision, unless it is already in
        front of them (a room's player is pinged on the room's prompt instead). The lines, and
        the users they ping."""
        if not events or info.status != "running":
            return [], []
        pending = await self.bot.service.pending(info.id)
        names = seat_names(info)
        lines, pinged = [], []
        users = {s.seat: s.user_id for s in info.seats if s.user_id is not None}
        choosing = [users[d.player] for d in pending
                    if d.ui in TOGETHER and d.player in users]
        if fresh and choosing:
            # Translators: {players} are mentions; {button} is the table's button.
            lines.append(ngettext(
                "{players}: your turn to choose — press **{button}** below.",
                "{players}: your turn to choose — press **{button}** below.",
                len(choosing)).format(players=" ".join(f"<@{u}>" for u in choosing),
                                      button=button_label(pending)))
            pinged.extend(int(u) for u in choosing)
        for decision in pending:
            if decision.ui in UNPINGED:
                continue
            seat = next((s for s in info.seats if s.seat == decision.player), None)
            if seat is not None and seat.user_id is not None and seat.user_id != prompted:
                # Translators: {player} is a mention, {prompt} the question asked,
                # {button} the table's button.
                lines.append(_("{player}, your move: {prompt} (press **{button}** on the "
                               "table).").format(player=f"<@{seat.user_id}>",
                                                 prompt=with_names(decision.prompt, names),
                                                 button=_("Your decision")))
                pinged.append(int(seat.user_id))
        return lines, pinged

    async def _pictures(self, info: GameInfo, presenter: Presenter,
                        events: Sequence[GameEvent], names: list[str]) -> list[Picture]:
        """The game's pictures for these events (e.g. the standings after a scoring), if any."""
        if not presenter.has_picture(events):
            return []
        view = (await self.bot.service.get_view(info.id, None)).view
        # Drawing takes milliseconds of CPU: off the event loop, so other games' clicks go on.
        return await asyncio.to_thread(presenter.pictures, events, view, names)
