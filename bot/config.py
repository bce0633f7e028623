"""Bot configuration from the environment or a .env file (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path

from pydantic import AliasChoices, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from engine.service.lobby import LOBBY_EXPIRY

TOKEN_HELP = """\
Juwelier needs a Discord bot token to connect.

  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", press "Reset Token" and copy the token.
  3. Put it in the environment or in a .env file next to where you start the bot:
       DISCORD_TOKEN=your-token-here
  4. Invite the bot with the "bot" and "applications.commands" scopes (see README.md).

Then run `python -m bot` again. To try the bot without a token, see the README."""


class BotSettings(BaseSettings):
    """Everything a server admin can set; only the token is required."""

    model_config = SettingsConfigDict(env_file=".env", env_prefix="JUWELIER_", extra="ignore")

    token: str = Field(default="", validation_alias=AliasChoices("DISCORD_TOKEN",
                                                                  "JUWELIER_TOKEN"))
    db_path: Path = Field(default=Path("juwelier.sqlite3"),
                          description="SQLite file; defaults to the working directory.")
    database_url: str | None = Field(
        default=None, description="A PostgreSQL server instead of the SQLite file "
                                  "(postgresql://user:password@host/database).")
    shards: str | None = Field(
        default=None, description="The gateway shards this process runs, e.g. 0-3 or 0,2,4 "
                                  "(needs shard_count; unset: one process runs them all).")
    shard_count: int | None = Field(
        default=None, ge=1, description="How many shards the bot has in all, over every process.")
    dev_guild_id: int | None = Field(
        default=None, description="Sync slash commands to this guild only (instant, for testing)."
    )
    log_level: str = "INFO"
    max_games_per_member: int = Field(
        default=3, ge=0,
        description="Open lobbies and running games one member may sit in per server; 0: no "
                    "limit.")
    new_game_cooldown: float = Field(
        default=30.0, ge=0,
        description="Seconds a member waits between two `/game new` in one server.")
    # strong, measured over 400 games as the autopilot (docs/benchmarks.md): it wins
    # 72 % of tables of greedy seats where greedy wins 19 %, and it searches in the AI workers.
    autopilot_level: str = Field(
        default="strong",
        description="The AI level that plays for a player who ran out of time or left.")
    ai_workers: int = Field(
        default=0, ge=-1,
        description="Worker processes for the strong AI's searches, so they never hold up other "
                    "games' clicks (0: one per core; -1: none, search on a thread).")
    default_timer: int = Field(
        default=120, description="Seconds per action when `/game new` names no timer (one of "
                                 "its choices; 0: no timer).")
    lobby_expiry: float = Field(
        default=LOBBY_EXPIRY, gt=0,
        description="Seconds a lobby may sit unchanged (nobody joins or starts) before it closes.")

    @field_validator("shards")
    @classmethod
    def _shards_readable(cls, value: str | None) -> str | None:
        if value is not None:
            parse_shards(value)
        return value

    @model_validator(mode="after")
    def _shards_within_count(self) -> BotSettings:
        if (self.shards is None) != (self.shard_count is None):
            raise ValueError("shards and shard_count go together: set both or neither")
        if self.shard_count is not None and max(self.shard_ids) >= self.shard_count:
            raise ValueError(f"shards {self.shards} are not all below {self.shard_count}")
        return self

    @property
    def shard_ids(self) -> tuple[int, ...]:
        """The shards this process runs (none named: all of them, in one process)."""
        return () if self.shards is None else parse_shards(self.shards)

    @property
    def database(self) -> str | Path:
        """What the service opens: the PostgreSQL URL if set, else the SQLite file."""
        return self.database_url or self.db_path


def parse_shards(text: str) -> tuple[int, ...]:
    """Shard ids from "0-3" or "0,2,4-5"; a ValueError for anything else."""
    found: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            raise ValueError(f"{text!r} is not a list of shards such as 0-3 or 0,2,4")
        found.update(range(int(low), int(high or low) + 1))
    return tuple(sorted(found))
