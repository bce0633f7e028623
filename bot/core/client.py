"""The bot object: opens the service, wires the core together, registers the persistent buttons
of the core and of every game's presenter, and syncs commands when they changed."""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import re
from collections.abc import Sequence

import discord
from discord.ext import commands

from bot.catalog import CATALOG as BOT_CATALOG
from bot.catalog import N_, _
from bot.collector import freeze_startup_objects
from bot.config import BotSettings
from bot.core.actions import Actions
from bot.core.base import BotBase, Notice, discord_clock
from bot.core.commands import build_game_commands
from bot.core.components import CORE_ITEMS
from bot.core.interactions import INVALID_CLICK, Answering, tell, undispatched
from bot.core.language import Languages, channel_language
from bot.core.live_prompts import LivePrompts
from bot.core.notifier import Notifier
from bot.core.presenter import presenters
from bot.core.publisher import Publisher
from bot.core.replay import ReplayButton, ReplayJump
from bot.core.rest import send_safely
from bot.core.rules_menu import RulesMenu
from bot.core.shards import ShardKeeper
from bot.core.texts import remember_commands
from bot.core.timers import Timers
from bot.core.tournaments.buttons import TournamentButton
from bot.core.tournaments.runner import Tournaments
from bot.core.translator import CatalogTranslator
from engine.service import GameService
from engine.service.models import SubmitResult
from engine.store.models import GameInfo

log = logging.getLogger(__name__)
# Marked here, translated where told.
DAMAGED = N_("⚠️ Game #{game_id} in this channel could not be loaded after a restart: its saved "
             "state is damaged, so it cannot go on. Nothing else is affected. The host or anyone "
             "with Manage Channels can end it with `/game abandon`; then a new game can start "
             "here.")


