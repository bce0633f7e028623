"""Runs every tournament from the front end: the sign-up clicks, each round's threads and
games, the standings after every round.

Each step is repeatable: `advance` asks the service to record what ended and pair what is due,
then does whatever of the round's front-end work is still undone, by what the database says
(a thread remembered per table, a message remembered per post), so it runs after every
finished game, on every timer pass for leagues and once at start-up, and a crash between any
two steps leaves nothing half done for good."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref

import discord

from bot.catalog import _
from bot.core.base import BotBase
from bot.core.interactions import INVALID_CLICK, acknowledge, mark_recorded, tell
from bot.core.language import channel_language
from bot.core.rest import edit_safely, refusal_reason, send_safely
from bot.core.texts import chunks, nonce, pinging
from bot.core.tournaments.buttons import signup_view
from bot.core.tournaments.picture import standings_picture
from bot.core.tournaments.texts import (
    round_text,
    signup_embed,
    standings_heading,
    standings_lines,
    table_intro,
    thread_name,
    title,
    winner_line,
)
from engine.store.tournaments import TableRow, TournamentInfo

log = logging.getLogger(__name__)
SIGNUP = "signup"
NO_PINGS = discord.AllowedMentions.none()


def may_organise(interaction: discord.Interaction, role_id: int | None) -> bool:
    """Manage Server, or the role the server's admins named for tournaments."""
    perms = getattr(interaction, "permissions", None)
    if perms is not None and perms.manage_guild:
        return True
    roles = getattr(interaction.user, "roles", [])
    return role_id is not None and any(r.id == role_id for r in roles)


