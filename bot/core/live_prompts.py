"""Private prompts that keep up with the game, one per player and game: the prompt a player
opened last (the table's button, `/game hand`, the message a pick edited, a DM prompt, the
offer builder) is edited when their decision moves on — to their next decision, with its
buttons, or, when nothing waits for them, to say so without buttons — so nobody presses "Your
decision" again. Every older prompt of theirs in the game is retired the moment a newer one
is shown (its buttons taken off, a line saying it moved on): a player never has two prompts
with live buttons for one decision.

Discord lets a bot edit an ephemeral message only through the interaction that made it, for 15
minutes; a DM prompt is an ordinary message. The followed prompt's handle (its interaction
token, or its DM channel) is remembered in the service, so a restarted bot still moves it on or
retires it; an ephemeral prompt still live when its token runs out is retired just before, as
nothing could take its buttons off later.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

from bot.catalog import _
from bot.core.base import BotBase
from bot.core.language import member_language
from bot.core.presenter import presenter_for
from bot.core.prompts import prompt_content, prompt_view
from bot.core.rooms import ROOM
from bot.core.texts import seat_names
from engine.core.game import DecisionUI
from engine.service.models import PlayerView
from engine.store.models import GameInfo

log = logging.getLogger(__name__)
EDITABLE = 14 * 60  # seconds: Discord's interaction tokens last 15 minutes; a margin for drift
Member = tuple[int, int]  # (game id, user id)


@dataclass
class Shown:
    """The prompt a member has open in a game: what it shows, and how to edit it."""

    message_id: int
    key: str | None  # the decision shown (None: nothing to decide was shown)
    content: str  # what it says: a retired prompt keeps it and says why it is over
    until: float | None = None  # clock time after which Discord refuses the edit (None: a DM)
    token: str | None = None  # the interaction token an ephemeral prompt is edited through
    original: bool = False  # the interaction answered by editing this message (not a followup)
    channel_id: int | None = None  # a DM prompt's channel
    # False for a prompt the bot sent by DM: it is retired (no buttons) when its decision is
    # over, and the next turn's prompt comes as a new DM, which notifies where an edit would not.
    moves_on: bool = True
    live: bool = True  # it shows buttons (a receipt, "✅ Money.", shows none)

    def dumps(self) -> str:
        """The handle as the service keeps it."""
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> Shown:
        """A handle the service kept."""
        return cls(**json.loads(text))


async def prompt_message(bot: BotBase, info: GameInfo, pv: PlayerView
                         ) -> tuple[str, discord.ui.View | None]:
    """A player's private prompt: the decision, its buttons, and where a room runs."""
    names = seat_names(info)
    presenter = presenter_for(info.kind)
    content = prompt_content(pv, names, presenter)
    if pv.decision is None:
        waiting = ", ".join(names[w["seat"]] for w in pv.view.get("waiting_for", ()))
        if waiting:
            content += "\n" + _("Waiting for {players}.").format(players=waiting)
    elif pv.decision.ui is DecisionUI.ROOM:
        room = (await bot.service.get_messages(info.id)).get(ROOM)
        if room is not None and room.channel_id != info.channel_id:
            hint = presenter.room_text("runs_in").format(channel=f"<#{room.channel_id}>")
            content = content + "\n" + hint
    return content[:2000], prompt_view(pv, names, presenter)


