"""Drive a game in SimCord the way players do: slash commands and button clicks only."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable, Iterator

import discord
import pytest
from simcord import ChannelHandle, Env, GuildHandle, InteractionResult, MemberActor, ResponseMessage

from bot.core.client import JuwelierBot


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


def ai_menu(lobby: discord.Message) -> str:
    """The custom id of a lobby's AI level menu."""
    return next(c.custom_id for row in lobby.components for c in row.children
                if str(getattr(c, "custom_id", "")).startswith("jw:lobbyai:"))


def lobby_button(lobby: discord.Message, op: str) -> str:
    """The custom id of a lobby button by its operation (join, start, …), whatever its label's
    language."""
    return next(c.custom_id for row in lobby.components for c in row.children
                if str(getattr(c, "custom_id", "")).startswith("jw:lobby:")
                and str(c.custom_id).endswith(f":{op}"))


async def pick_unoffered_level(bot: JuwelierBot, channel: ChannelHandle, actor: MemberActor,
                               lobby: discord.Message, level: str) -> InteractionResult:
    """Choose `level` from a forged copy of the lobby's AI menu (as a modified client could)."""
    view = discord.ui.View()
    view.add_item(discord.ui.Select(custom_id=ai_menu(lobby), options=[
        discord.SelectOption(label=level, value=level)]))
    await bot.get_channel(channel.id).send("forged", view=view)  # type: ignore[union-attr]
    return await actor.select(channel.last_message, [level], custom_id=ai_menu(lobby))


async def add_ai(actor: MemberActor, lobby: discord.Message,
                 level: str = "random") -> InteractionResult:
    """Choose an AI level in the lobby's menu (random unless a test wants another)."""
    return await actor.select(lobby, [level], custom_id=ai_menu(lobby))


async def open_lobby(bot: JuwelierBot, channel: ChannelHandle, host: MemberActor,
                     others: list[MemberActor], ai: int = 0) -> int:
    """`/game new`, everyone joins, the host adds AI seats and starts; returns the game id."""
    await host.slash(channel, "game new")
    lobby = channel.last_message
    for member in others:
        result = await member.click(lobby, label="Join")
        assert result.response is not None
    for _ in range(ai):
        await add_ai(host, lobby)
    info = await bot.service.game_in_channel(channel.guild_id if hasattr(channel, "guild_id")
                                             else lobby.guild.id, channel.id)
    await host.click(lobby, label="Start")
    return info.id


async def new_lobby(env: Env, names: list[str]
                    ) -> tuple[GuildHandle, ChannelHandle, list[MemberActor], discord.Message]:
    """A new guild and channel whose first member opened a lobby with `/game new`."""
    guild = env.create_guild()
    channel = guild.create_text_channel("gems")
    actors = [guild.add_member(env.create_user(name)) for name in names]
    await actors[0].slash(channel, "game new")
    return guild, channel, actors, channel.last_message


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
    """Click through the whole game; returns the number of decisions made.

    The bot's timer is stopped first: a whole game takes longer in real time than the shortest
    reminder (30 s), and SimCord fires a virtual timer on the wall clock when it is due, which
    stalls the settle of the click in progress. Deadlines have their own tests."""
    await bot.timers.stop()
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


def last_reply(result: InteractionResult) -> ResponseMessage | None:
    """The last thing the user was told: the last followup, else the (possibly deferred and
    then edited) response."""
    followups = result.followups
    return followups[-1] if followups else result.response


def reply_text(result: InteractionResult) -> str:
    """The text of the last thing the clicking or commanding user was told."""
    reply = last_reply(result)
    return reply.content if reply is not None else ""


def said_in_channel(channel: ChannelHandle, text: str) -> bool:
    """Some message in the channel (not an ephemeral one) contains `text`."""
    return any(text in m.content and not m.flags.ephemeral for m in channel.history())


def private(result: InteractionResult) -> bool:
    """The user's last reply was for their eyes only (ephemeral)."""
    reply = last_reply(result)
    return reply is not None and reply.ephemeral


