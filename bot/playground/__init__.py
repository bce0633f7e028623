"""`python -m bot.playground`: the real bot in a simulated Discord, in your browser, no token.

Needs the optional extra: pip install -e ".[playground]". Prints one local URL, the start page:
it opens the game channel and every thread the bot starts, each in a tab of its own. Time passes
as on Discord (cooldowns end, lobbies expire, timers run), moves appear as they happen, and
`--people ann,bob` seats several people you can switch between in a tab's "Viewing as" menu.
"""

from bot.playground.session import DISCORD_LOCALES, Playground, people_names, run_playground

__all__ = ["DISCORD_LOCALES", "Playground", "people_names", "run_playground"]