class LivePrompts:
    """The one prompt each member has open per game, edited as their decision moves."""

    def __init__(self, bot: BotBase, clock: Callable[[], float]) -> None:
        self.bot, self._clock = bot, clock
        self._shown: dict[Member, Shown] = {}
        self._loaded: set[int] = set()  # games whose remembered prompts were read back
        self._locks: weakref.WeakValueDictionary[Member, asyncio.Lock] = \
            weakref.WeakValueDictionary()
        self._expiries: dict[Member, asyncio.Task[None]] = {}

    def __len__(self) -> int:
        return len(self._shown)

    def lock(self, game_id: int, user_id: int) -> asyncio.Lock:
        """Held while a member's prompt is written, so two writes never cross."""
        lock = self._locks.get((game_id, user_id))
        if lock is None:
            lock = self._locks[(game_id, user_id)] = asyncio.Lock()
        return lock

    async def shown_to(self, interaction: discord.Interaction, game_id: int, key: str | None,
                       content: str, message: discord.WebhookMessage | None = None,
                       live: bool = True) -> None:
        """Follow the prompt this interaction showed (`message`: a followup it sent; else the
        message the interaction answered by editing) and retire the one shown before. Called
        with the member's lock held."""
        shown_in = message or interaction.message
        in_dm = interaction.guild_id is None and shown_in is not None
        shown = Shown(shown_in.id if shown_in else interaction.id, key, content,
                      until=None if in_dm else interaction.created_at.timestamp() + EDITABLE,
                      token=None if in_dm else interaction.token, original=message is None,
                      channel_id=interaction.channel_id if in_dm else None, live=live)
        await self._keep(game_id, interaction.user.id, shown)

    async def shown_in_dm(self, message: discord.Message, game_id: int, user_id: int,
                          key: str | None) -> None:
        """Follow a prompt sent by direct message (editable as long as it exists) and retire
        the one shown before. Called with the member's lock held."""
        await self._keep(game_id, user_id, Shown(message.id, key, message.content,
                                                 channel_id=message.channel.id, moves_on=False))

    async def _keep(self, game_id: int, user_id: int, shown: Shown) -> None:
        await self._load(game_id)
        member = (game_id, user_id)
        before = self._shown.get(member)
        self._shown[member] = shown
        self._expire_later(member, shown)
        await self._remember(member, shown)
        if (before is not None and before.message_id != shown.message_id and before.live
                and (before.until is None or self._clock() < before.until)):
            # It would show the same decision as the new one: no second set of live buttons.
            with member_language(self.bot, user_id):
                line = "↪️ " + _("A newer prompt replaced this one.")
            await self._edit(before, _ending(before.content, line), None, user_id)

    async def refresh(self, info: GameInfo) -> None:
        """Edit every open prompt of the game whose decision moved on since it was shown."""
        await self._load(info.id)
        for game_id, user_id in [k for k in self._shown if k[0] == info.id]:
            async with self.lock(game_id, user_id):
                await self._update(info, user_id)

    async def resume(self, game_ids: Iterable[int]) -> None:
        """Read back the prompts remembered for these running games (after a restart), so
        they move on, and expire, as if the bot had never stopped."""
        for game_id in game_ids:
            await self._load(game_id)

    def forget(self, game_id: int) -> None:
        """Drop what is kept in memory for a game (it ended)."""
        for member in [k for k in self._shown if k[0] == game_id]:
            del self._shown[member]
            self._cancel_expiry(member)
        self._loaded.discard(game_id)

    def close(self) -> None:
        """Stop waiting for prompts to expire (the bot is shutting down)."""
        for member in list(self._expiries):
            self._cancel_expiry(member)

    async def _update(self, info: GameInfo, user_id: int) -> None:
        """Rewrite a member's prompt if it no longer shows their current decision."""
        member = (info.id, user_id)
        shown = self._shown.get(member)
        if shown is None:
            return
        if shown.until is not None and self._clock() >= shown.until:
            await self._drop(member)  # Discord would refuse the edit
            return
        pv = await self.bot.service.get_view(info.id, user_id)
        key = pv.decision.key if pv.decision is not None else None
        if key == shown.key and info.status == "running":
            return
        retire = info.status != "running" or not shown.moves_on
        with member_language(self.bot, user_id):
            if info.status != "running":  # what it said stays, with why it has no buttons
                over = "🏁 " + _("This game is over: nothing more to decide.")
                content, view = _ending(shown.content, over), None
            elif retire:
                content, view = _ending(shown.content, "✔️ " + _("This decision is over.")), None
            else:
                content, view = await prompt_message(self.bot, info, pv)
        if not await self._edit(shown, content, view, user_id) or retire:
            await self._drop(member)
            return
        shown.key, shown.content, shown.live = key, content[:2000], view is not None
        await self._remember(member, shown)

    async def _edit(self, shown: Shown, content: str, view: discord.ui.View | None,
                    user_id: int) -> bool:
        """Edit a prompt through its handle; False if Discord refused (expired, deleted)."""
        fields: dict[str, Any] = {"content": content[:2000], "view": view}
        try:
            if shown.token is not None and shown.original:
                await _edit_original(self.bot, shown.token, **fields)
            elif shown.token is not None:
                hook = discord.Webhook.partial(self.bot.application_id or 0, shown.token,
                                               client=self.bot)
                await hook.edit_message(shown.message_id, **fields)
            elif shown.channel_id is not None:
                channel = self.bot.get_partial_messageable(shown.channel_id)
                await channel.get_partial_message(shown.message_id).edit(**fields)
            else:
                return False
        except discord.HTTPException as exc:
            log.info("could not update a prompt of %s (%s)", user_id, exc)
            return False
        return True

    async def _load(self, game_id: int) -> None:
        """The game's remembered prompts, read back once per process."""
        if game_id in self._loaded:
            return
        self._loaded.add(game_id)
        for user_id, text in (await self.bot.service.prompt_handles(game_id)).items():
            member = (game_id, user_id)
            if member not in self._shown:
                self._shown[member] = shown = Shown.loads(text)
                self._expire_later(member, shown)

    async def _remember(self, member: Member, shown: Shown) -> None:
        try:
            await self.bot.service.remember_prompt(*member, shown.dumps())
        except Exception:  # a lost handle only means a restarted bot cannot retire the prompt
            log.exception("could not remember a prompt of %s in game #%s", member[1], member[0])

    async def _drop(self, member: Member) -> None:
        self._shown.pop(member, None)
        self._cancel_expiry(member)
        try:
            await self.bot.service.forget_prompt(*member)
        except Exception:  # left over, it is read back and dropped after a restart
            log.exception("could not forget a prompt of %s in game #%s", member[1], member[0])

    def _expire_later(self, member: Member, shown: Shown) -> None:
        """Retire an ephemeral prompt just before Discord stops accepting edits of it."""
        self._cancel_expiry(member)
        if shown.until is None:
            return
        task = asyncio.get_running_loop().create_task(self._expire(member, shown))
        self._expiries[member] = task
        task.add_done_callback(lambda done: self._expiries.pop(member, None)
                               if self._expiries.get(member) is done else None)

    def _cancel_expiry(self, member: Member) -> None:
        task = self._expiries.pop(member, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _expire(self, member: Member, shown: Shown) -> None:
        assert shown.until is not None
        await asyncio.sleep(max(0.0, shown.until - self._clock()))
        async with self.lock(*member):
            if self._shown.get(member) is not shown:
                return  # replaced or dropped meanwhile
            if shown.live:
                with member_language(self.bot, member[1]):
                    line = "⌛ " + _("This prompt is too old for me to keep up to date: open a "
                                     "fresh one with the table's button or `/game hand`.")
                await self._edit(shown, _ending(shown.content, line), None, member[1])
            await self._drop(member)


async def _edit_original(bot: BotBase, token: str, **fields: Any) -> None:
    """Edit an interaction's original response by its token alone, as
    Interaction.edit_original_response does (kept across a restart, the interaction is not)."""
    http = bot.http
    with handle_message_parameters(**fields) as params:
        await async_context.get().edit_original_interaction_response(
            bot.application_id, token,
            session=http._HTTPClient__session,  # type: ignore[attr-defined]  # as discord.py's
            proxy=http.proxy, proxy_auth=http.proxy_auth, payload=params.payload,
            multipart=params.multipart, files=params.files)


def _ending(content: str, line: str) -> str:
    """A retired prompt's text: what it said, without its deadline (a countdown to a decision
    that is over would read as still open), and the line that says it is over."""
    content = "\n".join(kept for kept in content.split("\n") if not kept.startswith("⏰ "))
    room = 2000 - len(line) - 1
    return (content if len(content) <= room else content[:room - 1] + "…") + "\n" + line