class Tournaments:
    """The bot's side of every tournament; the state is the service's."""

    def __init__(self, bot: BotBase) -> None:
        self.bot = bot
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = \
            weakref.WeakValueDictionary()
        self._owed: set[int] = set()  # tournaments to look at again at once (busy)
        self._later: set[int] = set()  # ... on the timer's next pass (a step failed)

    def lock(self, tournament_id: int) -> asyncio.Lock:
        """One tournament's front-end steps in order."""
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        return lock

    async def organiser(self, interaction: discord.Interaction,
                        info: TournamentInfo | None = None) -> bool:
        """Whether the member may run this (or a new) tournament: its organiser, Manage Server,
        or the organisers' role."""
        if info is not None and interaction.user.id == info.organiser_id:
            return True
        role = await self.bot.service.organiser_role(interaction.guild_id or 0)
        return may_organise(interaction, role)

    # --- the sign-up message -----------------------------------------------------------

    async def signup_click(self, interaction: discord.Interaction, tournament_id: int,
                           op: str) -> None:
        """Join, Leave or Start from the sign-up message."""
        await acknowledge(interaction, private_reply=True)
        service, user = self.bot.service, interaction.user
        if op == "join":
            info = await service.join_tournament(tournament_id, user.id, user.display_name)
            mark_recorded()
            await self.refresh_signup(info)
            await tell(interaction, _("You joined {title}. Your tables open as threads in this "
                                      "channel; you are pinged there.").format(title=title(info)))
        elif op == "leave":
            info = await service.leave_tournament(tournament_id, user.id)
            mark_recorded()
            await self.refresh_signup(info)
            await tell(interaction, _("You left the sign-up of {title}.").format(
                title=title(info)))
        elif op == "ai":
            info = await service.tournament(tournament_id)
            if not await self.organiser(interaction, info):
                await tell(interaction, _("Only the organiser (or someone with Manage Server) "
                                          "can add AI players."))
                return
            info = await service.add_ai_entrant(tournament_id)
            mark_recorded()
            await self.refresh_signup(info)
            await tell(interaction, _("An AI player joined {title}.").format(title=title(info)))
        elif op == "start":
            info = await service.tournament(tournament_id)
            if not await self.organiser(interaction, info):
                await tell(interaction, _("Only the organiser (or someone with Manage Server) "
                                          "can start the tournament."))
                return
            info = await service.start_tournament(tournament_id)
            mark_recorded()
            await self.refresh_signup(info)  # the sign-up is closed: no live button is left
            await tell(interaction, _("{title} has started: round 1 is being seated.").format(
                title=title(info)))
            await self.advance(tournament_id)
        else:
            await tell(interaction, _(INVALID_CLICK))

    async def refresh_signup(self, info: TournamentInfo) -> None:
        """Show the tournament as it is on its sign-up message (no buttons once it started)."""
        ref = (await self.bot.service.tournament_messages(info.id)).get(SIGNUP)
        if ref is None:
            return
        channel = self.bot.get_partial_messageable(ref[0])
        with channel_language(self.bot, info.channel_id):
            embed, view = signup_embed(info), signup_view(info)
        await edit_safely(channel, ref[1], embed=embed, view=view)

    # --- rounds ----------------------------------------------------------------------------

    async def game_ended(self, game_id: int) -> None:
        """A game ended: if it was a tournament table, the tournament moves on."""
        found = await self.bot.service.tournament_of_game(game_id)
        if found is None:
            return
        tournament_id = found[0]
        if self.lock(tournament_id).locked():
            # A step of this tournament is under way (it may be what ended this game): it
            # looks again when it is done, rather than waiting for itself.
            self._owed.add(tournament_id)
            return
        try:
            await self.advance(tournament_id)
        except Exception:
            log.exception("tournament #%s: could not move on; trying again later", tournament_id)
            self._later.add(tournament_id)

    async def catch_up(self) -> None:
        """Advance every running tournament (at start-up, and when a league's round is due);
        one tournament's failure holds up no other."""
        for info in await self.bot.service.running_tournaments():
            try:
                await self.advance(info.id)
            except Exception:
                log.exception("tournament #%s: could not move on", info.id)

    async def due(self, now: float) -> float | None:
        """Advance the leagues whose next round is due; when the next one falls due."""
        retry, self._later = self._later | self._owed, set()
        for tournament_id in sorted(retry):
            try:
                await self.advance(tournament_id)
            except Exception:
                log.exception("tournament #%s: could not move on", tournament_id)
        wake = await self.bot.service.next_round_due()
        if wake is not None and wake <= now:
            await self.catch_up()
            wake = await self.bot.service.next_round_due()
        return wake if wake is None or wake > now else None

    async def advance(self, tournament_id: int) -> None:
        """Record what ended, tell the standings owed, open the current round's tables."""
        service = self.bot.service
        async with self.lock(tournament_id):
            while True:
                self._owed.discard(tournament_id)
                before = await service.tournament(tournament_id)
                info = await service.advance_tournament(tournament_id)
                await self.tell_standings(info)
                if info.status == "running":
                    await self._open_round(info)
                if info.status != before.status:
                    await self.refresh_signup(info)
                if tournament_id not in self._owed:
                    return

    async def tell_standings(self, info: TournamentInfo) -> None:
        """Post the standings after every round that is complete and not yet told."""
        service = self.bot.service
        current = await service.tournament_tables(info.id, info.round) if info.round else []
        complete = info.round if current and all(t.result for t in current) else info.round - 1
        for after in range(info.told_round + 1, complete + 1):
            final = info.status == "finished" and after == info.rounds
            lines = await service.tournament_standings(info.id, through=after)
            channel = self.bot.get_partial_messageable(info.channel_id)
            with channel_language(self.bot, info.channel_id):
                text = [f"**{standings_heading(info, after, final)}**",
                        *standings_lines(info, lines)]
                if final:
                    text.append(winner_line(info, lines))
                picture = standings_picture(info, standings_heading(info, after, final, False),
                                            lines)
            parts = chunks(text)
            for index, part in enumerate(parts):
                last = index == len(parts) - 1
                sent = await send_safely(channel, part, allowed_mentions=NO_PINGS,
                                         nonce=nonce("tstandings", info.id, after, index),
                                         files=[picture.file()] if last else [])
                if sent is None:
                    return  # tried again on the next pass
            await service.set_standings_told(info.id, after)

    async def _open_round(self, info: TournamentInfo) -> None:
        """Threads for the round's tables, the round's post, then each table's game."""
        service = self.bot.service
        tables = await service.tournament_tables(info.id, info.round)
        for table in tables:
            if table.thread_id is None and not table.is_bye:
                thread = await self._thread(info, table)
                if thread is None:
                    continue
                await service.set_table_thread(info.id, table.round, table.table_no, thread.id)
                table.thread_id = thread.id
        posted = await service.tournament_messages(info.id)
        key = f"round:{info.round}"
        if key not in posted and all(t.thread_id or t.is_bye for t in tables):
            with channel_language(self.bot, info.channel_id):
                text = round_text(info, tables)
            channel = self.bot.get_partial_messageable(info.channel_id)
            sent = None
            for index, part in enumerate(chunks(text.split("\n"))):
                sent = await send_safely(channel, part, allowed_mentions=NO_PINGS,
                                         nonce=nonce("tround", info.id, info.round, index))
            if sent is not None:
                await service.set_tournament_message(info.id, key, info.channel_id, sent.id)
        for table in tables:
            if table.thread_id is not None and not table.is_bye and table.result is None:
                await self._open_table(info, table, posted)

    async def _open_table(self, info: TournamentInfo, table: TableRow,
                          posted: dict[str, tuple[int, int]]) -> None:
        """Greet the table's players in its thread (once), then start its game (once)."""
        service = self.bot.service
        key = f"intro:{table.round}:{table.table_no}"
        thread = self.bot.get_partial_messageable(table.thread_id)  # type: ignore[arg-type]
        if key not in posted:
            with channel_language(self.bot, info.channel_id):
                text = table_intro(info, table)
            sent = await send_safely(thread, text, allowed_mentions=pinging(table.members),
                                     nonce=nonce("tintro", info.id, table.round, table.table_no))
            if sent is None:
                return
            await service.set_tournament_message(info.id, key, thread.id, sent.id)
        result = await service.open_table(info.id, table.round, table.table_no)
        if result is not None:
            game_id = (await service.tournament_tables(info.id, table.round))[
                table.table_no - 1].game_id
            await self.bot.tell_change(game_id, result)  # type: ignore[arg-type]

    async def _thread(self, info: TournamentInfo,
                      table: TableRow) -> discord.abc.GuildChannel | discord.Thread | None:
        """Where the table plays: its thread (the one opened before a crash, found by its
        name, else a new one); where no thread may open, a channel of its own beside the
        tournament's (the same, by name); None if neither can be had (told once)."""
        channel = self.bot.get_channel(info.channel_id)
        if not isinstance(channel, discord.TextChannel):
            with contextlib.suppress(discord.HTTPException):
                channel = await self.bot.fetch_channel(info.channel_id)  # type: ignore[assignment]
        if not isinstance(channel, discord.TextChannel):
            log.warning("tournament #%s: channel %s cannot hold threads", info.id,
                        info.channel_id)
            return None
        with channel_language(self.bot, info.channel_id):
            name = thread_name(info, table)
        found = next((t for t in channel.threads if t.name == name), None)
        if found is None:
            with contextlib.suppress(discord.HTTPException):
                active = await channel.guild.active_threads()
                found = next((t for t in active if t.parent_id == channel.id and t.name == name),
                             None)
        if found is not None:
            return found
        archive = 10080 if info.every else 1440  # a league's table may rest for days
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=archive)
        except discord.HTTPException as exc:
            log.info("tournament #%s: no thread for table %s (%s); a channel instead", info.id,
                     table.table_no, exc)
            return await self._own_channel(info, table, channel, exc)
        for user in table.members:
            with contextlib.suppress(discord.HTTPException):
                await thread.add_user(discord.Object(user))
        return thread

    async def _own_channel(self, info: TournamentInfo, table: TableRow,
                           parent: discord.TextChannel,
                           refused: Exception) -> discord.TextChannel | None:
        """A text channel for the table in the tournament channel's category (Discord's
        channel names: lower case, no spaces), or None, said once in the tournament channel."""
        name = f"t{info.id}-r{table.round}-table-{table.table_no}"
        found = next((c for c in parent.guild.text_channels if c.name == name), None)
        if found is not None:
            return found
        try:
            return await parent.guild.create_text_channel(name, category=parent.category)
        except discord.HTTPException as exc:
            log.warning("tournament #%s: no thread or channel for table %s (%s)", info.id,
                        table.table_no, exc)
        key = f"nothread:{table.round}"
        if key not in await self.bot.service.tournament_messages(info.id):
            with channel_language(self.bot, info.channel_id):
                text = "⚠️ " + _("I cannot open the tables of round {round} ({reason}): give me "
                                "*Create Public Threads* here, or *Manage Channels*. I try again "
                                "on my next pass.").format(round=table.round,
                                                           reason=refusal_reason(refused))
            sent = await send_safely(parent, text, allowed_mentions=NO_PINGS)
            if sent is not None:
                await self.bot.service.set_tournament_message(info.id, key, parent.id, sent.id)
        self._later.add(info.id)
        return None
