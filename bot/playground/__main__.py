"""Parse the playground's arguments and serve until interrupted."""

from __future__ import annotations

import argparse
import asyncio
import logging
import tempfile
from pathlib import Path

from bot.playground import DISCORD_LOCALES, __doc__, people_names, run_playground


def main() -> None:
    """`python -m bot.playground [--people ann,bob] [--language de] [--port N] [--db FILE]`."""
    parser = argparse.ArgumentParser(prog="python -m bot.playground", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--people", type=people_names, default=["ann"],
                        help="the people you play as, comma-separated (default: ann)")
    parser.add_argument("--language", choices=sorted(DISCORD_LOCALES), default="en",
                        help="the language the bot speaks in the channel and to you")
    parser.add_argument("--port", type=int, default=None, help="pin the start page's port")
    parser.add_argument("--db", type=Path, default=None, help="keep games in this SQLite file")
    args = parser.parse_args()
    db = args.db or Path(tempfile.mkdtemp()) / "playground.sqlite3"
    # The bot's log (errors included) goes to this terminal.
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(run_playground(db, args.port, language=args.language, people=args.people))
    except KeyboardInterrupt:
        print("bye")


if __name__ == "__main__":
    main()
