"""`python -m bot [--shards 0-3 --shard-count 8]`: start the Discord bot (needs DISCORD_TOKEN;
see README.md and docs/deployment.md)."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from pydantic import ValidationError

from bot.config import TOKEN_HELP, BotSettings


def read_settings(argv: Sequence[str] = ()) -> BotSettings:
    """The environment's settings, with the command line's shards over them."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--shards", help="the gateway shards this process runs, e.g. 0-3 "
                                         "(also JUWELIER_SHARDS)")
    parser.add_argument("--shard-count", type=int, help="how many shards the bot has in all "
                                                        "(also JUWELIER_SHARD_COUNT)")
    args = parser.parse_args(argv)
    given = {k: v for k, v in (("shards", args.shards), ("shard_count", args.shard_count))
             if v is not None}
    try:
        return BotSettings(**given)
    except ValidationError as exc:
        parser.error("; ".join(str(e["msg"]) for e in exc.errors()))


def main(argv: Sequence[str] = ()) -> int:
    """Read the settings and run the bot; exit 2 at once without a token."""
    settings = read_settings(argv)
    if not settings.token.strip():
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    from bot.collector import tune_collector
    from bot.core.client import make_bot

    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    tune_collector()
    make_bot(settings, freeze_after_setup=True).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
