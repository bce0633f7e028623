"""The lobby message: who sits down, how many the game needs."""

from __future__ import annotations

from typing import Any

import discord

from bot.catalog import N_, _, ngettext
from bot.core.base import BotBase
from bot.core.components import AI_LEVELS, ai_seat_name, lobby_view
from bot.core.language import channel_language
from bot.core.presenter import EMBED_COLOUR
from bot.core.texts import human_duration, safe_name
from engine.core.registry import get_kind
from engine.store.models import GameInfo

# Marked here, translated where shown.
STATUS_TEXT = {
    "lobby": N_("Press **Join** to take a seat. The host presses **Start** when everyone is in."),
    "running": N_("The game has started — see the table below."),
    "finished": N_("This game is over."),
    "abandoned": N_("This lobby was closed."),
}


def _named_by_level(name: str, level: str) -> bool:
    """Whether an AI seat's name already says its level ("Strong AI 2", or its translation)."""
    label = AI_LEVELS.get(level, ("",))[0]
    return level in name.lower() or (bool(label) and (name.startswith(_(label))
                                                      or name.startswith(ai_seat_name(level))))


def lobby_embed(info: GameInfo) -> discord.Embed:
    """Seats taken, seats needed, and what to do next."""
    kind = get_kind(info.kind)
    status = STATUS_TEXT.get(info.status)
    # Translators: the lobby's title; {game} is the game's name.
    embed = discord.Embed(title=_("{game} — lobby").format(game=kind.title), colour=EMBED_COLOUR,
                          description=_(status) if status else info.status)
    seats = []
    for number, seat in enumerate(info.seats, start=1):
        if not seat.is_ai:
            # The name, not a mention: clients that do not know the member show an embed's
            # mention as a raw <@…> (phones often do, and SimCord's preview always).
            who = safe_name(seat.name)
            if seat.user_id is not None and seat.user_id == info.host_id:
                # Translators: the host's line in the lobby; {player} is the host's name.
                who = _("{player} 👑 host").format(player=who)
        elif _named_by_level(seat.name, str(seat.ai_level)):
            who = f"🤖 {safe_name(seat.name)}"
        else:
            # Translators: an AI seat in the lobby; {level} is the AI level's code name
            # (strong, greedy, random).
            who = "🤖 " + _("{name} ({level} AI)").format(name=safe_name(seat.name),
                                                         level=seat.ai_level)
        seats.append(f"{number}. {who}")
    need = max(kind.min_players - len(info.seats), 0)
    embed.add_field(name=_("Players {count}/{max_players}").format(
        count=len(info.seats), max_players=info.max_players),
                    value="\n".join(seats) or _("nobody yet"), inline=False)
    if info.status == "lobby":
        embed.add_field(name=_("Needed"), value=(
            ngettext("{count} more to start", "{count} more to start", need).format(count=need)
            if need else _("Ready: {min_players}–{max_players} players").format(
                min_players=kind.min_players, max_players=kind.max_players)), inline=False)
    embed.set_footer(text=" · ".join(lobby_settings(info)))
    return embed


def lobby_settings(info: GameInfo) -> list[str]:
    """The lobby's footer: the rounds where the lobby chose them, then the timer (a clock of
    the game's own limits each round, other timers each action)."""
    kind = get_kind(info.kind)
    parts = []
    if kind.rounds_setting is not None:
        rounds = int(getattr(kind.settings(info.settings), kind.rounds_setting))
        parts.append(ngettext("{count} round", "{count} rounds", rounds).format(count=rounds))
    timer = info.deadlines.get(kind.turn_decision or "default")
    if not timer:
        parts.append(_("No timer: nobody is hurried"))
    elif kind.has_clock():
        parts.append(_("Time limit: {duration} per round").format(
            duration=human_duration(timer)))
    else:
        parts.append(_("Timer: {duration} per action").format(duration=human_duration(timer)))
    return parts


def lobby_message(bot: BotBase, info: GameInfo) -> dict[str, Any]:
    """The lobby message's embed and buttons, in its channel's language."""
    with channel_language(bot, info.channel_id):
        return {"embed": lobby_embed(info), "view": lobby_view(info)}