async def new_table(env: Env, bot: JuwelierBot, humans: list[str], ai: int = 0
                    ) -> tuple[GuildHandle, ChannelHandle, list[MemberActor], int]:
    """A new guild and channel where `humans` (the first hosts) and `ai` AI seats started a game."""
    guild = env.create_guild()
    channel = guild.create_text_channel("gems")
    actors = [guild.add_member(env.create_user(name)) for name in humans]
    game_id = await open_lobby(bot, channel, actors[0], actors[1:], ai=ai)
    return guild, channel, actors, game_id


# --- seeded games, negotiation rooms and the offer builder ---------------------------------

NO_DEADLINES: dict[str, float | None] = {"choose_action": None, "negotiate": None,
                                         "default": None}


async def seeded_table(env: Env, bot: JuwelierBot, humans: list[str], ai: int = 0,
                       seed: int = 1, overwrites: dict | None = None
                       ) -> tuple[GuildHandle, ChannelHandle, list[MemberActor], int]:
    """Like new_table, but with a chosen seed and no deadlines, so a test can pick situations.

    `/game new` draws a random seed, so the lobby is opened through the service (its public
    `seed` argument) and posted by the bot; joining, AI seats and Start are clicks as usual."""
    from bot.core.components import lobby_view
    from bot.core.lobby import lobby_embed

    guild = env.create_guild()
    channel = guild.create_text_channel("gems", overwrites=overwrites)
    actors = [guild.add_member(env.create_user(name)) for name in humans]
    host = actors[0]
    info = await bot.service.create_lobby(guild.id, channel.id, host.id, host.name, seed=seed,
                                          deadlines=NO_DEADLINES)
    message = await bot.get_channel(channel.id).send(embed=lobby_embed(info),
                                                     view=lobby_view(info))
    await bot.service.set_message(info.id, "lobby", channel.id, message.id)
    lobby = channel.last_message
    for member in actors[1:]:
        await member.click(lobby, label="Join")
    for _ in range(ai):
        await add_ai(host, lobby)
    await host.click(lobby, label="Start")
    return guild, channel, actors, info.id


async def seat_of(bot: JuwelierBot, game_id: int, actor: MemberActor) -> int:
    """The seat number of a player."""
    seat = (await bot.service.get_game(game_id)).seat_of(actor.id)
    assert seat is not None and seat.seat is not None
    return seat.seat


async def state(bot: JuwelierBot, game_id: int) -> dict:
    """The full state, secrets included (a test oracle: AI choices, the deck)."""
    return json.loads(await bot.service.state_json(game_id))


async def choose(bot: JuwelierBot, channel: ChannelHandle, game_id: int,
                 choices: list[tuple[MemberActor, str]]) -> InteractionResult:
    """Each actor picks an action card by its label through the table's prompt."""
    answered = None
    for actor, label in choices:
        prompt = await open_prompt(bot, channel, game_id, actor)
        assert prompt.ephemeral, reply_text(prompt)
        answered = await actor.click(prompt.response, label=label)
    assert answered is not None
    return answered


async def unchosen_action(bot: JuwelierBot, game_id: int) -> str:
    """The label of an action card no seat has chosen yet this turn (AI seats choose first)."""
    from engine.games.esr.state import ACTION_NAMES

    data = await state(bot, game_id)
    taken = {p["choice"] for p in data["players"]}
    hand = ["money", "event", "gems", "free"][: 4 if data["num_players"] == 5 else 3]
    return ACTION_NAMES[next(card for card in hand if card not in taken)]


async def room(bot: JuwelierBot, channel: ChannelHandle, game_id: int
               ) -> tuple[ChannelHandle, discord.Message]:
    """The negotiation room (its thread, or the channel) and its live prompt message."""
    ref = (await bot.service.get_messages(game_id))["negotiation"]
    where = channel if ref.channel_id == channel.id else next(
        t for t in channel.threads if t.id == ref.channel_id)
    return where, find_message(where, ref.message_id)


def labels(message: discord.Message) -> list[str]:
    """The labels of a message's buttons."""
    return [c.label for row in message.components for c in row.children
            if isinstance(c, discord.Button)]


