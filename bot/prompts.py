"""The private prompt a player sees: their decision, its options as buttons, the deadline; and the
private offer builder of a negotiation."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.components import DraftSelect, PickButton, SendOfferButton, detached
from bot.render.narrate import ACTION_EMOJI, gem_text
from bot.render.table import gem_card_line, gems_line
from engine.core.game import Decision, Option
from engine.games.esr.gems import COLOURS, can_beat, raise_kind
from engine.games.esr.state import ACTION_NAMES
from engine.service.models import PlayerView

MAX_BUTTONS = 25  # Discord: 5 rows of 5
MAX_SELECT_OPTIONS = 25
_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def with_names(text: str, names: Sequence[str] | None) -> str:
    """Replace the engine's 'seat 3' by the player's name (the engine knows no names)."""
    if not names:
        return text

    def name(match: re.Match[str]) -> str:
        index = int(match[2]) - 1
        return names[index] if 0 <= index < len(names) else match[0]

    return _SEAT.sub(name, text)


def option_label(option: Option, names: Sequence[str] | None) -> str:
    """An option's button label, with seat numbers shown as names."""
    return with_names(option.label, names)


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
    lines.append(f"**{with_names(decision.prompt, names)}**")
    for option in decision.options:
        if option.detail:
            lines.append(f"• {option_label(option, names)}: {with_names(option.detail, names)}")
    if decision.current:
        chosen = next((o.label for o in decision.options if o.action == decision.current), "")
        lines.append(f"You chose **{chosen}**. You can change it until everyone has chosen.")
    if pv.due_at:
        lines.append(f"⏰ Due <t:{int(pv.due_at)}:R>.")
    return "\n".join(lines)[:2000]


def prompt_view(pv: PlayerView, names: Sequence[str] | None = None) -> discord.ui.View | None:
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
        view.add_item(PickButton(pv.game_id, decision.key, index, option_label(option, names),
                                 style, emoji=ACTION_EMOJI.get(card) if card else None))
    return detached(view)


# --- the offer builder ---------------------------------------------------------------------


def offer_spec(decision: Decision) -> dict[str, Any]:
    """The free-form offer limits of a negotiation decision (see engine decisions)."""
    return decision.constraints["offer"]


def allows_builder(decision: Decision) -> bool:
    """A free-form offer is possible (not when ESR-5 leaves only one gemstone or nothing)."""
    spec = decision.constraints.get("offer")
    return bool(spec) and not spec["exactly_one"] and sum(spec["own"]) > 0


def draft_verdict(spec: dict[str, Any], draft: Sequence[int], partner: str,
                  partner_gems: Sequence[int]) -> str:
    """Why a draft the engine accepted is good, in the words of ESR-4/ESR-5 (the comparison
    itself is the engine's: raise_kind and can_beat)."""
    current = spec["current"]
    if not sum(draft):
        return (f"You offer nothing: {partner} may then offer you one gemstone, which you must "
                "accept, or nothing, and the action lapses (ESR-5).")
    if current is None:
        text = f"A legal opening offer of {gem_text(draft)}."
    elif raise_kind(draft, current) == "quantity":
        text = f"{gem_text(draft)} beats {gem_text(current)}: more gemstones."
    else:
        text = (f"{gem_text(draft)} beats {gem_text(current)}: as many gemstones, more of the "
                "higher colours (red, yellow, green, blue).")
    if not can_beat(partner_gems, draft):
        text += f" {partner} cannot beat it and will have to accept."
    return text


def builder_content(decision: Decision, draft: Sequence[int], verdict: str,
                    names: Sequence[str]) -> str:
    """What is on the table, the draft, and whether it may be sent (the engine's verdict)."""
    spec = offer_spec(decision)
    action = spec["action"]
    partner = names[spec["partner"]]
    current = spec["current"]
    lines = [f"**Your offer for {ACTION_EMOJI[action]} {ACTION_NAMES[action]}**",
             (f"{partner} offers {gem_text(current)}; a raise must beat it (ESR-4)."
              if current else "You open: offer any of your gemstones, or nothing (ESR-5)."),
             f"Your gemstones: {gem_text(spec['own'])}",
             f"Draft: **{gem_text(draft)}**",
             verdict,
             "Choose how many of each colour you give, then press **Send**."]
    return "\n".join(lines)[:2000]


def builder_view(game_id: int, decision: Decision, draft: Sequence[int],
                 sendable: bool) -> discord.ui.View:
    """One select per colour (0 … what the player owns) and a Send button: 5 rows in all."""
    own = offer_spec(decision)["own"]
    view = discord.ui.View(timeout=None)
    for colour, name in enumerate(COLOURS):
        most = min(own[colour], MAX_SELECT_OPTIONS - 1)
        options = [discord.SelectOption(label=f"{n} {name}", value=str(n),
                                        default=n == draft[colour]) for n in range(most + 1)]
        select = discord.ui.Select(
            placeholder=f"{name.capitalize()}: {draft[colour]} (you have {own[colour]})",
            options=options, disabled=most == 0, row=colour)
        view.add_item(DraftSelect(game_id, decision.key, colour, draft, select=select))
    label = f"Send: {gem_text(draft)}" if sum(draft) else "Send: offer nothing"
    view.add_item(SendOfferButton(game_id, decision.key, draft, label=label,
                                  disabled=not sendable))
    return detached(view)

