"""Drive a game in SimCord the way players do: slash commands and button clicks only."""

from __future__ import annotations

import random
from collections.abc import Callable

import discord
from simcord import ChannelHandle, Env, GuildHandle, InteractionResult, MemberActor

from bot.client import JuwelierBot


def button_ids(result: InteractionResult) -> list[tuple[str, str]]:
    """(label, custom_id) of every button in an interaction response."""
    found = []
    for row in result.response.components:
        for item in row.get("components", []):
            if item.get("type") == 2 and item.get("custom_id"):
                found.append((item.get("label", ""), item["custom_id"]))
    return found


def find_message(channel: ChannelHandle, message_id: int) -> discord.Message:
    """A channel message by id (its current, edited state)."""
    return next(m for m in channel.history() if m.id == message_id)


async def open_lobby(bot: JuwelierBot, channel: ChannelHandle, host: MemberActor,
                     others: list[MemberActor], ai: int = 0) -> int:
    """`/game new`, everyone joins, the host adds AI seats and starts; returns the game id."""
    await host.slash(channel, "game new")
    lobby = channel.last_message
    for member in others:
        result = await member.click(lobby, label="Join")
        assert result.response is not None
    for _ in range(ai):
        await host.click(lobby, label="Add AI")
    info = await bot.service.game_in_channel(channel.guild_id if hasattr(channel, "guild_id")
                                             else lobby.guild.id, channel.id)
    await host.click(lobby, label="Start")
    return info.id


async def table_message(bot: JuwelierBot, channel: ChannelHandle, game_id: int) -> discord.Message:
    """The current table message."""
    ref = (await bot.service.get_messages(game_id))["table"]
    return find_message(channel, ref.message_id)


async def play_one(bot: JuwelierBot, channel: ChannelHandle, game_id: int,
                   actors: dict[int, MemberActor], rng: random.Random,
                   choose: Callable[[list[tuple[str, str]]], tuple[str, str]] | None = None
                   ) -> tuple[MemberActor, str, InteractionResult] | None:
    """Let the first human who owes a decision answer it by clicks; None if nobody does."""
    info = await bot.service.get_game(game_id)
    seats = {s.seat: s.user_id for s in info.seats}
    for decision in await bot.service.pending(game_id):
        user_id = seats[decision.player]
        if user_id is None:
            continue
        actor = actors[user_id]
        table = await table_message(bot, channel, game_id)
        prompt = await actor.click(table, custom_id=f"jw:open:{game_id}")
        assert prompt.ephemeral, "prompts are private"
        buttons = button_ids(prompt)
        label, custom_id = (choose or rng.choice)(buttons)
        answered = await actor.click(prompt.response, custom_id=custom_id)
        return actor, label, answered
    return None


async def play_to_end(bot: JuwelierBot, channel: ChannelHandle, game_id: int,
                      actors: dict[int, MemberActor], seed: int = 0, max_clicks: int = 2000
                      ) -> int:
    """Click through the whole game; returns the number of decisions made."""
    rng = random.Random(seed)
    for clicks in range(max_clicks):
        if (await bot.service.get_game(game_id)).status != "running":
            return clicks
        assert await play_one(bot, channel, game_id, actors, rng) is not None
    raise AssertionError("the game did not end")


async def open_prompt(bot: JuwelierBot, channel: ChannelHandle, game_id: int,
                      actor: MemberActor) -> InteractionResult:
    """Press the current table message's button as `actor` (their private prompt or a refusal)."""
    table = await table_message(bot, channel, game_id)
    return await actor.click(table, custom_id=f"jw:open:{game_id}")


def reply_text(result: InteractionResult) -> str:
    """What the clicking or commanding user was told: the response, else the last followup."""
    if result.response is not None and result.response.content:
        return result.response.content
    followups = result.followups
    return followups[-1].content if followups else ""


async def new_table(env: Env, bot: JuwelierBot, humans: list[str], ai: int = 0
                    ) -> tuple[GuildHandle, ChannelHandle, list[MemberActor], int]:
    """A new guild and channel where `humans` (the first hosts) and `ai` AI seats started a game."""
    guild = env.create_guild()
    channel = guild.create_text_channel("gems")
    actors = [guild.add_member(env.create_user(name)) for name in humans]
    game_id = await open_lobby(bot, channel, actors[0], actors[1:], ai=ai)
    return guild, channel, actors, game_id