def result_buttons(result: InteractionResult) -> dict[str, dict]:
    """The components of an interaction response by label (buttons) or custom id (selects)."""
    found = {}
    for row in result.response.components:
        for item in row.get("components", []):
            found[item.get("label") or item["custom_id"]] = item
    return found


async def build_offer(actor: MemberActor, builder: InteractionResult,
                      gems: list[int]) -> InteractionResult:
    """Set the offer builder's four selects to `gems` (only the colours that change)."""
    current = builder
    for colour, count in enumerate(gems):
        select = next(item for row in current.response.components
                      for item in row["components"]
                      if item["custom_id"].startswith("jw:draft:") and
                      item["custom_id"].split(":")[3] == str(colour))
        chosen = [o["value"] for o in select["options"] if o.get("default")]
        if chosen == [str(count)]:
            continue
        current = await actor.select(current.response, [str(count)],
                                     custom_id=select["custom_id"])
        assert current.acknowledged
    return current


async def negotiators(bot: JuwelierBot, game_id: int, a: MemberActor, b: MemberActor
                      ) -> tuple[MemberActor, MemberActor]:
    """(the negotiator to move, the other) in the game's current negotiation."""
    (decision,) = [d for d in await bot.service.pending(game_id) if d.kind == "esr.negotiate"]
    return (a, b) if await seat_of(bot, game_id, a) == decision.player else (b, a)


async def press(bot: JuwelierBot, channel: ChannelHandle, game_id: int, actor: MemberActor,
                label: str) -> InteractionResult:
    """Press a button of the negotiation room's live prompt, by its label prefix."""
    _, prompt = await room(bot, channel, game_id)
    match = [text for text in labels(prompt) if text.startswith(label)]
    assert len(match) == 1, (label, labels(prompt))
    result = await actor.click(prompt, label=match[0])
    assert result.acknowledged
    return result


async def send_offer(bot: JuwelierBot, channel: ChannelHandle, game_id: int,
                     actor: MemberActor, gems: list[int]) -> InteractionResult:
    """Open the offer builder from the room's prompt, set `gems` and send them."""
    builder = await press(bot, channel, game_id, actor, "Raise…" if "Raise…" in labels(
        (await room(bot, channel, game_id))[1]) else "Build an offer…")
    assert builder.ephemeral, reply_text(builder)
    drafted = await build_offer(actor, builder, gems)
    send = next(item for label, item in result_buttons(drafted).items()
                if label.startswith("Send"))
    assert not send.get("disabled"), drafted.response.content
    return await actor.click(drafted.response, custom_id=send["custom_id"])


async def start_negotiation(env: Env, bot: JuwelierBot, seed: int = 2
                            ) -> tuple[ChannelHandle, MemberActor, MemberActor, MemberActor, int]:
    """Three humans; two of them choose Money: (channel, opener, partner, bystander, game)."""
    _, channel, (ann, bob, cem), game_id = await seeded_table(env, bot, ["ann", "bob", "cem"],
                                                              seed=seed)
    await choose(bot, channel, game_id, [(ann, "Money"), (bob, "Money"), (cem, "Gemstones")])
    opener, partner = await negotiators(bot, game_id, ann, bob)
    return channel, opener, partner, cem, game_id



@pytest.fixture
def no_logged_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fail if anything logged an error: discord.py only logs an exception raised in a
    button's callback (the click then shows 'interaction failed'), so a test would miss it."""
    yield
    errors = [r for phase in ("setup", "call") for r in caplog.get_records(phase)
              if r.levelno >= logging.ERROR]
    assert not errors, [f"{r.name}: {r.getMessage()}" for r in errors]


async def forged_select(bot: JuwelierBot, channel: ChannelHandle, actor: MemberActor,
                        custom_id: str, value: str) -> InteractionResult:
    """`actor` chooses `value` in a select with `custom_id` that the bot never offered (posted
    by the bot, as a client may forge or keep one)."""
    view = discord.ui.View()
    view.add_item(discord.ui.Select(custom_id=custom_id, options=[
        discord.SelectOption(label=value, value=value)]))
    await bot.get_channel(channel.id).send("forged", view=view)  # type: ignore[union-attr]
    return await actor.select(channel.last_message, [value], custom_id=custom_id)
