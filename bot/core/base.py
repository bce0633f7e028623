"""What every part of the bot may ask of the bot object, without importing the client."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import discord
from discord.ext import commands

from bot.config import BotSettings
from bot.core.interactions import Answering
from bot.core.language import Languages
from engine.service import GameService
from engine.service.models import SubmitResult
from engine.store.models import GameInfo

# A line that leads a change's story (who timed out …): a text, or a function that writes it in
# the channel's language when the change is told.
Notice = str | Callable[[], str] | None


def discord_clock() -> float:
    """Seconds since the epoch by discord.py's clock (which a simulated Discord can drive)."""
    return discord.utils.utcnow().timestamp()


class TournamentSteps(Protocol):
    """What the core asks of the tournaments' front end (bot.core.tournaments.runner)."""

    async def game_ended(self, game_id: int) -> None:
        """A game ended: its tournament, if any, moves on."""

    async def catch_up(self) -> None:
        """Every running tournament does what it still owes."""

    async def due(self, now: float) -> float | None:
        """Open the leagues' rounds that are due; when the next one is."""


class BotBase(commands.Bot):
    """discord.py bot with the game service; all game state lives in the service."""

    settings: BotSettings
    languages: Languages  # who is spoken to in which language (after setup_hook)
    answering: Answering  # the clicks still writing their own answer
    _service: GameService | None
    tournaments: TournamentSteps  # every tournament's front-end steps (bot.core.tournaments)

    @property
    def service(self) -> GameService:
        """The engine service (open after setup_hook)."""
        assert self._service is not None, "the service opens in setup_hook"
        return self._service

    async def tell_change(self, game_id: int, results: SubmitResult | Sequence[SubmitResult],
                          *, prompted: int | None = None, notice: Notice = None) -> None:
        """Publish a committed change to the game's channel and DM the prompts it opened."""
        raise NotImplementedError

    async def follow_prompt(self, interaction: discord.Interaction, game_id: int,
                            key: str | None, content: str,
                            message: discord.WebhookMessage | None = None,
                            live: bool = True) -> None:
        """Follow a private prompt a game's own widget showed (ESR's offer builder) as the
        member's one prompt in the game: it moves on with their decision, and the prompt
        they had open before is retired."""
        raise NotImplementedError

    async def close_room(self, info: GameInfo) -> None:
        """Close the two-player room a game left open (e.g. when it is abandoned)."""
        raise NotImplementedError

    def poke_timers(self) -> None:
        """Something may now fall due sooner (e.g. a new lobby's expiry): look again."""
        raise NotImplementedError
