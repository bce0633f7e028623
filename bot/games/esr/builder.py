"""ESR's private offer builder: one select per colour and a Send button, with the engine's
verdict on the draft. The components are plain, with the custom ids of bot.games.esr.ids; the
DynamicItems registered for those ids (bot.games.esr.widgets) handle the clicks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.core.components import detached
from bot.games.esr.catalog import _
from bot.games.esr.ids import draft_id, raise_id, send_id
from bot.games.esr.majorities import trade_line, worth_lines
from bot.games.esr.narrate import action_text, colour_name, colour_word, gem_text
from engine.core.game import Decision
from engine.games.esr.gems import COLOURS, can_beat, raise_kind

MAX_SELECT_OPTIONS = 25


def offer_spec(decision: Decision) -> dict[str, Any]:
    """The free-form offer limits of a negotiation decision (see engine decisions)."""
    return decision.constraints["offer"]


def allows_builder(decision: Decision) -> bool:
    """A free-form offer is possible (not when ESR-5 leaves only one gemstone or nothing)."""
    spec = decision.constraints.get("offer")
    return bool(spec) and not spec["exactly_one"] and sum(spec["own"]) > 0


def raise_button(game_id: int, decision: Decision) -> discord.ui.Button:
    """The room prompt's button that opens the builder."""
    label = _("Raise…") if offer_spec(decision)["current"] is not None else _("Build an offer…")
    return discord.ui.Button(label=label, style=discord.ButtonStyle.primary, emoji="🛠️",
                             custom_id=raise_id(game_id, decision.key))


def draft_verdict(spec: dict[str, Any], draft: Sequence[int], partner: str,
                  partner_gems: Sequence[int]) -> str:
    """Why a draft the engine accepted is good, in the words of ESR-4/ESR-5 (the comparison
    itself is the engine's: raise_kind and can_beat)."""
    current = spec["current"]
    if not sum(draft):
        return _("You offer nothing: {partner} may then offer you one gemstone, which you must "
                 "accept, or nothing, and the action lapses.").format(partner=partner)
    if current is None:
        text = _("A legal opening offer of {offer}.").format(offer=gem_text(draft))
    elif raise_kind(draft, current) == "quantity":
        # Translators: {offer} is the draft, {current} the offer it beats (gem symbols)
        text = _("{offer} beats {current}: more gemstones.").format(
            offer=gem_text(draft), current=gem_text(current))
    else:
        # Translators: {order} lists the colours from highest to lowest, e.g. "🔺 red › 🟡 yellow"
        text = _("{offer} beats {current}: as many gemstones, more of the higher colours "
                 "({order}).").format(offer=gem_text(draft), current=gem_text(current),
                                      order=" › ".join(colour_name(c) for c in COLOURS))
    if not can_beat(partner_gems, draft):
        text += " " + _("{partner} cannot beat it and will have to accept.").format(
            partner=partner)
    return text


def builder_content(decision: Decision, draft: Sequence[int], verdict: str,
                    names: Sequence[str], view: dict[str, Any]) -> str:
    """What is on the table, what the action would give each negotiator, the draft, whether it
    may be sent (the engine's verdict) and what a scoring now would pay both after it
    (`view`: the spectator's view of the game)."""
    spec = offer_spec(decision)
    action = spec["action"]
    partner = names[spec["partner"]]
    current = spec["current"]
    # Translators: {action} is an action card with its emoji, e.g. "💰 Money"
    heading = _("Your offer for {action}").format(action=action_text(action))
    lines = [f"**{heading}**",
             (_("{partner} offers {offer}; a raise must beat it: more gemstones, or as many "
                "with more of the higher colours.").format(partner=partner,
                                                           offer=gem_text(current))
              if current else _("You open: offer any of your gemstones, or nothing.")),
             *worth_lines(view, (decision.player, spec["partner"]), action, names),
             _("Your gemstones: {gems}").format(gems=gem_text(spec["own"])),
             _("Draft: {gems}").format(gems=f"**{gem_text(draft)}**"),
             verdict]
    trade = trade_line(view, decision.player, spec["partner"], draft, action, names)
    if trade:
        lines.append(trade)
    lines.append(_("Choose how many of each colour you give, then press **Send**."))
    return "\n".join(lines)[:2000]


def builder_view(game_id: int, decision: Decision, draft: Sequence[int],
                 sendable: bool) -> discord.ui.View:
    """One select per colour (0 … what the player owns) and a Send button: 5 rows in all."""
    own = offer_spec(decision)["own"]
    view = discord.ui.View(timeout=None)
    for colour, name in enumerate(COLOURS):
        most = min(own[colour], MAX_SELECT_OPTIONS - 1)
        word = colour_word(name)
        # Translators: a select option: how many gemstones of one colour, e.g. "2 red"
        options = [discord.SelectOption(label=_("{count} {colour}").format(count=n, colour=word),
                                        value=str(n), default=n == draft[colour])
                   for n in range(most + 1)]
        view.add_item(discord.ui.Select(
            custom_id=draft_id(game_id, decision.key, colour, draft),
            # Translators: {count} is how many are in the draft, {owned} how many the player has
            placeholder=_("{colour}: {count} (you have {owned})").format(
                colour=word.capitalize(), count=draft[colour], owned=own[colour]),
            options=options, disabled=most == 0, row=colour))
    label = (_("Send: {offer}").format(offer=gem_text(draft)) if sum(draft)
             else _("Send: offer nothing"))
    view.add_item(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.success,
                                    disabled=not sendable,
                                    custom_id=send_id(game_id, decision.key, draft)))
    return detached(view)
