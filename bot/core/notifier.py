"""Prompts by direct message for players who asked for them, with a fallback when DMs are closed."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.catalog import _
from bot.core.base import BotBase
from bot.core.language import channel_language, member_language
from bot.core.live_prompts import LivePrompts
from bot.core.presenter import presenter_for
from bot.core.prompts import prompt_content, prompt_view
from bot.core.texts import pinging, seat_names
from engine.core.game import GameEvent
from engine.core.registry import get_kind

log = logging.getLogger(__name__)
DM_PREFERENCE = "dm_prompts"


class Notifier:
    """Sends each new turn's prompt by DM to the players who prefer that."""

    def __init__(self, bot: BotBase, prompts: LivePrompts) -> None:
        self.bot = bot
        self.prompts = prompts  # a DM prompt loses its buttons once its decision is over

    async def turn_prompts(self, game_id: int, events: Sequence[GameEvent]) -> None:
        """DM the prompt to every human who asked for DMs, when a turn begins."""
        service = self.bot.service
        info = await service.get_game(game_id)
        presenter = presenter_for(info.kind)
        if info.status != "running" or not any(presenter.opens_turn(e) for e in events):
            return
        for seat in info.humans():
            if seat.user_id is None or not await service.get_preference(seat.user_id,
                                                                           DM_PREFERENCE):
                continue
            with member_language(self.bot, seat.user_id):
                pv = await service.get_view(game_id, seat.user_id)
                if pv.decision is None:
                    continue
                names = seat_names(info)
                # Translators: a DM prompt's first line: the game's name, then its channel.
                heading = _("{game} in {channel}").format(
                    game=f"**{get_kind(info.kind).title}**", channel=f"<#{info.channel_id}>")
                text = heading + "\n" + prompt_content(pv, names, presenter)
                view = prompt_view(pv, None, presenter) or discord.utils.MISSING
            try:
                user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
                async with self.prompts.lock(game_id, seat.user_id):
                    message = await user.send(text, view=view)
                    await self.prompts.shown_in_dm(message, game_id, seat.user_id,
                                                    pv.decision.key)
            except discord.HTTPException as exc:
                log.info("DM to %s failed (%s); falling back to the table button",
                         seat.user_id, exc)
                await self._fall_back(info.channel_id, seat.user_id)

    async def _fall_back(self, channel_id: int, user_id: int) -> None:
        """Switch the preference off and say so once, in the game's channel."""
        await self.bot.service.set_preference(user_id, DM_PREFERENCE, False)
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            return
        with channel_language(self.bot, channel_id):
            # Translators: {player} is a mention; {button} is the label of the table's button.
            text = _("{player}, I could not send you a direct message (your DMs seem closed), "
                     "so your prompts stay here: press **{button}** on the table. Turn DMs back "
                     "on with `/game settings`.").format(player=f"<@{user_id}>",
                                                         button=_("Choose your action"))
        await channel.send(  # type: ignore[union-attr]
            text, allowed_mentions=pinging([user_id]))