class JuwelierBot(BotBase):
    """discord.py bot; all game state lives in the service, never in the bot object."""

    def __init__(self, settings: BotSettings, service: GameService | None = None, *,
                 freeze_after_setup: bool = False) -> None:
        # No privileged intents: slash commands and components need none. No message cache:
        # the bot edits messages by id and never reads one back, and a thousand cached messages
        # would only lengthen the garbage collector's full passes.
        # Nobody is pinged unless a message names whom (texts.pinging): a name that looks like
        # a mention, a role or @everyone stays text.
        sharded = ({"shard_ids": list(settings.shard_ids), "shard_count": settings.shard_count}
                   if settings.shard_ids else {})
        if sharded and not isinstance(self, discord.AutoShardedClient):
            raise TypeError("a bot running some of the shards is a ShardedJuwelierBot (make_bot)")
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, max_messages=None,
                         allowed_mentions=discord.AllowedMentions.none(), **sharded)
        self.settings = settings
        # Only a process that is the bot freezes (see bot.collector); tests make many bots.
        self.freeze_after_setup = freeze_after_setup
        self._service = service
        self.answering = Answering()
        self.prompts = LivePrompts(self, discord_clock)
        self.actions = Actions(self, self.prompts)
        self.tournaments = Tournaments(self)
        self.publisher = Publisher(self, self.prompts, on_change=self.poke_timers,
                                   on_end=self.tournaments.game_ended)
        self.notifier = Notifier(self, self.prompts)
        self.timers = Timers(self, self.publisher, self.notifier, clock=discord_clock)
        self.shard_keeper = ShardKeeper(lambda: self.service, self.take_over)
        self.resumed: list[GameInfo] = []
        self.templates: list[re.Pattern[str]] = []  # of every registered DynamicItem

    async def setup_hook(self) -> None:
        """Open the database, re-attach running games, register buttons and commands."""
        if self._service is None:
            limit = self.settings.max_games_per_member or None
            self._service = await GameService.open(self.settings.database, clock=discord_clock,
                                                   max_open_per_user=limit,
                                                   autopilot_level=self.settings.autopilot_level,
                                                   ai_workers=(None if self.settings.ai_workers < 0
                                                               else self.settings.ai_workers))
        if self.settings.shard_ids:
            # Leases first: only the games of shards held are resumed, told and timed here.
            self.service.use_shards(self.settings.shard_ids, self.settings.shard_count or 1)
            await self.service.renew_shards()
        self.languages = Languages(self.service)
        await self.languages.load()
        await self.tree.set_translator(CatalogTranslator(
            [BOT_CATALOG, *(p.catalog for p in presenters() if p.catalog is not None)]))
        self.resumed = await self.service.resume()
        await self.prompts.resume(info.id for info in self.resumed)
        await self.tell_damaged()
        # What was committed but never told (a crash, AI moves played while resuming): first.
        await self.publisher.catch_up()
        items = [*CORE_ITEMS, ReplayButton, RulesMenu, ReplayJump, TournamentButton,
                 *(item for p in presenters() for item in p.dynamic_items)]
        self.add_dynamic_items(*items)
        self.templates = [item.__discord_ui_compiled_template__ for item in items]
        await self.add_cog(build_game_commands(self, self.actions))
        await self.sync_commands_if_changed()
        # Tables a crash left unopened, standings left untold: before the timer starts.
        await self.tournaments.catch_up()
        # Reminders, deadlines and lobby expiry; what fell due while we were down goes first.
        self.timers.start()
        if self.settings.shard_ids:
            self.shard_keeper.start()
        if self.freeze_after_setup:
            freeze_startup_objects()
        log.info("ready to serve; %d running game(s) re-attached", len(self.resumed))

    async def take_over(self) -> None:
        """A shard was gained after start-up (its last owner died or left): resume its games,
        tell what they never told, and let the timer see their deadlines."""
        self.resumed = await self.service.resume()
        await self.prompts.resume(info.id for info in self.resumed)
        await self.tell_damaged()
        await self.publisher.catch_up()
        await self.tournaments.catch_up()
        self.poke_timers()

    async def tell_damaged(self) -> None:
        """Tell each damaged game's channel, once, that its game cannot go on and how to end
        it (the other games resumed as usual)."""
        for info in await self.service.damaged_untold():
            channel = self.get_partial_messageable(info.channel_id)
            with channel_language(self, info.channel_id):
                text = _(DAMAGED).format(game_id=info.id)
            sent = await send_safely(channel, text)
            if sent is not None:
                await self.service.damage_told(info.id)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a click on one of our ids that no component takes (forged, or made by an
        older version): discord.py would drop it and Discord would show "interaction failed"."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if undispatched(custom_id, interaction.message, self.templates):
            log.info("unknown component id %r from %s", custom_id[:100], interaction.user.id)
            await tell(interaction, _(INVALID_CLICK))

    async def tell_change(self, game_id: int, results: SubmitResult | Sequence[SubmitResult],
                          *, prompted: int | None = None, notice: Notice = None) -> None:
        """Publish a committed change to the game's channel and DM the prompts it opened."""
        await self.publisher.publish(game_id, results, prompted=prompted, notice=notice)
        batch = [results] if isinstance(results, SubmitResult) else list(results)
        await self.notifier.turn_prompts(game_id, [e for r in batch for e in r.events])

    async def follow_prompt(self, interaction: discord.Interaction, game_id: int,
                            key: str | None, content: str,
                            message: discord.WebhookMessage | None = None,
                            live: bool = True) -> None:
        """Follow a game widget's private prompt as the member's one prompt in the game."""
        async with self.prompts.lock(game_id, interaction.user.id):
            await self.prompts.shown_to(interaction, game_id, key, content, message, live)

    async def close_room(self, info: GameInfo) -> None:
        """Close the two-player room a game left open (e.g. when it is abandoned), and release
        what is kept for the game."""
        await self.publisher.close_room(info)
        self.publisher.forget(info.id)

    def bookkeeping(self) -> dict[str, int]:
        """How many games the bot and its service keep something for in memory."""
        return {**self.publisher.bookkeeping(), **self.service.bookkeeping()}

    def poke_timers(self) -> None:
        """Something may now fall due sooner: the timer looks again."""
        self.timers.poke()

    async def sync_commands_if_changed(self) -> bool:
        """Sync to the dev guild (if set) or globally, only when the command tree changed."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        # With their translations, so a changed catalog syncs the commands again.
        translator = self.tree.translator
        payload = [await c.get_translated_payload(self.tree, translator) if translator
                   else c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{guild.id if guild else 'global'}"
        if await self.service.get_meta(key) == digest:
            # Their ids make command mentions in our texts (texts.linked).
            with contextlib.suppress(discord.HTTPException):
                remember_commands(await self.tree.fetch_commands(guild=guild))
            return False
        remember_commands(await self.tree.sync(guild=guild))
        await self.service.set_meta(key, digest)
        log.info("application commands synced (%s)", key)
        return True

    async def close(self) -> None:
        """Stop the timer, close Discord, then the database."""
        await self.timers.stop()
        await self.shard_keeper.stop()
        self.publisher.close()
        self.prompts.close()
        await super().close()
        if self._service is not None:
            await self._service.close()
            self._service = None


class ShardedJuwelierBot(JuwelierBot, commands.AutoShardedBot):
    """The same bot running some of the gateway shards in one process (`--shards`)."""


def make_bot(settings: BotSettings, **options: bool) -> JuwelierBot:
    """The bot these settings ask for: sharded when they name shards."""
    cls = ShardedJuwelierBot if settings.shard_ids else JuwelierBot
    return cls(settings, **options)
