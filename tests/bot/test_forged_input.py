"""Forged ids, values and options get a polite private answer and change nothing."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.enums import InteractionType
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot.core.client import JuwelierBot
from tests.bot.driver import (
    find_message,
    forged_select,
    new_table,
    no_logged_errors,
    private,
    reply_text,
    start_negotiation,
)

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


async def forged_click(actor: MemberActor, channel: ChannelHandle, message: discord.Message,
                       custom_id: str) -> InteractionResult:
    """A component interaction with a custom id no message of ours carries."""
    return await actor._dispatch_interaction(
        InteractionType.component.value, channel, {"custom_id": custom_id, "component_type": 2},
        source_message_id=message.id)


async def forged_command(actor: MemberActor, channel: ChannelHandle, bot: JuwelierBot,
                         **options: Any) -> InteractionResult:
    """`/game new` with option values Discord's client would never send."""
    command = next(c for c in await bot.tree.fetch_commands() if c.name == "game")
    data = {"id": str(command.id), "name": "game", "type": 1, "options": [
        {"type": 1, "name": "new", "options": [
            {"name": k, "type": 4 if isinstance(v, int) else 3, "value": v}
            for k, v in options.items()]}]}
    return await actor._dispatch_interaction(InteractionType.application_command.value, channel,
                                             data)


async def progress(bot: JuwelierBot, game_id: int) -> tuple[int, str]:
    """The game's version and its state: a refused click changes neither."""
    return (await bot.service.version(game_id), await bot.service.state_json(game_id))


@pytest.mark.parametrize("custom_id", [
    "jw:open:99999999999999999999999",  # longer than any game id: used to overflow
    "jw:pick:1:0:<script>",  # a key no engine makes
    "jw:lobby:1:" + "x" * 30,
    "jw:draft:1:7:1.0.0.0:r1t1s1:negotiate",  # no fifth colour
    "jw:whatever",
])
async def test_a_forged_component_id_is_answered_privately_and_changes_nothing(
        simcord_env: Env, simcord_bot: JuwelierBot, custom_id: str) -> None:
    _, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    before = await progress(simcord_bot, game_id)
    result = await forged_click(ann, channel, channel.last_message, custom_id)
    assert private(result) and "not valid" in reply_text(result)
    assert await progress(simcord_bot, game_id) == before


async def test_a_forged_timer_opens_no_game(simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))
    result = await forged_command(ann, channel, simcord_bot, timer=1)
    assert private(result) and "offered timers" in reply_text(result)
    assert await simcord_bot.service.game_in_channel(guild.id, channel.id) is None


async def test_forged_builder_values_are_refused(simcord_env: Env,
                                                 simcord_bot: JuwelierBot) -> None:
    channel, opener, _, _, game_id = await start_negotiation(simcord_env, simcord_bot)
    (decision,) = [d for d in await simcord_bot.service.pending(game_id) if d.ui == "room"]
    before = await progress(simcord_bot, game_id)
    for draft, value in (("0.0.0.0", "abc"), ("0.0.0.0", "24"), ("9.9.9.9", "0")):
        # A builder select whose options and draft the bot never offered, posted by the bot.
        custom_id = f"jw:draft:{game_id}:0:{draft}:{decision.key}"
        result = await forged_select(simcord_bot, channel, opener, custom_id, value)
        assert private(result) and "not one of the choices offered" in reply_text(result)
    assert await progress(simcord_bot, game_id) == before


async def test_a_builder_select_on_a_public_message_rewrites_no_public_message(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, opener, _, _, game_id = await start_negotiation(simcord_env, simcord_bot)
    before = await progress(simcord_bot, game_id)
    for key in ("t1s1:stale", "r1t1s1:negotiate"):  # a stale key, and one that looks current
        custom_id = f"jw:draft:{game_id}:0:0.0.0.0:{key}"
        result = await forged_select(simcord_bot, channel, opener, custom_id, "1")
        assert private(result) and "not one of the choices offered" in reply_text(result)
        assert channel.last_message.content == "forged", "the public message is unchanged"
    assert await progress(simcord_bot, game_id) == before


async def test_a_prompts_option_on_a_public_message_rewrites_no_public_message(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    seat = (await simcord_bot.service.get_view(game_id, ann.id)).seat
    (decision,) = [d for d in await simcord_bot.service.pending(game_id) if d.player == seat]
    custom_id = f"jw:pick:{game_id}:0:{decision.key}"
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="x", custom_id=custom_id))
    await simcord_bot.get_channel(channel.id).send("public copy", view=view)
    copy = channel.last_message
    result = await ann.click(copy, custom_id=custom_id)
    # Her own choice, so it counts; the answer (her prompt, her secret choice) is hers alone.
    assert private(result) and reply_text(result).startswith("✅ ")
    public = find_message(channel, copy.id)
    assert public.content == "public copy" and public.components, "not rewritten"


class _Response:
    """Just enough of an interaction's response for a private answer."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, text: str, *, ephemeral: bool = False) -> None:
        self.sent.append((text, ephemeral))


async def test_commands_outside_a_server_channel_are_refused_in_code(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    cog = simcord_bot.get_cog("GameCommands")
    dm = type("DmInteraction", (), {"guild_id": None, "channel_id": 5,
                                    "response": _Response()})()
    assert await cog.interaction_check(dm) is False
    ((text, ephemeral),) = dm.response.sent
    assert ephemeral and "server's channels" in text


@pytest.mark.parametrize("permission", ["send_messages", "embed_links"])
async def test_new_game_in_a_channel_the_bot_cannot_post_in_leaves_nothing_behind(
        simcord_env: Env, simcord_bot: JuwelierBot, permission: str) -> None:
    guild = simcord_env.create_guild()
    ann = guild.add_member(simcord_env.create_user("ann"))
    channel = guild.create_text_channel("gems", overwrites={
        simcord_bot.user: discord.PermissionOverwrite(**{permission: False})})
    result = await ann.slash(channel, "game new")
    named = {"send_messages": "Send Messages", "embed_links": "Embed Links"}[permission]
    assert private(result) and named in reply_text(result)
    assert await simcord_bot.service.game_in_channel(guild.id, channel.id) is None
    assert not [m for m in channel.history() if m.embeds]


async def test_a_lobby_whose_post_fails_is_discarded_and_the_channel_stays_free(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("gems")
    ann = guild.add_member(simcord_env.create_user("ann"))

    async def refused(*args: Any, **kwargs: Any) -> None:
        raise discord.Forbidden(type("R", (), {"status": 403, "reason": "Forbidden"})(),
                                {"code": 50013, "message": "Missing Permissions"})

    with monkeypatch.context() as patch:
        patch.setattr(discord.TextChannel, "send", refused)
        result = await ann.slash(channel, "game new")
    assert private(result) and "Nothing was created" in reply_text(result)
    assert await simcord_bot.service.game_in_channel(guild.id, channel.id) is None
    again = await ann.slash(channel, "game new")
    assert "is open" in reply_text(again)


async def test_a_real_id_clicked_on_a_message_that_lacks_it_is_answered(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    lobby = next(m for m in channel.history() if m.embeds and "lobby" in m.embeds[0].title)
    result = await forged_click(ann, channel, lobby, f"jw:open:{game_id}")
    assert private(result) and "not valid" in reply_text(result)
