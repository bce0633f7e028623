"""`/game tournament new | status | standings | drop | cancel`, and the organisers' role."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.catalog import _
from bot.core.base import BotBase
from bot.core.interactions import acknowledge, guarded, mark_recorded, tell
from bot.core.language import channel_language
from bot.core.rest import send_safely
from bot.core.texts import safe_name
from bot.core.tournaments.buttons import signup_view
from bot.core.tournaments.picture import standings_picture
from bot.core.tournaments.runner import SIGNUP, Tournaments, may_organise
from bot.core.tournaments.texts import (
    round_text,
    signup_embed,
    standings_heading,
    standings_lines,
    title,
)
from engine.core.registry import get_kind, kinds
from engine.service.deadlines import paced
from engine.store.tournaments import TournamentInfo

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
FORMAT_CHOICES = [app_commands.Choice(name=locale_str("Swiss (similar scores meet)"),
                                      value="swiss"),
                  app_commands.Choice(name=locale_str("Round robin (everyone meets everyone)"),
                                      value="round_robin")]
SCHEDULE_CHOICES = [
    app_commands.Choice(name=locale_str("Next round as soon as the last table ends"), value=0),
    app_commands.Choice(name=locale_str("One round a day (play by post)"), value=86_400),
    app_commands.Choice(name=locale_str("One round a week (play by post)"), value=604_800),
]


def default_table_size(game: str) -> int:
    """Four at a table where the game allows it, else the nearest size it allows."""
    kind = get_kind(game)
    return max(kind.min_players, min(4, kind.max_players))


def tournament_group(bot: BotBase, runner: Tournaments,
                     games: list[app_commands.Choice[str]],
                     timers: list[app_commands.Choice[int]]) -> app_commands.Group:
    """The /game tournament subcommands, bound to the bot."""
    group = app_commands.Group(name=locale_str("tournament"),
                               description=locale_str("Run a tournament across many tables in "
                                                      "this channel"))

    async def here(interaction: discord.Interaction) -> TournamentInfo | None:
        info = await bot.service.tournament_in_channel(interaction.guild_id or 0,
                                                       interaction.channel_id or 0)
        if info is None:
            await tell(interaction, _("There is no tournament in this channel. An organiser "
                                      "starts one with `/game tournament new`."))
        return info

    @group.command(name=locale_str("new"),
                   description=locale_str("Open a tournament's sign-up in this channel "
                                          "(organisers)"))
    @app_commands.describe(game=locale_str("Which game the tables play"),
                           format=locale_str("How the tables are seated each round"),
                           rounds=locale_str("Rounds of a Swiss tournament (default 3)"),
                           table_size=locale_str("Players per table (default: 4, or the "
                                                 "game's nearest size)"),
                           timer=locale_str("Time each player has to choose"),
                           schedule=locale_str("When each next round starts"))
    @app_commands.rename(game=locale_str("game"), format=locale_str("format"),
                         rounds=locale_str("rounds"), table_size=locale_str("table_size"),
                         timer=locale_str("timer"), schedule=locale_str("schedule"))
    @app_commands.choices(game=games, format=FORMAT_CHOICES, timer=timers,
                          schedule=SCHEDULE_CHOICES)
    async def new(interaction: discord.Interaction, game: str | None = None,
                  format: str = "swiss", rounds: app_commands.Range[int, 1, 10] = 3,
                  table_size: app_commands.Range[int, 2, 5] | None = None,
                  timer: int | None = None, schedule: int = 0) -> None:
        """Open the sign-up with Join, Leave and Start."""
        await guarded(interaction, open_signup(interaction, game, format, rounds, table_size,
                                               timer, schedule))

    async def open_signup(interaction: discord.Interaction, game: str | None, format: str,
                          rounds: int, table_size: int | None, timer: int | None,
                          schedule: int) -> None:
        await acknowledge(interaction, private_reply=True)
        if not await runner.organiser(interaction):
            await tell(interaction, _("Only members with Manage Server, or the role the admins "
                                      "named in `/game settings`, can run tournaments here."))
            return
        kind = get_kind(game) if game else kinds()[0]
        if timer is None:
            timer = int(kind.default_deadlines.get(kind.turn_decision or "") or 0) \
                if kind.has_clock() else bot.settings.default_timer
        if timer and kind.longest_clock and timer > kind.longest_clock:
            timer = int(kind.longest_clock)
        if schedule not in {c.value for c in SCHEDULE_CHOICES}:
            await tell(interaction, _("Pick one of the offered schedules."))
            return
        user = interaction.user
        info = await bot.service.create_tournament(
            interaction.guild_id or 0, interaction.channel_id or 0, user.id, kind=kind.name,
            format=format, rounds=rounds,  # type: ignore[arg-type]
            table_size=table_size or default_table_size(kind.name),
            deadlines=paced(kind, timer), every=float(schedule) or None)
        mark_recorded()
        with channel_language(bot, interaction.channel_id or 0):
            embed, view = signup_embed(info), signup_view(info)
        message = await send_safely(interaction.channel,  # type: ignore[arg-type]
                                    embed=embed, view=view)
        if message is None:  # nobody saw it: it must not block the channel
            await bot.service.cancel_tournament(info.id)
            await tell(interaction, _("I could not post the sign-up here. Nothing was created."))
            return
        await bot.service.set_tournament_message(info.id, SIGNUP, message.channel.id, message.id)
        await tell(interaction, _("{title} is open for sign-up. Press **Start** on it when "
                                  "everyone is in.").format(title=title(info)))

    @group.command(name=locale_str("status"),
                   description=locale_str("This channel's tournament and its current round "
                                          "(only to you)"))
    async def status(interaction: discord.Interaction) -> None:
        """The sign-up card and the current round's tables, privately."""
        async def run() -> None:
            await acknowledge(interaction, private_reply=True)
            info = await here(interaction)
            if info is None:
                return
            tables = await bot.service.tournament_tables(info.id, info.round) \
                if info.round else []
            text = round_text(info, tables)[:2000] if tables else None
            await interaction.followup.send(text, embed=signup_embed(info), ephemeral=True,
                                            allowed_mentions=NO_PINGS)
        await guarded(interaction, run())

    @group.command(name=locale_str("standings"),
                   description=locale_str("The standings of this channel's tournament"))
    async def standings(interaction: discord.Interaction) -> None:
        """The standings so far, with their picture (privately: only to the caller)."""
        async def run() -> None:
            await acknowledge(interaction, private_reply=True)
            info = await here(interaction)
            if info is None:
                return
            lines = await bot.service.tournament_standings(info.id)
            final = info.status == "finished"
            picture = standings_picture(
                info, standings_heading(info, info.round, final, False), lines)
            text = "\n".join([f"**{standings_heading(info, info.round, final)}**",
                              *standings_lines(info, lines)])[:2000]
            await interaction.followup.send(text, file=picture.file(), ephemeral=True,
                                            allowed_mentions=NO_PINGS)
        await guarded(interaction, run())

    @group.command(name=locale_str("drop"),
                   description=locale_str("Leave this channel's tournament (organisers: drop "
                                          "a member)"))
    @app_commands.describe(member=locale_str("Whom to drop (organisers; default: you)"))
    @app_commands.rename(member=locale_str("member"))
    async def drop(interaction: discord.Interaction,
                   member: discord.Member | None = None) -> None:
        """The member leaves: the autopilot finishes their table, they are paired no more."""
        async def run() -> None:
            await acknowledge(interaction, private_reply=True)
            info = await here(interaction)
            if info is None:
                return
            whom = member or interaction.user
            if whom.id != interaction.user.id and not await runner.organiser(interaction, info):
                await tell(interaction, _("Only the organiser can drop someone else."))
                return
            if info.status == "signup":
                info = await bot.service.leave_tournament(info.id, whom.id)
                mark_recorded()
                await runner.refresh_signup(info)
                await tell(interaction, _("Taken off the sign-up."))
                return
            info, result = await bot.service.drop_from_tournament(info.id, whom.id)
            mark_recorded()
            name = f"**{safe_name(whom.display_name)}**"
            await tell(interaction, _("{player} has left {title}; the autopilot finishes "
                                      "their table.").format(player=name, title=title(info)))
            if result is not None:
                await bot.tell_change(result.game_id, result)
            await runner.advance(info.id)
        await guarded(interaction, run())

    @group.command(name=locale_str("cancel"),
                   description=locale_str("End this channel's tournament where it stands "
                                          "(organisers)"))
    async def cancel(interaction: discord.Interaction) -> None:
        """Cancel: open tables are abandoned, the standings so far stay readable."""
        async def run() -> None:
            await acknowledge(interaction, private_reply=True)
            info = await here(interaction)
            if info is None:
                return
            if not await runner.organiser(interaction, info):
                await tell(interaction, _("Only the organiser (or someone with Manage Server) "
                                          "can cancel the tournament."))
                return
            info, open_games = await bot.service.cancel_tournament(info.id)
            mark_recorded()
            for game_id in open_games:
                try:
                    ended = await bot.service.abandon(game_id, info.organiser_id, is_admin=True)
                    await bot.close_room(ended)
                except Exception:
                    log.exception("tournament #%s: could not end game #%s", info.id, game_id)
            await runner.refresh_signup(info)
            with channel_language(bot, info.channel_id):
                text = "🛑 " + _("{title} was cancelled by its organiser.").format(
                    title=title(info))
            await send_safely(interaction.channel, text,  # type: ignore[arg-type]
                              allowed_mentions=NO_PINGS)
            await tell(interaction, _("The tournament is cancelled."))
        await guarded(interaction, run())

    return group


async def choose_organisers(bot: BotBase, interaction: discord.Interaction,
                            role: discord.Role) -> None:
    """`/game settings organisers:` — Manage Server names the role that runs tournaments
    (@everyone: nobody but Manage Server)."""
    await acknowledge(interaction, private_reply=True)
    if not may_organise(interaction, None):
        await tell(interaction, "⛔ " + _("Not changed: the tournament organisers' role — only "
                                         "members with Manage Server choose it."))
        return
    cleared = role.is_default()
    await bot.service.set_organiser_role(interaction.guild_id or 0,
                                         None if cleared else role.id)
    mark_recorded()
    await tell(interaction, _("Tournaments here are run by members with Manage Server only.")
               if cleared else _("Members with the role {role} may now run tournaments here.")
               .format(role=f"**{safe_name(role.name)}**"))
