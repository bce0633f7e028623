"""`python -m bot`: start the Discord bot (needs DISCORD_TOKEN; see README.md)."""

from __future__ import annotations

import logging
import sys

from bot.config import TOKEN_HELP, BotSettings


def main() -> int:
    """Read the settings and run the bot; exit 2 at once without a token."""
    settings = BotSettings()
    if not settings.token.strip():
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    from bot.collector import tune_collector
    from bot.core.client import JuwelierBot

    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    tune_collector()
    JuwelierBot(settings, freeze_after_setup=True).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
