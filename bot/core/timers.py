"""The bot's one timer: half-time reminders, the autopilot at each deadline, lobby expiry.

A single background task sleeps until the next thing falls due (a deadline, a half time, a
lobby's expiry), handles everything due at once, and sleeps again. Publishing a change pokes it
awake, because a new decision may fall due sooner than what it was sleeping for. All state is in
the service (deadlines, reminders sent, autopilot seats), so a restart simply resumes: whatever
fell due while the bot was down is handled on the first pass.

The sleep is a plain asyncio.sleep in a child task that a poke cancels. Under SimCord's virtual
clock that sleep is parked until env.advance_time reaches it, and discord.utils.utcnow (the
service clock) moves with it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import TypeVar

import discord

from bot.catalog import N_, _, ngettext
from bot.core.base import BotBase, discord_clock
from bot.core.language import channel_language
from bot.core.lobby import lobby_embed
from bot.core.notifier import Notifier
from bot.core.publisher import Publisher
from bot.core.rooms import room_decision
from bot.core.texts import name_list, pinging, safe_name
from engine.core.game import DecisionUI
from engine.service.models import Overdue, Reminder, SubmitResult
from engine.store.models import GameInfo, Seat

log = logging.getLogger(__name__)
RETRY_AFTER = 30.0  # seconds before retrying what just failed: never a busy loop
MAX_NAP = 3600.0  # look again at least hourly, even if nothing seems to wait
TOLERANCE = 0.001  # a timer may wake a hair early in float arithmetic; count that as due
# Marked here, translated where shown.
LOBBY_CLOSED = N_("⌛ This lobby closed itself: nobody started it in time. "
                  "Open a new one with `/game new`.")

T = TypeVar("T", Overdue, Reminder)


def by_game(items: Iterable[T]) -> dict[int, list[T]]:
    """Items grouped by game, in their original order."""
    groups: dict[int, list[T]] = {}
    for item in items:
        groups.setdefault(item.game_id, []).append(item)
    return groups


def reminder_text(items: Sequence[Reminder], in_thread: bool = False,
                  secret: frozenset[int] = frozenset()) -> str:
    """One message pinging everyone who still owes a decision, grouped by deadline;
    `in_thread`: it is posted in the room's thread, next to the prompt; `secret`: the seats
    whose decision is a secret choice (the table's button says "Choose your action")."""
    lines = []
    for due in sorted({i.due_at for i in items}):
        owing = [i for i in items if i.due_at == due]
        mentions = " ".join(f"<@{i.user_id}>" for i in owing)
        # A clock time with the relative one: long after, it still reads right ("deadline
        # 14:05, 2 hours ago"), where "decide in …" would turn into "decide 2 hours ago".
        style = "f" if due - discord_clock() > 6 * 3600 else "t"  # a date too when far off
        fields = {"players": mentions, "time": f"<t:{int(due)}:{style}>",
                  "relative_time": f"<t:{int(due)}:R>"}
        if in_thread:
            # Translators: {players} are mentions; {time} is a clock time and {relative_time}
            # e.g. "in 5 minutes" (Discord shows both in the reader's language).
            text = ngettext(
                "{players}: half your time is up. Decide with the prompt above by {time} "
                "({relative_time}), or the autopilot decides for you.",
                "{players}: half your time is up. Decide with the prompt above by {time} "
                "({relative_time}), or the autopilot decides for you.", len(owing))
        else:
            # The table's button, by its label (the same words as on the button).
            fields["button"] = (_("Choose your action") if all(i.seat in secret for i in owing)
                                else _("Your decision"))
            # Translators: {players} are mentions; {button} is the label of the table's button;
            # {time} is a clock time and {relative_time} e.g. "in 5 minutes".
            text = ngettext(
                "{players}: half your time is up. Decide with **{button}** on the table by "
                "{time} ({relative_time}), or the autopilot decides for you.",
                "{players}: half your time is up. Decide with **{button}** on the table by "
                "{time} ({relative_time}), or the autopilot decides for you.", len(owing))
        lines.append("⏰ " + text.format(**fields))
    return "\n".join(lines)


def timeout_text(names: Sequence[str]) -> str:
    """The channel notice after the autopilot answered for players (never what it chose)."""
    # Translators: {players} is a list of names, e.g. "ann and bob".
    return "⏰ " + ngettext("{players} ran out of time; autopilot chose for them.",
                           "{players} ran out of time; autopilot chose for them.",
                           len(names)).format(players=name_list([f"**{n}**" for n in names]))


class Timers:
    """Sleeps until the next reminder, deadline or lobby expiry; a poke wakes it early."""

    def __init__(self, bot: BotBase, publisher: Publisher, notifier: Notifier,
                 clock: Callable[[], float]) -> None:
        self.bot = bot
        self.publisher = publisher
        self.notifier = notifier
        self._clock = clock
        self._task: asyncio.Task[None] | None = None
        self._sleeper: asyncio.Future[None] | None = None
        self._wake = 0.0
        self._checker: asyncio.Task[None] | None = None
        self._poked = False

    def start(self) -> None:
        """Start the background task (from setup_hook, once the service is open)."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="juwelier-timers")

    async def stop(self) -> None:
        """Cancel the background task and wait until it has stopped."""
        if self._checker is not None:
            self._checker.cancel()
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    def poke(self) -> None:
        """Something changed (a new decision, a new lobby): look again before sleeping on."""
        self._poked = True
        if self._sleeper is not None and (self._checker is None or self._checker.done()):
            # Cancel the nap only if the change brings the wake-up forward: cancelled sleeps
            # pile up in a simulated clock, and most changes leave the next due time as it is.
            self._checker = asyncio.create_task(self._wake_if_sooner(), name="juwelier-poke")

    async def _wake_if_sooner(self) -> None:
        try:
            sooner = await self.next_wake(self._clock()) < self._wake - TOLERANCE
        except Exception:
            log.exception("could not look up the next due time; waking up to look again")
            sooner = True
        if sooner and self._sleeper is not None:
            self._sleeper.cancel()

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            self._poked = False
            try:
                wake = await self.run_due()
            except Exception:
                log.exception("the timer pass failed; trying again in %.0f s", RETRY_AFTER)
                wake = self._clock() + RETRY_AFTER
            if self._poked:
                continue  # a change arrived while we worked: it may already be due
            await self._sleep_until(wake)

    async def _sleep_until(self, wake: float) -> None:
        delay = min(max(wake - self._clock(), 0.0), MAX_NAP)
        if delay <= 0:
            return
        self._wake = self._clock() + delay
        self._sleeper = asyncio.ensure_future(asyncio.sleep(delay))
        try:
            # asyncio.wait, not await: a poke cancels the sleep, not this task.
            await asyncio.wait({self._sleeper})
        finally:
            self._sleeper.cancel()
            self._sleeper = None

    async def run_due(self) -> float:
        """Handle everything due now; return when to look again."""
        now = self._clock()
        service = self.bot.service
        await self.publisher.catch_up()  # a publish that failed is retried here
        await self._expire_lobbies(now)
        # Games at once: an AI seat's search (in the AI worker pool) must not wait for another
        # game's, and each game's lock keeps its own moves in order.
        await asyncio.gather(*(self._guarded(game_id, self._time_out(game_id, items))
                               for game_id, items in by_game(
                                   await service.overdue(now + TOLERANCE)).items()))
        for game_id, reminders in by_game(await service.claim_reminders(now + TOLERANCE)).items():
            await self._guarded(game_id, self._remind(game_id, reminders))
        try:  # a league's next round, when its day has come
            await self.bot.tournaments.due(now + TOLERANCE)
        except Exception:
            log.exception("the tournaments' pass failed")
        # What this pass changed (its own publishes poke) is in the wake read next; a poke
        # from now on is news. Left set, a publish held back for its pause would wake the pass
        # over and over until the pause is over (forever, under a simulated clock).
        self._poked = False
        wake = await self.next_wake(now)
        # Still due after this pass means it failed just now: retry later, not at once.
        return now + RETRY_AFTER if wake <= now + TOLERANCE else wake

    async def next_wake(self, now: float) -> float:
        """The earliest deadline, reminder or lobby expiry still ahead (or a long nap)."""
        service = self.bot.service
        times = [await service.next_due(), await service.next_reminder(now + TOLERANCE),
                 await service.next_lobby_expiry(self.bot.settings.lobby_expiry),
                 await service.next_round_due()]
        return min((t for t in times if t is not None), default=now + MAX_NAP)

    @staticmethod
    async def _guarded(game_id: int, work: Awaitable[None]) -> None:
        """Run one game's share of a pass; its failure must not hold up the other games."""
        try:
            await work
        except Exception:
            log.exception("game #%s: the timer could not handle what fell due", game_id)

    async def _expire_lobbies(self, now: float) -> None:
        """Close lobbies nobody started, and say so on their lobby messages."""
        for info in await self.bot.service.expire_lobbies(now + TOLERANCE,
                                                          self.bot.settings.lobby_expiry):
            log.info("lobby #%s expired", info.id)
            ref = (await self.bot.service.get_messages(info.id)).get("lobby")
            if ref is None:
                continue
            with channel_language(self.bot, info.channel_id):
                embed = lobby_embed(info)
                embed.description = _(LOBBY_CLOSED)
            message = self.bot.get_partial_messageable(ref.channel_id).get_partial_message(
                ref.message_id)
            try:
                await message.edit(embed=embed, view=None)
            except discord.HTTPException as exc:
                log.warning("lobby #%s: could not edit its message (%s)", info.id, exc)

    async def _time_out(self, game_id: int, items: Sequence[Overdue]) -> None:
        """Let the autopilot answer overdue decisions, tell the channel, publish the result."""
        service, publisher = self.bot.service, self.publisher
        info = await service.get_game(game_id)
        # Under the publisher's lock for this game: a publish in progress finishes first, and
        # the notice lands right before the narration of what the autopilot's answers led to.
        async with publisher.lock(game_id):
            results, late = [], []
            for item in items:
                result = await self._act_for(item)
                if result is None:
                    continue  # answered in time after all, or the game ended: nothing to say
                results.append(result)
                seat = _human_seat(info, item.seat)
                if seat is not None:  # an AI or autopilot seat retried after a failure is not late
                    late.append(safe_name(seat.name))
        events = [e for r in results for e in r.events]
        if results:
            # The notice leads the narration of what the autopilot's answers led to.
            await publisher.publish(game_id, results,
                                    notice=(lambda: timeout_text(late)) if late else None)
            await self.notifier.turn_prompts(game_id, events)

    async def _act_for(self, item: Overdue) -> SubmitResult | None:
        try:
            return await self.bot.service.act_for(item.game_id, item.seat, item.key)
        except Exception:
            # Its deadline stays due, so the next pass (after RETRY_AFTER) tries again.
            log.exception("game #%s: the autopilot could not answer for seat %s",
                          item.game_id, item.seat)
            return None

    async def _remind(self, game_id: int, items: Sequence[Reminder]) -> None:
        """Ping exactly those who still owe a decision: negotiators in their thread, everyone
        else in the channel (one message each)."""
        service, publisher = self.bot.service, self.publisher
        info = await service.get_game(game_id)
        channel = await publisher.channel(info)
        if channel is None:
            return
        pending = await service.pending(game_id)
        waiting = room_decision(pending)
        secret = frozenset(d.player for d in pending if d.ui is DecisionUI.SECRET)
        in_room = [i for i in items if waiting is not None and i.seat == waiting.player
                   and i.key == waiting.key]
        room = (await publisher.rooms.current(info, channel, await service.get_messages(game_id))
                if in_room else None)
        if room is None or not room.in_thread:
            in_room = []
        rest = [i for i in items if i not in in_room]
        for target, owing in ((room.target if room else channel, in_room), (channel, rest)):
            if not owing:
                continue
            with channel_language(self.bot, info.channel_id):
                text = reminder_text(owing, in_thread=target is not channel, secret=secret)
            try:
                await target.send(text,
                                  allowed_mentions=pinging(i.user_id for i in owing))
            except discord.HTTPException as exc:
                # Already marked as sent: a lost nudge is better than a doubled one.
                log.warning("game #%s: the reminder could not be sent (%s)", game_id, exc)


def _human_seat(info: GameInfo, seat: int) -> Seat | None:
    """The seat if a human decides for it (not an AI, not already on autopilot)."""
    found = next((s for s in info.seats if s.seat == seat), None)
    return found if found is not None and not found.is_ai and not found.autopilot else None
