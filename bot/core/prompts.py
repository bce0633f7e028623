"""The private prompt a player sees: their decision, its options as buttons, the deadline.
Rendered from the engine's Decision and Option alone; the game's presenter may add a header
line and emoji."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.catalog import _
from bot.core.components import PickButton, detached
from bot.core.presenter import Presenter
from bot.core.texts import option_label, with_names
from engine.core.game import DecisionUI
from engine.service.models import PlayerView

MAX_BUTTONS = 25  # Discord: 5 rows of 5


def prompt_content(pv: PlayerView, names: Sequence[str], presenter: Presenter) -> str:
    """Text of the prompt: what is asked, what each option does, and when it falls due."""
    decision = pv.decision
    lines = []
    header = presenter.prompt_header(pv, names) if pv.seat is not None else None
    if header:
        lines.append(header)
    if decision is None:
        lines.append(_("You have nothing to decide right now."))
        return "\n".join(lines)
    lines.append(f"**{with_names(decision.prompt, names)}**")
    # A pool's options are its free pieces, which the game's own menus show (prompt_items);
    # what the player holds is in its current answer, not one of the options.
    listed = [] if decision.ui is DecisionUI.POOL else decision.options
    for option in listed:
        if option.detail:
            detail = presenter.option_text(with_names(option.detail, names))
            lines.append(f"• {option_label(option, names, presenter.option_text)}: {detail}")
    if decision.current and decision.ui is not DecisionUI.POOL:
        chosen = next((option_label(o, names, presenter.option_text) for o in decision.options
                       if o.action == decision.current), "")
        # Translators: {option} is the label of the option the player chose.
        lines.append(_("You chose **{option}**. You can change it until everyone has "
                       "chosen.").format(option=chosen))
    if pv.due_at:
        # Translators: {relative_time} is e.g. "in 5 minutes" (Discord shows it).
        lines.append("⏰ " + _("Due {relative_time}.").format(
            relative_time=f"<t:{int(pv.due_at)}:R>"))
    return "\n".join(lines)[:2000]


def prompt_view(pv: PlayerView, names: Sequence[str] | None,
                presenter: Presenter) -> discord.ui.View | None:
    """One button per option; the current choice is highlighted."""
    decision = pv.decision
    if decision is None or not decision.options:
        return None
    view = discord.ui.View(timeout=None)
    items = presenter.prompt_items(pv, names or [])
    if items is not None:  # the game lays out its own (Große kleine Edelsteine: a menu per card)
        for item in items:
            view.add_item(item)
        return detached(view)
    for index, option in enumerate(decision.options[:MAX_BUTTONS]):
        style = (discord.ButtonStyle.success if option.action == decision.current
                 else discord.ButtonStyle.primary if decision.current is None
                 else discord.ButtonStyle.secondary)
        view.add_item(PickButton(pv.game_id, decision.key, index,
                                 option_label(option, names, presenter.option_text),
                                 style, emoji=presenter.option_emoji(option)))
    return detached(view)
