"""The /game command group: new, status, hand, rules, card, abandon, leave, autopilot,
leaderboard, history, replay, settings."""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.catalog import N_, _, ngettext
from bot.core.actions import Actions
from bot.core.base import BotBase, Notice
from bot.core.glossary import card_answer, suggestions
from bot.core.history import history_line
from bot.core.interactions import (
    NOT_RECORDED,
    RECORDED,
    acknowledge,
    guarded,
    is_admin,
    mark_recorded,
    tell,
    tell_safely,
    was_recorded,
)
from bot.core.language import channel_language
from bot.core.lobby import lobby_embed, lobby_message
from bot.core.presenter import presenters
from bot.core.ratings_text import board_embed, profile_embed
from bot.core.replay import game_suggestions, send_replay
from bot.core.rest import send_safely
from bot.core.review import send_review
from bot.core.rules_menu import rules_page
from bot.core.settings import LANGUAGE_CHOICES, WHERE_CHOICES, change_settings
from bot.core.table_message import current_table, table_picture
from bot.core.texts import human_duration, safe_name, seat_names
from bot.core.tournaments.commands import choose_organisers, tournament_group
from engine.core.errors import EngineError
from engine.core.registry import get_kind, kinds
from engine.service.deadlines import paced
from engine.service.errors import ChannelBusy
from engine.service.models import SubmitResult
from engine.store.models import GameInfo

log = logging.getLogger(__name__)


# Translators: a game in the /game menus, e.g. "Edel, Stein & Reich (3–5 players)".
GAME_CHOICE = N_("{title} ({min_players}–{max_players} players)")


def game_choices() -> list[app_commands.Choice[str]]:
    """Every registered game, the first built-in one first (it is the default). Each name is
    the English text; its extras carry the catalog message (`template`) and the values to
    format it with, for the command translator."""
    return [app_commands.Choice(
        name=locale_str(GAME_CHOICE.format(title=k.title, min_players=k.min_players,
                                           max_players=k.max_players),
                        template=GAME_CHOICE, title=k.title, min_players=k.min_players,
                        max_players=k.max_players),
        value=k.name) for k in kinds()][:25]


def topic_choices() -> list[app_commands.Choice[str]]:
    """The rules topics of every game's presenter, in order, each once."""
    seen: dict[str, str] = {}
    for presenter in presenters():
        for topic in presenter.rules():
            seen.setdefault(topic, presenter.rule_titles.get(topic, topic.capitalize()))
    return [app_commands.Choice(name=locale_str(title), value=topic)
            for topic, title in seen.items()][:25]


# What the bot needs in a game's channel (threads have their own fallback), in Discord's words
# (marked here, translated where shown: translators use the names Discord shows in their language).
NEEDED = {"view_channel": N_("View Channel"), "send_messages": N_("Send Messages"),
          "embed_links": N_("Embed Links"), "attach_files": N_("Attach Files")}


def missing_permissions(permissions: discord.Permissions) -> str:
    """The first permission the bot lacks for a game here, in Discord's words ('' if none)."""
    return next((f"*{_(name)}*" for flag, name in NEEDED.items()
                 if not getattr(permissions, flag)), "")


def post_refusal(exc: discord.HTTPException) -> str:
    """Why Discord refused a post, for the person who asked (a clause, shown in parentheses)."""
    if isinstance(exc, discord.Forbidden):
        return _("Discord says I may not post in this channel: I need *View Channel*, "
                 "*Send Messages* and *Embed Links*")
    # Translators: {status} is Discord's numeric HTTP error code, e.g. 500.
    return _("Discord answered with an error ({status})").format(status=exc.status)


TIMER_CHOICES = [
    app_commands.Choice(name=locale_str("30 seconds per action"), value=30),
    app_commands.Choice(name=locale_str("1 minute per action"), value=60),
    app_commands.Choice(name=locale_str("90 seconds per action"), value=90),
    app_commands.Choice(name=locale_str("2 minutes per action"), value=120),
    app_commands.Choice(name=locale_str("5 minutes per action"), value=300),
    app_commands.Choice(name=locale_str("15 minutes per action"), value=900),
    app_commands.Choice(name=locale_str("Play by post: 12 hours per action"), value=12 * 3600),
    app_commands.Choice(name=locale_str("Play by post: 24 hours per action"), value=24 * 3600),
    app_commands.Choice(name=locale_str("No timer (nobody is ever hurried)"), value=0),
]
TIMER_SECONDS = frozenset(c.value for c in TIMER_CHOICES)
SWITCH_CHOICES = [app_commands.Choice(name=locale_str("on"), value="on"),
                  app_commands.Choice(name=locale_str("off"), value="off")]
