"""The private prompt a player sees: their decision, its options as buttons, the deadline."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.components import PickButton
from bot.render.narrate import ACTION_EMOJI
from bot.render.table import gem_card_line, gems_line
from engine.service.models import PlayerView

MAX_BUTTONS = 25  # Discord: 5 rows of 5


def prompt_content(pv: PlayerView, names: Sequence[str]) -> str:
    """Text of the prompt: what is asked, what each option does, and when it falls due."""
    decision = pv.decision
    me = pv.view["players"][pv.seat] if pv.seat is not None else None
    lines = []
    if me is not None:
        lines.append(f"Your turn card: {gem_card_line(me['gem_card'])} · "
                     f"your gemstones: {gems_line(me['gems'])} · 💰 {me['money']}M")
    if decision is None:
        lines.append("You have nothing to decide right now.")
        return "\n".join(lines)
    lines.append(f"**{decision.prompt}**")
    for option in decision.options:
        if option.detail:
            lines.append(f"• {option.label}: {option.detail}")
    if decision.current:
        chosen = next((o.label for o in decision.options if o.action == decision.current), "")
        lines.append(f"You chose **{chosen}**. You can change it until everyone has chosen.")
    if pv.due_at:
        lines.append(f"⏰ Due <t:{int(pv.due_at)}:R>.")
    return "\n".join(lines)[:2000]


def prompt_view(pv: PlayerView) -> discord.ui.View | None:
    """One button per option; the current choice is highlighted."""
    decision = pv.decision
    if decision is None or not decision.options:
        return None
    view = discord.ui.View(timeout=None)
    for index, option in enumerate(decision.options[:MAX_BUTTONS]):
        card = option.action.get("card")
        style = (discord.ButtonStyle.success if option.action == decision.current
                 else discord.ButtonStyle.primary if decision.current is None
                 else discord.ButtonStyle.secondary)
        view.add_item(PickButton(pv.game_id, decision.key, index, option.label, style,
                                 emoji=ACTION_EMOJI.get(card) if card else None))
    return view
