"""Clicks in a negotiation: the room's ready-made answers and the private offer builder, whose
draft travels in its components' custom ids (see bot.components)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.prompts import allows_builder, builder_content, builder_view, draft_verdict, offer_spec
from bot.publisher import seat_names
from bot.render.narrate import gem_text
from engine.core.errors import EngineError
from engine.core.game import Decision
from engine.service.errors import GameNotRunning, StaleDecision

if TYPE_CHECKING:
    from bot.client import JuwelierBot
    from engine.service import GameService

log = logging.getLogger(__name__)


async def tell(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def edit_reply(interaction: discord.Interaction, **fields: Any) -> None:
    """Edit the clicked message after a committed change; a refusal by Discord is logged, and
    the caller goes on to publish the change (which must never be skipped)."""
    try:
        await interaction.edit_original_response(**fields)
    except discord.HTTPException as exc:
        log.warning("could not update the clicked message: %s", exc)


async def acknowledge(interaction: discord.Interaction, *, private_reply: bool = False) -> None:
    """Answer Discord before anything touches the database, which may be busy for longer than
    the 3 seconds Discord waits. `private_reply`: the answer will be an ephemeral message
    ("thinking…" until then). Otherwise a click is acknowledged silently (the clicked message
    may be edited afterwards) and a slash command shows a public "thinking…"."""
    if interaction.response.is_done():
        return
    if private_reply:
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer()


class OfferActions:
    """Negotiation clicks; whether an offer is legal is the engine's to say (service.check)."""

    def __init__(self, bot: JuwelierBot) -> None:
        self.bot = bot

    @property
    def service(self) -> GameService:
        """The shared engine service."""
        return self.bot.service

    async def _negotiator(self, interaction: discord.Interaction, game_id: int,
                          key: str) -> tuple[Decision, list[str]] | None:
        """The negotiation decision if the clicking player is the one to move; otherwise an
        ephemeral refusal (stale prompt, not a negotiator, partner's turn) and None."""
        try:
            info = await self.service.get_game(game_id)
            if info.status != "running":
                raise GameNotRunning(info.status)
            decision = next((d for d in await self.service.pending(game_id)
                             if d.kind.endswith("negotiate")), None)
            if decision is None or decision.key != key:
                raise StaleDecision()
        except EngineError as exc:
            await tell(interaction, exc.message)
            return None
        names = seat_names(info)
        partner = offer_spec(decision)["partner"]
        seat = info.seat_of(interaction.user.id)
        if seat is None or seat.seat not in (decision.player, partner):
            await tell(interaction, f"Only {names[decision.player]} and {names[partner]} take "
                                    "part in this negotiation; you can watch along.")
            return None
        if seat.seat != decision.player:
            await tell(interaction, f"It is {names[decision.player]}'s turn to answer your "
                                    "offer; wait for them.")
            return None
        return decision, names

    async def negotiate(self, interaction: discord.Interaction, game_id: int, key: str,
                        index: int) -> None:
        """A ready-made answer (accept, a raise, offer nothing) pressed on the room's prompt."""
        await acknowledge(interaction)  # the room's messages are rewritten by the publisher
        turn = await self._negotiator(interaction, game_id, key)
        if turn is None:
            return
        decision, _ = turn
        if index >= len(decision.options):
            await tell(interaction, StaleDecision().message)
            return
        try:
            result = await self.service.submit(game_id, interaction.user.id,
                                               decision.options[index].action, key)
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        await self.bot.publisher.publish(game_id, result)
        await self.bot.notifier.turn_prompts(game_id, result.events)

    async def open_builder(self, interaction: discord.Interaction, game_id: int,
                           key: str) -> None:
        """The private offer builder, starting from an empty draft."""
        await acknowledge(interaction, private_reply=True)
        turn = await self._negotiator(interaction, game_id, key)
        if turn is None:
            return
        decision, names = turn
        if not allows_builder(decision):
            await tell(interaction, "Only the buttons on the prompt are possible now.")
            return
        draft = [0, 0, 0, 0]
        try:
            content, view = await self._builder(game_id, interaction.user.id, decision, draft,
                                                names)
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        await interaction.followup.send(content, view=view, ephemeral=True)

    async def redraft(self, interaction: discord.Interaction, game_id: int, key: str,
                      draft: list[int]) -> None:
        """A colour of the draft changed: show the new draft and whether it may be sent."""
        await acknowledge(interaction)  # then the builder message is edited in place
        try:
            pv = await self.service.get_view(game_id, interaction.user.id)
            if pv.decision is None or pv.decision.key != key:
                raise StaleDecision()
            names = seat_names(await self.service.get_game(game_id))
            content, view = await self._builder(game_id, interaction.user.id, pv.decision,
                                                draft, names)
        except EngineError as exc:
            await interaction.edit_original_response(content=exc.message, view=None)
            return
        await interaction.edit_original_response(content=content, view=view)

    async def send_offer(self, interaction: discord.Interaction, game_id: int, key: str,
                         draft: list[int]) -> None:
        """Submit the drafted offer; the builder turns into a receipt."""
        await acknowledge(interaction)
        try:
            pv = await self.service.get_view(game_id, interaction.user.id)
            if pv.decision is None or pv.decision.key != key:
                raise StaleDecision()
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        try:
            result = await self.service.submit(game_id, interaction.user.id,
                                               {"type": "offer", "gems": draft}, key)
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        await edit_reply(interaction, content=f"✅ You offered {gem_text(draft)}.", view=None)
        await self.bot.publisher.publish(game_id, result)
        await self.bot.notifier.turn_prompts(game_id, result.events)

    async def _builder(self, game_id: int, user_id: int, decision: Decision,
                       draft: list[int], names: list[str]) -> tuple[str, discord.ui.View]:
        """The builder's text and components, with the engine's verdict on the draft."""
        spec = offer_spec(decision)
        partner = spec["partner"]
        try:
            await self.service.check(game_id, user_id, {"type": "offer", "gems": draft},
                                     decision.key)
        except StaleDecision:
            raise
        except EngineError as exc:
            sendable, verdict = False, f"❌ {exc.message}"
        else:
            players = (await self.service.get_view(game_id)).view["players"]
            sendable = True
            verdict = "✅ " + draft_verdict(spec, draft, names[partner],
                                           list(players[partner]["gems"].values()))
        return (builder_content(decision, draft, verdict, names),
                builder_view(game_id, decision, draft, sendable))