NO_PINGS = discord.AllowedMentions.none()


def answering(command: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """Every /game command answers: refusals privately, unexpected failures honestly (see
    guarded); nothing escapes to discord.py, which would only log it."""

    @functools.wraps(command)
    async def run(self: Any, interaction: discord.Interaction, *args: Any, **kwargs: Any) -> None:
        await guarded(interaction, command(self, interaction, *args, **kwargs))

    return run


def may_post(interaction: discord.Interaction) -> bool:
    """Whether the member may send messages where they used the command."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.send_messages)


def board_lines(rows: list[Any]) -> str:
    """Leaderboard rows as numbered lines, by name: an embed's mention of a member the
    reader's client does not know shows as a raw <@…>."""
    def line(place: int, row: Any) -> str:
        wins = ngettext("{count} win", "{count} wins", row.wins).format(count=row.wins)
        games = ngettext("{count} game", "{count} games", row.games).format(count=row.games)
        # Translators: one leaderboard line, e.g. "1. ann — 3 wins in 5 games, 240M";
        # {wins} and {games} are "3 wins" and "5 games"; {money} is millions won ("M").
        return _("{place}. {player} — {wins} in {games}, {money}M").format(
            place=place, player=safe_name(row.name), wins=wins, games=games, money=row.money)

    return "\n".join(line(i, r) for i, r in enumerate(rows, start=1))


def build_game_commands(bot: BotBase, actions: Actions) -> commands.GroupCog:
    """The /game cog, built when the bot starts so its choices list every registered game."""
    games, topics = game_choices(), topic_choices()

    @app_commands.guild_only()
    class GameCommands(commands.GroupCog, group_name=locale_str("game"),
                       group_description=locale_str("Play gem-trading board games in this "
                                                    "channel")):
        """Slash commands; each one is a thin call into the service."""

        def __init__(self, bot: BotBase, actions: Actions) -> None:
            self.bot = bot
            self.actions = actions
            super().__init__()

        async def _channel_game(self, interaction: discord.Interaction) -> GameInfo | None:
            info = await self.bot.service.game_in_channel(interaction.guild_id,
                                                          interaction.channel_id)
            if info is None:
                await tell(interaction, _("There is no game in this channel. Start one with "
                                          "`/game new`."))
            return info

        @app_commands.command(name=locale_str("new"),
                              description=locale_str("Open a lobby for a new game in this "
                                                     "channel"))
        @app_commands.describe(game=locale_str("Which game to play"),
                               timer=locale_str("Time each player has to choose (Große kleine "
                                                "Edelsteine: per round, at most 5 minutes)"),
                               rounds=locale_str("Rounds, where the game lets you choose "
                                                 "(Große kleine Edelsteine: 3 to 9, default 6)"))
        @app_commands.rename(game=locale_str("game"), timer=locale_str("timer"),
                             rounds=locale_str("rounds"))
        @app_commands.choices(game=games, timer=TIMER_CHOICES)
        @answering
        async def new(self, interaction: discord.Interaction, game: str | None = None,
                      timer: int | None = None,
                      rounds: app_commands.Range[int, 1, 20] | None = None) -> None:
            """Open a lobby with the caller seated as host."""
            # Deferred privately: a refusal (a game already here) is for the caller alone; the
            # lobby itself is posted to the channel for everyone.
            await acknowledge(interaction, private_reply=True)
            # A game already here is the first thing to know: no cooldown would change it.
            here = await self.bot.service.game_in_channel(interaction.guild_id,
                                                          interaction.channel_id)
            if here is not None:
                await tell(interaction, ChannelBusy(here.id, here.status).message)
                return
            # Claimed in the database before anything is created, so twenty commands arriving
            # together (through one process or several) open one lobby; given back if none opens.
            cooldown = f"new_game:{interaction.guild_id}:{interaction.user.id}"
            wait = await self.bot.service.claim_cooldown(cooldown,
                                                         self.bot.settings.new_game_cooldown)
            if wait > 0:
                await tell(interaction, ngettext(
                    "You opened a game a moment ago: wait {count} more seconds before opening "
                    "another.",
                    "You opened a game a moment ago: wait {count} more seconds before opening "
                    "another.", wait).format(count=wait))
                return
            opened = False
            try:
                opened = await self._open_lobby(interaction, game, timer, rounds)
            finally:
                if not opened:
                    await self.bot.service.release_cooldown(cooldown)

        async def _open_lobby(self, interaction: discord.Interaction, game: str | None,
                              timer: int | None, rounds: int | None) -> bool:
            """Check the options, create the lobby and post it; whether it was posted."""
            if not may_post(interaction):  # the bot does not post for someone who may not
                await tell(interaction, _("You may not send messages in this channel, so I "
                                          "will not open a game here for you."))
                return False
            kind = get_kind(game) if game else kinds()[0]
            if timer is None:  # a game's own clock keeps its own pace (a round's time limit)
                timer = int(kind.default_deadlines.get(kind.turn_decision or "") or 0) \
                    if kind.has_clock() else self.bot.settings.default_timer
            if timer not in TIMER_SECONDS:  # Discord offers only the choices; a forged value
                await tell(interaction, _("Pick one of the offered timers."))
                return False
            if timer and kind.longest_clock and timer > kind.longest_clock:
                # Translators: {duration} is a time, e.g. "5 minutes".
                await tell(interaction, _("{game} allows a time limit of at most {duration}: "
                                          "pick a shorter one, or no timer.").format(
                    game=kind.title, duration=human_duration(kind.longest_clock)))
                return False
            missing = missing_permissions(interaction.app_permissions)
            if missing:
                # Translators: {permission} is a Discord permission's name, e.g. *Embed Links*.
                await tell(interaction, _("I cannot run a game in this channel: I am missing the "
                                          "{permission} permission here. Nothing was created.")
                           .format(permission=missing))
                return False
            settings = {}
            if rounds is not None:
                bounds = kind.rounds_range()
                if bounds is None:
                    await tell(interaction, _("{game} has no choice of rounds: leave it out.")
                               .format(game=kind.title))
                    return False
                if not bounds[0] <= rounds <= bounds[1]:
                    await tell(interaction, _("{game} plays {fewest} to {most} rounds.").format(
                        game=kind.title, fewest=bounds[0], most=bounds[1]))
                    return False
                settings[kind.rounds_setting] = rounds
            user = interaction.user
            info = await self.bot.service.create_lobby(
                interaction.guild_id, interaction.channel_id, user.id, user.display_name,
                kind=kind.name, deadlines=paced(kind, timer), settings=settings)
            mark_recorded()
            try:
                message = await interaction.channel.send(  # type: ignore[union-attr]
                    **lobby_message(self.bot, info))
            except discord.HTTPException as exc:
                # Nobody saw the lobby: remove it, or it would block the channel until it expires.
                await self.bot.service.discard_lobby(info.id)
                log.info("lobby #%s could not be posted (%s); discarded", info.id, exc)
                # Translators: {reason} is why Discord refused, e.g. "Discord answered with an
                # error (500)".
                await tell(interaction, _("I could not post the lobby here ({reason}). Nothing "
                                          "was created.").format(reason=post_refusal(exc)))
                return False
            await self.bot.service.set_message(info.id, "lobby", interaction.channel_id, message.id)
            self.bot.poke_timers()  # the lobby's expiry may be the next thing due
            await tell(interaction, _("Lobby #{game_id} is open: players press **Join**, you "
                                      "press **Start** when everyone is in (or fill empty seats "
                                      "from the menu of AI players).").format(game_id=info.id))
            return True

        @app_commands.command(name=locale_str("status"),
                              description=locale_str("Show this channel's game table (only to "
                                                     "you)"))
        @answering
        async def status(self, interaction: discord.Interaction) -> None:
            """The public table, privately, with the lobby if the game has not started."""
            await acknowledge(interaction, private_reply=True)
            info = await self._channel_game(interaction)
            if info is None:
                return
            if info.status == "lobby":
                await interaction.followup.send(embed=lobby_embed(info), ephemeral=True)
                return
            embed = await current_table(self.bot, info)
            board = await table_picture(self.bot, info)
            await interaction.followup.send(embed=embed, ephemeral=True, files=[
                board.file()] if board is not None else [])

        @app_commands.command(name=locale_str("hand"),
                              description=locale_str("Your private view and your current "
                                                     "decision"))
        @answering
        async def hand(self, interaction: discord.Interaction) -> None:
            """The caller's prompt (the same as the table's button)."""
            await acknowledge(interaction, private_reply=True)
            info = await self._channel_game(interaction)
            if info is not None:
                await self.actions.open_prompt(interaction, info.id)

        @app_commands.command(name=locale_str("rules"),
                              description=locale_str("How to play, and how the bot reads the "
                                                     "rules"))
        @app_commands.describe(topic=locale_str("Pick a topic (default: overview)"),
                               game=locale_str("Which game (default: this channel's, else the "
                                               "first)"))
        @app_commands.rename(topic=locale_str("topic"), game=locale_str("game"))
        @app_commands.choices(topic=topics, game=games)
        @answering
        async def rules(self, interaction: discord.Interaction, topic: str | None = None,
                        game: str | None = None) -> None:
            """Rules help, ephemeral: the named game's, the channel's game's, or the first."""
            await acknowledge(interaction, private_reply=True)
            if game is None:
                here = await self.bot.service.game_in_channel(interaction.guild_id,
                                                              interaction.channel_id)
                game = here.kind if here is not None else kinds()[0].name
            embed, view = rules_page(game, topic)
            await interaction.followup.send(embed=embed, view=view, ephemeral=True)

        @app_commands.command(name=locale_str("card"),
                              description=locale_str("What a card does (only to you)"))
        @app_commands.describe(name=locale_str("Start typing a card's name"),
                               game=locale_str("Which game (default: every game's cards)"))
        @app_commands.rename(name=locale_str("name"), game=locale_str("game"))
        @app_commands.choices(game=games)
        @answering
        async def card(self, interaction: discord.Interaction, name: str,
                       game: str | None = None) -> None:
            """One card of the glossary, ephemeral."""
            await acknowledge(interaction, private_reply=True)
            answer = card_answer(name, game)
            if isinstance(answer, str):
                await tell(interaction, answer)
            else:
                await interaction.followup.send(embed=answer, ephemeral=True)

        @card.autocomplete("name")
        async def card_names(self, interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
            """Card names matching what the member has typed so far."""
            return suggestions(current, getattr(interaction.namespace, "game", None))

        @app_commands.command(name=locale_str("abandon"),
                              description=locale_str("End this channel's game without a result"))
        @answering
        async def abandon(self, interaction: discord.Interaction) -> None:
            """Host or anyone with Manage Channels."""
            await acknowledge(interaction, private_reply=True)
            info = await self._channel_game(interaction)
            if info is None:
                return
            await self.bot.service.abandon(info.id, interaction.user.id,
                                           is_admin=is_admin(interaction))
            mark_recorded()
            await self._announce(interaction, lambda: "🛑 " + _(
                "The game was abandoned by {player}. Start a new one with `/game new`.").format(
                    player=interaction.user.mention), _("You abandoned the game."))
            await self.bot.close_room(info)
            await self.bot.tournaments.game_ended(info.id)  # a tournament table ends with it

        @app_commands.command(name=locale_str("autopilot"),
                              description=locale_str("Let the bot play your seat (on) or take it "
                                                     "back (off)"))
        @app_commands.describe(mode=locale_str("on: the bot decides for you at once; off: you "
                                               "decide again"))
        @app_commands.rename(mode=locale_str("mode"))
        @app_commands.choices(mode=SWITCH_CHOICES)
        @answering
        async def autopilot(self, interaction: discord.Interaction, mode: str) -> None:
            """Hand the caller's seat to the autopilot, or take it back."""
            await acknowledge(interaction, private_reply=True)
            info = await self._channel_game(interaction)
            if info is None:
                return
            on = mode == "on"
            result = await self.bot.service.set_autopilot(info.id, interaction.user.id, on)
            mark_recorded()
            who = f"**{safe_name(interaction.user.display_name)}**"  # named, not pinged
            await self._publish(info.id, result, lambda: (
                "🤖 " + _("{player} handed their seat to the autopilot; `/game autopilot off` "
                         "takes it back.").format(player=who)
                if on else "🙋 " + _("{player} takes their seat back from the autopilot.").format(
                    player=who)))
            await tell(interaction, _("The autopilot plays your seat now.") if on
                       else _("Your seat is yours again."))

        @app_commands.command(name=locale_str("leave"),
                              description=locale_str("Leave this channel's game (in a running "
                                                     "game the autopilot takes over)"))
        @answering
        async def leave(self, interaction: discord.Interaction) -> None:
            """Leave a lobby seat, or hand a running game's seat to the autopilot for good."""
            await acknowledge(interaction, private_reply=True)
            info = await self._channel_game(interaction)
            if info is None:
                return
            user = interaction.user
            if info.status == "lobby":
                info = await self.bot.service.leave(info.id, user.id)
                await tell(interaction, _("You left the lobby."))
                await self._refresh_lobby(info)
                return
            result = await self.bot.service.set_autopilot(info.id, user.id, True)
            mark_recorded()
            await self._publish(info.id, result, lambda: "🚪 " + _(
                "{player} left the game; the autopilot plays their seat from now on.").format(
                    player=f"**{safe_name(user.display_name)}**"))
            await tell(interaction, _("You left the game."))

        async def _announce(self, interaction: discord.Interaction, public: Callable[[], str],
                            private: str) -> None:
            """Tell the channel what the caller changed (`public` writes it in the channel's
            language), and the caller (privately, in theirs) that it is done."""
            with channel_language(self.bot, interaction.channel_id):  # type: ignore[arg-type]
                text = public()
            # The change is committed: a refused post must not make it look undone.
            await send_safely(interaction.channel, text,  # type: ignore[arg-type]
                              allowed_mentions=NO_PINGS)
            await tell(interaction, private)

        async def _publish(self, game_id: int, result: SubmitResult, notice: Notice) -> None:
            """Tell the channel what the caller changed and what the autopilot did at once."""
            await self.bot.tell_change(game_id, result, notice=notice)

        async def _refresh_lobby(self, info: GameInfo) -> None:
            """Show a lobby change on the lobby message (left by a command, not its button)."""
            ref = (await self.bot.service.get_messages(info.id)).get("lobby")
            if ref is None:
                return
            message = self.bot.get_partial_messageable(ref.channel_id).get_partial_message(
                ref.message_id)
            try:
                await message.edit(**lobby_message(self.bot, info))
            except discord.HTTPException as exc:
                log.warning("lobby #%s: could not update its message (%s)", info.id, exc)

        @app_commands.command(name=locale_str("leaderboard"),
                              description=locale_str("This server's best players"))
        @app_commands.describe(game=locale_str("Which game (default: every game)"))
        @app_commands.rename(game=locale_str("game"))
        @app_commands.choices(game=games)
        @answering
        async def leaderboard(self, interaction: discord.Interaction,
                              game: str | None = None) -> None:
            """Members by rating per game on this server, and the practice games below."""
            # Public, unless the member may not post here: the bot does not speak for them.
            public = may_post(interaction)
            await acknowledge(interaction, private_reply=not public)
            service, guild = self.bot.service, interaction.guild_id
            chosen = [game] if game else await service.rated_kinds(guild)  # type: ignore[arg-type]
            boards = {kind: await service.rating_board(guild, kind,  # type: ignore[arg-type]
                                                       limit=20 if game else 5)
                      for kind in chosen}
            practice = await service.leaderboard(guild, limit=5, practice=True)  # type: ignore[arg-type]
            # Public: in the channel's language; else in the member's (already set).
            with (channel_language(self.bot, interaction.channel_id)  # type: ignore[arg-type]
                  if public else contextlib.nullcontext()):
                embed = board_embed(boards, board_lines(practice))
            await interaction.followup.send(embed=embed, allowed_mentions=NO_PINGS,
                                            ephemeral=not public)

        @app_commands.command(name=locale_str("profile"),
                              description=locale_str("A player's rating, record and recent "
                                                     "games (only to you)"))
        @app_commands.describe(member=locale_str("Whose profile (default: yours)"),
                               game=locale_str("Which game (default: every game)"))
        @app_commands.rename(member=locale_str("member"), game=locale_str("game"))
        @app_commands.choices(game=games)
        @answering
        async def profile(self, interaction: discord.Interaction,
                          member: discord.Member | None = None, game: str | None = None) -> None:
            """Per game: the rating and its trend, games, wins, average place, best score."""
            await acknowledge(interaction, private_reply=True)
            whom = member or interaction.user
            profiles = await self.bot.service.profile(
                interaction.guild_id, whom.id, [game] if game else None)  # type: ignore[arg-type]
            await interaction.followup.send(embed=profile_embed(whom.display_name, profiles),
                                            allowed_mentions=NO_PINGS, ephemeral=True)

        @app_commands.command(name=locale_str("history"),
                              description=locale_str("Your recent games (only to you)"))
        @answering
        async def history(self, interaction: discord.Interaction) -> None:
            """The caller's games in this guild."""
            await acknowledge(interaction, private_reply=True)
            service, me = self.bot.service, interaction.user.id
            lines = []
            for entry in (await service.history(me, interaction.guild_id))[:12]:
                info = await service.get_game(entry.game_id)
                winners: list[str] = []
                if entry.rank is not None and not entry.winner:
                    results = (await service.get_view(entry.game_id)).view.get("results") or {}
                    names = seat_names(info)
                    winners = [names[w] for w in results.get("winners", [])]
                lines.append(history_line(entry, info, me, winners))
            text = "\n".join(lines) or _("You have not played here yet.")
            await tell(interaction, text[:2000])

        @app_commands.command(name=locale_str("replay"),
                              description=locale_str("Step through a finished game and get its "
                                                     "record"))
        @app_commands.describe(game=locale_str("The game's number (start typing: your finished "
                                               "games)"))
        @app_commands.rename(game=locale_str("game"))
        @answering
        async def replay(self, interaction: discord.Interaction,
                         game: app_commands.Range[int, 1, 10**18]) -> None:
            """The game's JSON record and the ◀ ▶ viewer, only to the caller."""
            await send_replay(self.bot.service, interaction, game)

        @replay.autocomplete("game")
        async def replay_games(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[int]]:
            """The caller's finished games on this server."""
            return await game_suggestions(self.bot.service, interaction, current)

        @app_commands.command(name=locale_str("review"),
                              description=locale_str("Your three costliest decisions of a "
                                                     "finished game, judged by the AI (only to "
                                                     "you)"))
        @app_commands.describe(game=locale_str("The game's number (start typing: your finished "
                                               "games)"))
        @app_commands.rename(game=locale_str("game"))
        @answering
        async def review(self, interaction: discord.Interaction,
                         game: app_commands.Range[int, 1, 10**18]) -> None:
            """The coach's review, only to the caller; the answer comes when it is ready."""
            await send_review(self.bot.service, interaction, game)

        @review.autocomplete("game")
        async def review_games(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[int]]:
            """The caller's finished games on this server."""
            return await game_suggestions(self.bot.service, interaction, current)

        @app_commands.command(name=locale_str("settings"),
                              description=locale_str("Your preferences, and this channel's "
                                                     "language"))
        @app_commands.describe(
            dm=locale_str("Send your action prompts by direct message"),
            my_language=locale_str("The language of replies only you see"),
            language=locale_str("The language of this channel's (or server's) messages "
                                "(admins)"),
            where=locale_str("Where the language applies (default: this channel)"),
            organisers=locale_str("The role that may run tournaments here (Manage Server; "
                                  "@everyone: Manage Server only)"))
        @app_commands.rename(dm=locale_str("dm"), my_language=locale_str("my_language"),
                             language=locale_str("language"), where=locale_str("where"),
                             organisers=locale_str("organisers"))
        @app_commands.choices(my_language=LANGUAGE_CHOICES, language=LANGUAGE_CHOICES,
                              where=WHERE_CHOICES)
        @answering
        async def settings(self, interaction: discord.Interaction, dm: bool | None = None,
                           my_language: str | None = None, language: str | None = None,
                           where: str | None = None,
                           organisers: discord.Role | None = None) -> None:
            """Store the chosen preferences, or show them when nothing is chosen."""
            if organisers is not None:
                await choose_organisers(self.bot, interaction, organisers)
                if dm is None and my_language is None and language is None:
                    return
            await change_settings(self.bot, interaction, dm, my_language, language, where)

        async def interaction_check(self, interaction: discord.Interaction) -> bool:
            """Games live in server channels: refuse a command sent anywhere else (Discord
            hides the commands there, but a client need not)."""
            if interaction.guild_id is None or interaction.channel_id is None:
                await tell(interaction, _("Juwelier's games are played in a server's channels: "
                                          "use `/game` there."))
                return False
            return True

        async def cog_app_command_error(self, interaction: discord.Interaction,
                                        error: app_commands.AppCommandError) -> None:
            """Engine errors are told to the player; anything else is logged and apologised for."""
            if isinstance(error, app_commands.CheckFailure):
                return  # the check has answered
            original = getattr(error, "original", error)
            if isinstance(original, EngineError):
                await tell_safely(interaction, original.message)
                return
            log.error("/%s failed in channel %s", getattr(interaction.command, "qualified_name",
                                                          "game"), interaction.channel_id,
                      exc_info=original)
            await tell_safely(interaction, _(RECORDED) if was_recorded() else _(NOT_RECORDED))

    cog = GameCommands(bot, actions)
    cog.app_command.add_command(tournament_group(bot, bot.tournaments, games, TIMER_CHOICES))
    return cog
