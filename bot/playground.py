"""`python -m bot.playground`: the real bot in a simulated Discord, in your browser, no token.

Needs the optional extra: pip install -e ".[playground]". Prints a local URL; open it, type
`/game new` in the message box, add AI players in the lobby and press Start.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.config import BotSettings
from bot.core.client import JuwelierBot


async def run_playground(db_path: Path, port: int | None = None,
                         until: Callable[[str], Awaitable[None]] | None = None) -> None:
    """Start the bot in SimCord and serve its preview until `until(url)` returns (or forever)."""
    import simcord

    # No timer by default: a page left alone never hands a seat to the autopilot.
    bot = JuwelierBot(BotSettings(token="playground", db_path=db_path, default_timer=0))
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="Juwelier Playground")
            channel = guild.create_text_channel("gem-games")
            you = guild.add_member(env.create_user("you", global_name="You"))
            async with env.preview(channel, viewers=[you], layout="channel",
                                   port=port) as preview:
                if until is not None:
                    await until(preview.url)
                    return
                print(f"Juwelier playground: open {preview.url}")
                print("Type /game new in the message box, add two AI players from the "
                      "lobby's menu and press Start. "
                      "Ctrl+C quits.")
                await preview.wait_closed()
    finally:
        await bot.close()  # SimCord does not close the bot: its database would stay open


def main() -> None:
    """Parse arguments and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m bot.playground", description=__doc__)
    parser.add_argument("--port", type=int, default=None, help="pin the local port")
    parser.add_argument("--db", type=Path, default=None, help="keep games in this SQLite file")
    args = parser.parse_args()
    db = args.db or Path(tempfile.mkdtemp()) / "playground.sqlite3"
    # The bot's log (errors included) goes to this terminal.
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(run_playground(db, args.port))
    except KeyboardInterrupt:
        print("bye")


if __name__ == "__main__":
    main()
