"""Clicks in ESR's private offer builder (opened by the room's Raise… button): whether an offer
is legal is the engine's to say (service.check); the room's other buttons are the core's."""

from __future__ import annotations

import logging

import discord

from bot.core.actions import room_turn
from bot.core.base import BotBase
from bot.core.interactions import (
    acknowledge,
    edit_reply,
    from_private_message,
    mark_recorded,
    tell,
)
from bot.core.texts import seat_names
from bot.games.esr.builder import (
    MAX_SELECT_OPTIONS,
    allows_builder,
    builder_content,
    builder_view,
    draft_verdict,
    offer_spec,
)
from bot.games.esr.catalog import N_, _
from bot.games.esr.narrate import gem_text
from engine.core.errors import EngineError
from engine.core.game import Decision
from engine.service.errors import StaleDecision

log = logging.getLogger(__name__)


async def open_builder(bot: BotBase, interaction: discord.Interaction, game_id: int,
                       key: str) -> None:
    """The private offer builder, starting from an empty draft."""
    await acknowledge(interaction, private_reply=True)
    turn = await room_turn(bot, interaction, game_id, key)
    if turn is None:
        return
    decision, names = turn
    if not allows_builder(decision):
        await tell(interaction, _("Only the buttons on the prompt are possible now."))
        return
    try:
        content, view = await _builder(bot, game_id, interaction.user.id, decision,
                                       [0, 0, 0, 0], names)
    except EngineError as exc:
        await tell(interaction, exc.message)
        return
    sent = await interaction.followup.send(content, view=view, ephemeral=True, wait=True)
    # The builder is the member's prompt now: the one they had open is retired.
    await bot.follow_prompt(interaction, game_id, decision.key, content, sent)


FORGED = N_("That is not one of the choices offered; nothing was changed.")


async def refuse_forged(interaction: discord.Interaction) -> None:
    """A select value or draft that the builder never offered: refuse it privately."""
    await tell(interaction, _(FORGED))


async def redraft(bot: BotBase, interaction: discord.Interaction, game_id: int, key: str,
                  draft: list[int]) -> None:
    """A colour of the draft changed: show the new draft and whether it may be sent."""
    if not from_private_message(interaction):  # never rewrite a public message (the table)
        await tell(interaction, _(FORGED))
        return
    await acknowledge(interaction)  # then the builder message is edited in place
    service = bot.service
    try:
        pv = await service.get_view(game_id, interaction.user.id)
        if pv.decision is None or pv.decision.key != key or "offer" not in \
                pv.decision.constraints:
            raise StaleDecision()
        own = offer_spec(pv.decision)["own"]
        if any(not 0 <= n <= min(most, MAX_SELECT_OPTIONS - 1)
               for n, most in zip(draft, own, strict=True)):
            await tell(interaction, _(FORGED))
            return
        names = seat_names(await service.get_game(game_id))
        content, view = await _builder(bot, game_id, interaction.user.id, pv.decision, draft,
                                       names)
    except EngineError as exc:
        await interaction.edit_original_response(content=exc.message, view=None)
        return
    await interaction.edit_original_response(content=content, view=view)
    await bot.follow_prompt(interaction, game_id, key, content)  # a fresh token to edit it by


async def send_offer(bot: BotBase, interaction: discord.Interaction, game_id: int, key: str,
                     draft: list[int]) -> None:
    """Submit the drafted offer; the builder turns into a receipt."""
    if not from_private_message(interaction):  # the receipt would tell the table the offer
        await tell(interaction, _(FORGED))
        return
    await acknowledge(interaction)
    service = bot.service
    try:
        pv = await service.get_view(game_id, interaction.user.id)
        if pv.decision is None or pv.decision.key != key:
            raise StaleDecision()
    except EngineError as exc:
        await tell(interaction, exc.message)
        return
    try:
        result = await service.submit(game_id, interaction.user.id,
                                      {"type": "offer", "gems": draft}, key)
    except EngineError as exc:
        await tell(interaction, exc.message)
        return
    mark_recorded()
    receipt = "✅ " + _("You offered {offer}.").format(offer=gem_text(draft))
    await edit_reply(interaction, content=receipt, view=None)
    after = await service.get_view(game_id, interaction.user.id)
    await bot.follow_prompt(interaction, game_id,
                            after.decision.key if after.decision else None, receipt, live=False)
    await bot.tell_change(game_id, result)


async def _builder(bot: BotBase, game_id: int, user_id: int, decision: Decision,
                   draft: list[int], names: list[str]) -> tuple[str, discord.ui.View]:
    """The builder's text and components, with the engine's verdict on the draft."""
    service = bot.service
    spec = offer_spec(decision)
    partner = spec["partner"]
    try:
        await service.check(game_id, user_id, {"type": "offer", "gems": draft}, decision.key)
    except StaleDecision:
        raise
    except EngineError as exc:
        sendable, verdict = False, f"❌ {exc.message}"
    else:
        sendable, verdict = True, ""
    public = (await service.get_view(game_id)).view  # the spectator's: both players' cards
    if sendable:
        verdict = "✅ " + draft_verdict(spec, draft, names[partner],
                                       list(public["players"][partner]["gems"].values()))
    return (builder_content(decision, draft, verdict, names, public),
            builder_view(game_id, decision, draft, sendable))
