"""The bot object: opens the service, registers persistent buttons, syncs commands when changed."""

from __future__ import annotations

import hashlib
import json
import logging

import discord
from discord.ext import commands

from bot.actions import Actions
from bot.collector import freeze_startup_objects
from bot.components import DYNAMIC_ITEMS
from bot.config import BotSettings
from bot.notifier import Notifier
from bot.publisher import Publisher
from bot.timers import Timers
from engine.service import GameService
from engine.store.models import GameInfo

log = logging.getLogger(__name__)


def discord_clock() -> float:
    """Seconds since the epoch by discord.py's clock (which a simulated Discord can drive)."""
    return discord.utils.utcnow().timestamp()


class JuwelierBot(commands.Bot):
    """discord.py bot; all game state lives in the service, never in the bot object."""

    def __init__(self, settings: BotSettings, service: GameService | None = None, *,
                 freeze_after_setup: bool = False) -> None:
        # No privileged intents: slash commands and components need none. No message cache:
        # the bot edits messages by id and never reads one back, and a thousand cached messages
        # would only lengthen the garbage collector's full passes.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, max_messages=None)
        self.settings = settings
        # Only a process that is the bot freezes (see bot.collector); tests make many bots.
        self.freeze_after_setup = freeze_after_setup
        self._service = service
        self.actions = Actions(self)
        self.publisher = Publisher(self)
        self.notifier = Notifier(self)
        self.timers = Timers(self, clock=discord_clock)
        self.resumed: list[GameInfo] = []

    @property
    def service(self) -> GameService:
        """The engine service (open after setup_hook)."""
        assert self._service is not None, "the service opens in setup_hook"
        return self._service

    async def setup_hook(self) -> None:
        """Open the database, re-attach running games, register buttons and commands."""
        from bot.cogs.game_commands import GameCommands

        if self._service is None:
            self._service = await GameService.open(self.settings.db_path, clock=discord_clock)
        self.resumed = await self.service.resume()
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.add_cog(GameCommands(self))
        await self.sync_commands_if_changed()
        # Reminders, deadlines and lobby expiry; what fell due while we were down goes first.
        self.timers.start()
        if self.freeze_after_setup:
            freeze_startup_objects()
        log.info("ready to serve; %d running game(s) re-attached", len(self.resumed))

    async def sync_commands_if_changed(self) -> bool:
        """Sync to the dev guild (if set) or globally, only when the command tree changed."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{guild.id if guild else 'global'}"
        if await self.service.get_meta(key) == digest:
            return False
        await self.tree.sync(guild=guild)
        await self.service.set_meta(key, digest)
        log.info("application commands synced (%s)", key)
        return True

    async def close(self) -> None:
        """Stop the timer, close Discord, then the database."""
        await self.timers.stop()
        await super().close()
        if self._service is not None:
            await self._service.close()
            self._service = None
