"""Private prompts that keep up with the game: a prompt a player has open (the table's button,
`/game hand`, the message a pick edited, a DM prompt) is edited when their decision moves on —
to their next decision, with its buttons, or, when nothing waits for them, to say so without
buttons — so nobody presses "Your decision" again and no old prompt keeps live buttons.

Discord lets a bot edit an ephemeral message only through the interaction that made it, for 15
minutes; a DM prompt is an ordinary message. Both handles live in memory: after a restart the
old prompts can no longer be edited, and their buttons are refused as no longer current.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

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
KEPT = 3  # open prompts followed per member and game (a DM, the table's, /game hand's)
Edit = Callable[..., Awaitable[Any]]


@dataclass
class Shown:
    """One open prompt: what it shows, and how to edit it."""

    key: str | None  # the decision shown (None: nothing to decide was shown)
    content: str  # what it says: a retired prompt keeps it and says it is over
    edit: Edit
    until: float | None  # clock time after which Discord refuses the edit (None: a DM)
    # False for a DM prompt: it is retired (no buttons) when its decision is over, and the
    # next turn's prompt comes as a new DM, which notifies where an edit would not.
    moves_on: bool = True


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
    """The prompts players have open, per game and member, edited as their decisions move."""

    def __init__(self, bot: BotBase, clock: Callable[[], float]) -> None:
        self.bot, self._clock = bot, clock
        # (game, member) → message id → the prompt; newest last
        self._shown: dict[tuple[int, int], dict[int, Shown]] = {}
        self._locks: weakref.WeakValueDictionary[tuple[int, int], asyncio.Lock] = \
            weakref.WeakValueDictionary()
        self._retiring: set[asyncio.Task[None]] = set()  # edits of prompts no longer followed

    def __len__(self) -> int:
        return sum(len(prompts) for prompts in self._shown.values())

    def lock(self, game_id: int, user_id: int) -> asyncio.Lock:
        """Held while a member's prompt is written, so two writes never cross."""
        lock = self._locks.get((game_id, user_id))
        if lock is None:
            lock = self._locks[(game_id, user_id)] = asyncio.Lock()
        return lock

    def shown_to(self, interaction: discord.Interaction, game_id: int, key: str | None,
                 content: str, message: discord.WebhookMessage | None = None) -> None:
        """Remember the prompt this interaction showed (`message`: a follow-up it sent; else
        the message the interaction answered by editing)."""
        edit = message.edit if message is not None else interaction.edit_original_response
        shown_in = message or interaction.message
        until = interaction.created_at.timestamp() + EDITABLE
        self._keep(game_id, interaction.user.id, shown_in.id if shown_in else interaction.id,
                   Shown(key, content, edit, until))

    def shown_in_dm(self, message: discord.Message, game_id: int, user_id: int,
                    key: str | None) -> None:
        """Remember a prompt sent by direct message (editable as long as it exists)."""
        self._keep(game_id, user_id, message.id,
                   Shown(key, message.content, message.edit, None, moves_on=False))

    def _keep(self, game_id: int, user_id: int, message_id: int, shown: Shown) -> None:
        prompts = self._shown.setdefault((game_id, user_id), {})
        prompts.pop(message_id, None)
        prompts[message_id] = shown  # newest last; the oldest beyond KEPT is no longer followed
        while len(prompts) > KEPT:
            # No longer followed, so it must not keep buttons that look live: a player who
            # pressed "Your decision" four times would find the first prompt's menus a round
            # later, refused as no longer current.
            oldest = prompts.pop(next(iter(prompts)))
            task = asyncio.get_running_loop().create_task(self._retire(user_id, oldest))
            self._retiring.add(task)
            task.add_done_callback(self._retiring.discard)

    async def _retire(self, user_id: int, shown: Shown) -> None:
        """Take a replaced prompt's buttons off, saying where the current one is."""
        if shown.until is not None and self._clock() >= shown.until:
            return  # Discord would refuse the edit
        with member_language(self.bot, user_id):
            content = _ending(shown.content, "↪️ " + _("A newer prompt replaced this one."))
        try:
            await shown.edit(content=content, view=None)
        except discord.HTTPException as exc:
            log.info("could not retire a replaced prompt of %s (%s)", user_id, exc)

    def forget(self, game_id: int) -> None:
        """Drop what is kept for a game (it ended)."""
        for entry in [k for k in self._shown if k[0] == game_id]:
            del self._shown[entry]

    async def refresh(self, info: GameInfo) -> None:
        """Edit every open prompt of the game whose decision moved on since it was shown."""
        for game_id, user_id in [k for k in self._shown if k[0] == info.id]:
            async with self.lock(game_id, user_id):
                await self._update(info, user_id)

    async def _update(self, info: GameInfo, user_id: int) -> None:
        """Rewrite a member's prompts that no longer show their current decision."""
        prompts = self._shown.get((info.id, user_id), {})
        now = self._clock()
        for message_id, shown in list(prompts.items()):
            if shown.until is not None and now >= shown.until:
                del prompts[message_id]  # Discord would refuse the edit
        if not prompts:
            self._shown.pop((info.id, user_id), None)
            return
        pv = await self.bot.service.get_view(info.id, user_id)
        key = pv.decision.key if pv.decision is not None else None
        for message_id, shown in list(prompts.items()):
            if key != shown.key or info.status != "running":
                await self._rewrite(info, user_id, pv, shown, message_id, prompts)
        if not prompts:
            self._shown.pop((info.id, user_id), None)

    async def _rewrite(self, info: GameInfo, user_id: int, pv: PlayerView, shown: Shown,
                       message_id: int, prompts: dict[int, Shown]) -> None:
        """Show the member's current decision in one prompt, or retire it."""
        retire = info.status != "running" or not shown.moves_on
        with member_language(self.bot, user_id):
            if info.status != "running":  # what it said stays, with why it has no buttons
                over = "🏁 " + _("This game is over: nothing more to decide.")
                content, view = _ending(shown.content, over), None
            elif retire:
                content, view = _ending(shown.content, "✔️ " + _("This decision is over.")), None
            else:
                content, view = await prompt_message(self.bot, info, pv)
        try:
            await shown.edit(content=content[:2000], view=view)
        except discord.HTTPException as exc:  # expired, deleted, or Discord refused
            log.info("game #%s: could not update a prompt of %s (%s)", info.id, user_id, exc)
            retire = True
        if retire:
            del prompts[message_id]
        else:
            shown.key = pv.decision.key if pv.decision is not None else None
            shown.content = content


def _ending(content: str, line: str) -> str:
    """A retired prompt's text: what it said, without its deadline (a countdown to a decision
    that is over would read as still open), and the line that says it is over."""
    content = "\n".join(kept for kept in content.split("\n") if not kept.startswith("⏰ "))
    room = 2000 - len(line) - 1
    return (content if len(content) <= room else content[:room - 1] + "…") + "\n" + line
