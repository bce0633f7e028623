"""Ratings in words: the final summary's changes, the leaderboard and the profile."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from babel.numbers import format_decimal

from bot.catalog import _, ngettext
from bot.core.presenter import EMBED_COLOUR
from bot.core.texts import safe_name
from engine.core.i18n import current
from engine.core.registry import get_kind
from engine.ratings.model import Change, Rating
from engine.store.ratings import PlayedGame, Profile, RankedMember


def rating_number(rating: Rating) -> str:
    """The conservative figure players see, one decimal, in the reader's language ("24,1")."""
    # + 0.0: a rating just below zero reads "0.0", not "-0.0"
    return format_decimal(round(rating.shown, 1) + 0.0, format="0.0", locale=current())


def change_line(changes: Sequence[Change], names: Sequence[str]) -> str | None:
    """The summary's line of each person's change: "Ratings: **ann** 24.1 → 25.3 · …"
    (`names`: safe names by seat); None for a game that was not rated."""
    if not changes:
        return None
    parts = [f"**{names[c.seat]}**\u00a0{rating_number(c.before)}\u00a0→\u00a0"
             f"{rating_number(c.after)}" for c in changes]
    # Translators: the final summary's line of rating changes; {changes} is a list such as
    # "**Ann** 24.1 → 25.3 · **Bo** 20.0 → 19.2"
    # After a blank line: right after the standings Discord would indent it into the list.
    return "\n📈 " + _("Ratings: {changes}").format(changes=" · ".join(parts))


def board_embed(boards: dict[str, list[RankedMember]], practice: str) -> discord.Embed:
    """The server's rating leaderboard, one field per game (`boards`: by game, best first),
    and the practice games against AI players below it (`practice`: its lines, or "")."""
    embed = discord.Embed(title="🏆 " + _("Leaderboard"), colour=EMBED_COLOUR)
    for kind, members in boards.items():
        embed.add_field(name=get_kind(kind).title, value="\n".join(
            _board_line(place, member) for place, member in enumerate(members, start=1)
        )[:1024] or _("No rated games yet."), inline=False)
    if not boards:
        embed.description = _("No rated games yet.")
    if practice:
        embed.add_field(name=_("Practice against AI players (not rated)"),
                        value=practice[:1024], inline=False)
    embed.set_footer(text=_("Rating: a cautious estimate of skill that rises as you win, from "
                            "finished games of two or more people. AI seats count by their "
                            "level; leaving a game counts as last place."))
    return embed


def _board_line(place: int, member: RankedMember) -> str:
    games = ngettext("{count} rated game", "{count} rated games",
                     member.rating.games).format(count=member.rating.games)
    # Translators: one line of the rating leaderboard, e.g. "1. ann — 25.3 · 12 rated games"
    return _("{place}. {player} — {rating} · {games}").format(
        place=place, player=safe_name(member.name), rating=rating_number(member.rating),
        games=games)


def profile_embed(name: str, profiles: Sequence[Profile]) -> discord.Embed:
    """A member's profile: per game the rating and its trend, games, wins, average place, best
    score and recent games (`name`: their display name, unescaped)."""
    embed = discord.Embed(title="👤 " + safe_name(name), colour=EMBED_COLOUR)
    for profile in profiles:
        embed.add_field(name=get_kind(profile.kind).title, value=_profile_text(profile)[:1024],
                        inline=False)
    if not profiles:
        embed.description = _("No finished games here yet.")
    return embed


def _profile_text(profile: Profile) -> str:
    kind = get_kind(profile.kind)
    lines = []
    if profile.rating is None:
        lines.append(_("Not rated yet: ratings come from games of two or more people."))
    else:
        games = ngettext("{count} rated game", "{count} rated games",
                         profile.rating.games).format(count=profile.rating.games)
        # Translators: {rating} is a number like 25.3, {games} "12 rated games"
        line = _("Rating **{rating}** ({games})").format(rating=rating_number(profile.rating),
                                                         games=games)
        if len(profile.trend) >= 2:
            line += " · " + _trend(profile.trend)
        lines.append(line)
    average = format_decimal(round(profile.average_place, 1), format="0.0", locale=current())
    # Translators: a profile's totals; {games} "14 finished games", {wins} "5 wins", {place} e.g.
    # 1.9, {score} a score with the game's unit ("31 gold")
    lines.append(_("{games} · {wins} · average place {place} · best {score}").format(
        games=ngettext("{count} finished game", "{count} finished games",
                       profile.games).format(count=profile.games),
        wins=ngettext("{count} win", "{count} wins", profile.wins).format(count=profile.wins),
        place=average, score=kind.score_text(profile.best_score)))
    lines += [_recent_line(kind.score_text(game.score), game) for game in profile.recent]
    return "\n".join(lines)


def _trend(trend: Sequence[Rating]) -> str:
    """How the rating moved over its last games: "▲ 1.2 over the last 5 games"."""
    moved = round(trend[-1].shown - trend[0].shown, 1)
    arrow = "▲" if moved > 0 else "▼" if moved < 0 else "="
    amount = format_decimal(abs(moved), format="0.0", locale=current())
    # Translators: a rating's trend, e.g. "▲ 1.2 over the last 5 games"
    return ngettext("{arrow} {amount} over the last {count} game",
                    "{arrow} {amount} over the last {count} games",
                    len(trend) - 1).format(arrow=arrow, amount=amount, count=len(trend) - 1)


def _recent_line(score: str, game: PlayedGame) -> str:
    # Translators: a recent game in a profile, e.g. "#12 · place 1 of 3 · 23 gold"
    line = _("#{game} · place {place} of {players} · {score}").format(
        game=game.game_id, place=game.place, players=game.players, score=score)
    line = f"<t:{int(game.finished_at)}:d> {line}"
    if game.change is not None:
        line += f" · {rating_number(game.change.before)}\u00a0→\u00a0" \
                f"{rating_number(game.change.after)}"
    return line
