"""The real bot under SimCord on a real SQLite file, as for the bot's own tests."""

from tests.bot.conftest import (
    close_bot_databases,
    database_url,
    db_file,
    greedy_autopilot,
    simcord_bot,
)

__all__ = ["close_bot_databases", "database_url", "db_file", "greedy_autopilot", "simcord_bot"]
