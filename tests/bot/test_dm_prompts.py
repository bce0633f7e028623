"""Action prompts by direct message for players who ask for them, with a fallback to the table."""

from __future__ import annotations

import random

import discord
from simcord import ChannelHandle, Env, MemberActor

from bot.core.client import JuwelierBot
from bot.core.notifier import DM_PREFERENCE
from tests.bot.driver import new_table, open_prompt, play_one, private, reply_text, table_message


async def finish_turn(bot: JuwelierBot, channel: ChannelHandle, game_id: int,
                      actors: list[MemberActor]) -> None:
    """Answer every human decision (by the table button) until the next turn has started."""
    start = (await bot.service.get_view(game_id)).view
    rng = random.Random(1)
    while True:
        view = (await bot.service.get_view(game_id)).view
        if (view["round"], view["turn"]) != (start["round"], start["turn"]):
            return
        assert await play_one(bot, channel, game_id, {a.id: a for a in actors}, rng) is not None


def with_buttons(channel: ChannelHandle) -> list[discord.Message]:
    """The messages in a (DM) channel that carry buttons."""
    return [m for m in channel.history() if m.components]


def player_field(embed: discord.Embed, name: str) -> str:
    """The table embed's field of one player."""
    return next(f.value for f in embed.fields if f.name == name)


async def test_settings_dm_sends_the_next_action_prompt_by_dm_and_it_can_be_answered_there(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob), game_id = await new_table(simcord_env, simcord_bot, ["ann", "bob"],
                                                      ai=1)
    result = await ann.slash(channel, "game settings", dm=True)
    assert private(result)
    assert reply_text(result) == "Your prompts will come by direct message."
    assert await simcord_bot.service.get_preference(ann.id, DM_PREFERENCE) is True
    dm = ann.user.dm_channel
    assert not with_buttons(dm), "the preference takes effect at the next turn"

    await finish_turn(simcord_bot, channel, game_id, [ann, bob])

    (prompt,) = with_buttons(dm)
    assert prompt.content.startswith(f"**Edel, Stein & Reich** in <#{channel.id}>")
    assert "Choose your action card for this turn." in prompt.content
    assert not with_buttons(bob.user.dm_channel), "bob did not ask for DMs"
    logged = len(await simcord_bot.service.action_log(game_id))

    answered = await ann.user.click(prompt, label="Money")

    assert answered.acknowledged
    assert "You chose **Money**" in reply_text(answered)
    log = await simcord_bot.service.action_log(game_id)
    assert len(log) == logged + 1
    assert log[-1].action == {"type": "choose", "card": "money"}
    table = (await table_message(simcord_bot, channel, game_id)).embeds[0]
    assert "has chosen" in player_field(table, "ann")
    assert "choosing" in player_field(table, "bob")


async def test_closed_dms_fall_back_to_the_table_once_and_switch_the_preference_off(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    await ann.slash(channel, "game settings", dm=True)
    dm_path = f"/channels/{ann.user.dm_channel.id}/messages"
    simcord_env.inject_error("POST", dm_path, status=403, code=50007,
                             message="Cannot send messages to this user", times=None)

    await finish_turn(simcord_bot, channel, game_id, [ann])

    notices = [m for m in channel.history() if "DMs seem closed" in m.content]
    assert len(notices) == 1
    assert notices[0].content.startswith(f"<@{ann.id}>,")
    assert ann.id in [u.id for u in notices[0].mentions]
    assert await simcord_bot.service.get_preference(ann.id, DM_PREFERENCE) is False
    assert not ann.user.dm_channel.history()

    # The game goes on at the table, and the bot does not keep trying to DM.
    prompt = await open_prompt(simcord_bot, channel, game_id, ann)
    assert private(prompt)
    logged = len(await simcord_bot.service.action_log(game_id))
    await ann.click(prompt.response, label="Event")
    assert len(await simcord_bot.service.action_log(game_id)) > logged
    await finish_turn(simcord_bot, channel, game_id, [ann])
    attempts = [r for r in simcord_env.http_requests if r.method == "POST" and r.path == dm_path]
    assert len(attempts) == 1
    assert len([m for m in channel.history() if "DMs seem closed" in m.content]) == 1
