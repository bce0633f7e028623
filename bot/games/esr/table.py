"""The public table message: one embed edited in place each turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.core.presenter import EMBED_COLOUR as EMBED_COLOUR_CORE
from bot.games.esr.catalog import _
from bot.games.esr.majorities import forecast_field, seat_total
from bot.games.esr.narrate import action_name, action_text, gem, gem_text
from engine.games.esr.catalog import _ as card_text
from engine.games.esr.forecast import forecast

EMBED_COLOUR = EMBED_COLOUR_CORE  # the bot's colour


def gems_line(gems: dict[str, int]) -> str:
    """'🔺3 🟡3 🟩3 🔷3' for a colour → count mapping, zeros included."""
    return " ".join(gem(c, n) for c, n in gems.items())


def gem_card_line(card: dict[str, Any] | None) -> str:
    """A gemstone card: its money and its gemstones."""
    if card is None:
        return "—"
    # Translators: a gemstone card: its money in millions, written short, and its gemstones
    return _("{amount}M {gems}").format(amount=card["money"],
                                        gems=gem_text(list(card["gems"].values())))


def _status(player: dict[str, Any], phase: str, waiting: set[int]) -> str:
    if phase == "choose":
        return "✅ " + _("has chosen") if player["has_chosen"] else "⏳ " + _("choosing…")
    if player["choice"]:
        # Translators: {action} is an action card with its emoji, e.g. "💰 Money"
        text = _("played {action}").format(action=action_text(player["choice"]))
        return text + (" · ⏳ " + _("deciding…") if player["seat"] in waiting else "")
    return ""


def table_embed(view: dict[str, Any], names: Sequence[str], title: str,
                due_at: float | None = None) -> discord.Embed:
    """Everything public about the game right now (never anyone's unrevealed action card),
    with the majorities a scoring now would pay (the engine's forecast, from the view alone).

    `due_at` is the earliest deadline of a player still deciding, shown as a relative time.
    """
    waiting = {w["seat"] for w in view["waiting_for"]}
    if view["phase"] == "over":
        heading = _("Game over")
    else:
        heading = _("Round {round} of 3 · Turn {turn} of {turns}").format(
            round=view["round"], turn=view["turn"], turns=view["turns_per_round"])
    description = f"**{heading}**"
    if due_at is not None and view["phase"] != "over":
        when = f"<t:{int(due_at)}:R>"
        # Translators: {when} is a time Discord shows relative to now ("in 5 minutes")
        due = (_("Choices due {when}") if view["phase"] == "choose"
               else _("Decision due {when}")).format(when=when)
        description += f"\n⏰ {due}"
    embed = discord.Embed(title=title, description=description, colour=EMBED_COLOUR)
    face_up = view["face_up_event"]
    if face_up:
        embed.add_field(name="🃏 " + _("Face-up event card"),
                        value=f"**{card_text(face_up['name'])}** — {card_text(face_up['text'])}",
                        inline=False)
    # After the last scoring there is nothing left to forecast.
    now = forecast(view) if view["phase"] != "over" else None
    for player in view["players"]:
        # One full-width field per player keeps 5 players readable on a phone.
        lines = [f"💰 **{player['money']}M** · {gems_line(player['gems'])}"]
        turn = (_("Turn card {card}").format(card=gem_card_line(player["gem_card"]))
                if player["gem_card"] else "")
        status = _status(player, view["phase"], waiting)
        lines.append(" · ".join(part for part in (turn, status) if part))
        if player["scoring_cards"]:
            lines.append("🃏 " + ", ".join(card_text(c["name"]) for c in player["scoring_cards"]))
        if now is not None:
            lines.append(seat_total(now, player["seat"]))
        embed.add_field(name=names[player["seat"]][:256],
                        value="\n".join(line for line in lines if line)[:1024], inline=False)
    if now is not None:
        name, value = forecast_field(now, names)
        embed.add_field(name=name, value=value, inline=False)
    negotiation = view["negotiation"]
    if negotiation:
        a, b = negotiation["seats"]
        offer = (gem_text(list(negotiation["offer"].values())) if negotiation["offer"]
                 else _("no offer yet"))
        embed.add_field(
            name="🤝 " + _("Negotiation for {action}").format(
                action=action_name(negotiation["action"])),
            # Translators: {first} and {second} negotiate; {to_move} is the one to answer next
            value=_("{first} vs {second} · current offer: {offer} · {to_move} to answer").format(
                first=names[a], second=names[b], offer=offer,
                to_move=names[negotiation["to_move"]]), inline=False)
    aside = [gem_card_line(c) for c in view["laid_aside"]]
    if view["laid_aside_hidden"] and view["phase"] != "over":  # nothing is hidden at the end
        aside.append("🂠 " + _("(hidden)"))
    footer = [_("Supply: {gems}").format(gems=gems_line(view["supply"]))]
    if aside:
        embed.add_field(name=_("Laid aside this round"), value=" · ".join(aside), inline=False)
    footer.append(_("Gem deck {gem_cards} · Event deck {event_cards}").format(
        gem_cards=view["gem_deck_size"], event_cards=view["event_deck_size"]))
    embed.set_footer(text=" · ".join(footer))
    return embed
