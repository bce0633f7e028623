"""The public table message: one embed edited in place each turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.core.presenter import EMBED_COLOUR as EMBED_COLOUR_CORE
from bot.games.esr.narrate import ACTION_EMOJI, gem, gem_text
from engine.games.esr.state import ACTION_NAMES

EMBED_COLOUR = EMBED_COLOUR_CORE  # the bot's colour


def gems_line(gems: dict[str, int]) -> str:
    """'🔺3 🟡3 🟩3 🔷3' for a colour → count mapping, zeros included."""
    return " ".join(gem(c, n) for c, n in gems.items())


def gem_card_line(card: dict[str, Any] | None) -> str:
    """A gemstone card: its money and its gemstones."""
    if card is None:
        return "—"
    return f"{card['money']}M {gem_text(list(card['gems'].values()))}"


def _status(player: dict[str, Any], phase: str, waiting: set[int]) -> str:
    if phase == "choose":
        return "✅ has chosen" if player["has_chosen"] else "⏳ choosing…"
    if player["choice"]:
        text = f"played {ACTION_EMOJI[player['choice']]} {ACTION_NAMES[player['choice']]}"
        return text + (" · ⏳ deciding…" if player["seat"] in waiting else "")
    return ""


def table_embed(view: dict[str, Any], names: Sequence[str], title: str,
                due_at: float | None = None) -> discord.Embed:
    """Everything public about the game right now (never anyone's unrevealed action card).

    `due_at` is the earliest deadline of a player still deciding, shown as a relative time.
    """
    waiting = {w["seat"] for w in view["waiting_for"]}
    if view["phase"] == "over":
        heading = "Game over"
    else:
        heading = (f"Round {view['round']} of 3 · Turn {view['turn']} of "
                   f"{view['turns_per_round']}")
    description = f"**{heading}**"
    if due_at is not None and view["phase"] != "over":
        what = "Choices" if view["phase"] == "choose" else "Decision"
        description += f"\n⏰ {what} due <t:{int(due_at)}:R>"
    embed = discord.Embed(title=title, description=description, colour=EMBED_COLOUR)
    face_up = view["face_up_event"]
    if face_up:
        embed.add_field(name="🃏 Face-up event card",
                        value=f"**{face_up['name']}** — {face_up['text']}", inline=False)
    for player in view["players"]:
        # One full-width field per player keeps 5 players readable on a phone.
        lines = [f"💰 **{player['money']}M** · {gems_line(player['gems'])}"]
        turn = f"Turn card {gem_card_line(player['gem_card'])}" if player["gem_card"] else ""
        status = _status(player, view["phase"], waiting)
        lines.append(" · ".join(part for part in (turn, status) if part))
        if player["scoring_cards"]:
            lines.append("🃏 " + ", ".join(c["name"] for c in player["scoring_cards"]))
        embed.add_field(name=names[player["seat"]][:256],
                        value="\n".join(line for line in lines if line)[:1024], inline=False)
    negotiation = view["negotiation"]
    if negotiation:
        a, b = negotiation["seats"]
        offer = (gem_text(list(negotiation["offer"].values())) if negotiation["offer"]
                 else "no offer yet")
        embed.add_field(
            name=f"🤝 Negotiation for {ACTION_NAMES[negotiation['action']]}",
            value=f"{names[a]} vs {names[b]} · current offer: {offer} · "
                  f"{names[negotiation['to_move']]} to answer", inline=False)
    aside = [gem_card_line(c) for c in view["laid_aside"]]
    if view["laid_aside_hidden"]:
        aside.append("🂠 (hidden)")
    footer = [f"Supply: {gems_line(view['supply'])}"]
    if aside:
        embed.add_field(name="Laid aside this round", value=" · ".join(aside), inline=False)
    footer.append(f"Gem deck {view['gem_deck_size']} · Event deck {view['event_deck_size']}")
    embed.set_footer(text=" · ".join(footer))
    return embed
