"""The lobby message: who sits down, how many the game needs."""

from __future__ import annotations

import discord

from bot.core.presenter import EMBED_COLOUR
from bot.core.texts import human_duration, safe_name
from engine.core.registry import get_kind
from engine.store.models import GameInfo

STATUS_TEXT = {
    "lobby": "Press **Join** to take a seat. The host presses **Start** when everyone is in.",
    "running": "The game has started — see the table below.",
    "finished": "This game is over.",
    "abandoned": "This lobby was closed.",
}


def lobby_embed(info: GameInfo) -> discord.Embed:
    """Seats taken, seats needed, and what to do next."""
    kind = get_kind(info.kind)
    embed = discord.Embed(title=f"{kind.title} — lobby", colour=EMBED_COLOUR,
                          description=STATUS_TEXT.get(info.status, info.status))
    seats = []
    for number, seat in enumerate(info.seats, start=1):
        level = f" ({seat.ai_level} AI)" if seat.is_ai and str(seat.ai_level) not in \
            seat.name.lower() else ""
        who = f"🤖 {safe_name(seat.name)}{level}" if seat.is_ai else f"<@{seat.user_id}>"
        host = " 👑 host" if seat.user_id is not None and seat.user_id == info.host_id else ""
        seats.append(f"{number}. {who}{host}")
    need = max(kind.min_players - len(info.seats), 0)
    embed.add_field(name=f"Players {len(info.seats)}/{info.max_players}",
                    value="\n".join(seats) or "nobody yet", inline=False)
    if info.status == "lobby":
        embed.add_field(name="Needed", value=(f"{need} more to start" if need else
                                              f"Ready: {kind.min_players}–{kind.max_players} "
                                              "players"), inline=False)
    timer = info.deadlines.get(kind.turn_decision or "default")
    embed.set_footer(text=f"Timer: {human_duration(timer)} per action" if timer
                     else "No timer: nobody is hurried")
    return embed
