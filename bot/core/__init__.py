"""The bot core: Discord plumbing that knows no game (client, commands, lobby, table message,
private prompts, two-player rooms, timers, publishing). Games are drawn by their presenters
(bot.core.presenter, bot/games/<name>/)."""
