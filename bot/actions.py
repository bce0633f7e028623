"""What happens when someone clicks: every handler answers the interaction, errors ephemerally."""

from __future__ import annotations

import logging

import discord

from bot.components import lobby_view
from bot.negotiation import ROOM
from bot.offers import OfferActions, acknowledge, edit_reply, tell
from bot.prompts import option_label, prompt_content, prompt_view
from bot.publisher import seat_names
from bot.render.lobby import lobby_embed
from engine.core.errors import EngineError
from engine.service.errors import DuplicateAction, GameNotRunning, StaleDecision

log = logging.getLogger(__name__)
__all__ = ["Actions", "acknowledge", "is_admin", "tell"]


def is_admin(interaction: discord.Interaction) -> bool:
    """Manage Channels in this channel counts as admin for abandoning and starting games."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_channels)


class Actions(OfferActions):
    """Glue between clicks and the service; no rule is decided here."""

    async def lobby_click(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        """Join, leave, add an AI, start or cancel."""
        await acknowledge(interaction)  # then the lobby message is edited in place
        user = interaction.user
        try:
            if op == "join":
                info = await self.service.join(game_id, user.id, user.display_name)
            elif op == "leave":
                info = await self.service.leave(game_id, user.id)
            elif op == "ai":
                info = await self.service.add_ai(game_id, user.id)
            elif op == "cancel":
                info = await self.service.abandon(game_id, user.id,
                                                  is_admin=is_admin(interaction))
            else:
                await self.start(interaction, game_id)
                return
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        await interaction.edit_original_response(embed=lobby_embed(info),
                                                 view=lobby_view(game_id, info.status == "lobby"))

    async def start(self, interaction: discord.Interaction, game_id: int) -> None:
        """Start the game: close the lobby message, post the table."""
        result = await self.service.start(game_id, interaction.user.id,
                                          is_admin=is_admin(interaction))
        info = await self.service.get_game(game_id)
        await interaction.edit_original_response(embed=lobby_embed(info), view=lobby_view(
            game_id, open_=False))
        names = ", ".join(seat_names(info))
        await self.bot.publisher.publish(game_id, result, notice=(
            f"🎲 **{len(info.seats)} players take their seats:** {names}. Good luck!"))
        await self.bot.notifier.turn_prompts(game_id, result.events)

    async def open_prompt(self, interaction: discord.Interaction, game_id: int) -> None:
        """Show the clicking player their private prompt."""
        await acknowledge(interaction, private_reply=True)
        try:
            info = await self.service.get_game(game_id)
            if info.status != "running":  # e.g. an abandoned game's table still has its button
                raise GameNotRunning(info.status)
            if info.seat_of(interaction.user.id) is None:
                await tell(interaction, "You are not playing in this game — watch along, or "
                                        "start your own with `/game new` in another channel.")
                return
            pv = await self.service.get_view(game_id, interaction.user.id)
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        names = seat_names(info)
        if pv.decision is None:
            waiting = ", ".join(names[w["seat"]] for w in pv.view["waiting_for"])
            text = "It is not your turn to decide." + (f" Waiting for {waiting}." if waiting
                                                       else "")
            await tell(interaction, text)
            return
        content = prompt_content(pv, names)
        if pv.decision.kind.endswith("negotiate"):
            room = (await self.service.get_messages(game_id)).get(ROOM)
            if room is not None and room.channel_id != info.channel_id:
                content = (content + f"\nThe negotiation runs in <#{room.channel_id}>, where "
                           "you can also build any offer.")[:2000]
        view = prompt_view(pv, names)
        await interaction.followup.send(content, view=view or discord.utils.MISSING,
                                        ephemeral=True)

    async def pick(self, interaction: discord.Interaction, game_id: int, key: str,
                   index: int) -> None:
        """Submit option `index` of the decision `key`; show the player's next choice (an event
        card or Free Choice may need several) in the same prompt; refresh the table."""
        # Acknowledge first: the database may be busy, and AI seats move inside submit().
        await acknowledge(interaction)
        user = interaction.user
        try:
            pv = await self.service.get_view(game_id, user.id)
            if pv.seat is None:
                await tell(interaction, "You are not playing in this game.")
                return
            if pv.decision is None or pv.decision.key != key:
                raise StaleDecision()
            options = pv.decision.options
            if index >= len(options):
                raise StaleDecision()
            if pv.decision.current == options[index].action:  # a double click
                raise DuplicateAction(options[index].label)
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        try:
            result = await self.service.submit(game_id, user.id, options[index].action, key)
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        after = await self.service.get_view(game_id, user.id)
        names = seat_names(await self.service.get_game(game_id))
        decision = after.decision
        follow_up = (decision is not None and decision.key != key
                     and not decision.kind.endswith("choose_action"))
        if decision is not None and decision.key == key:  # a choice that may still change
            content, view = prompt_content(after, names), prompt_view(after, names)
        elif follow_up:
            content = f"✅ {option_label(options[index], names)}.\n" + prompt_content(after, names)
            view = prompt_view(after, names)
        else:
            content, view = f"✅ {option_label(options[index], names)}.", None
        await edit_reply(interaction, content=content[:2000], view=view)
        await self.bot.publisher.publish(game_id, result,
                                         prompted=user.id if follow_up else None)
        await self.bot.notifier.turn_prompts(game_id, result.events)
