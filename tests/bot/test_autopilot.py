"""`/game autopilot on|off` and `/game leave`: the bot plays a seat for a player who is away."""

from __future__ import annotations

import random

from simcord import ChannelHandle, Env, MemberActor

from bot.core.client import JuwelierBot
from tests.bot.driver import (
    button_ids,
    new_lobby,
    new_table,
    open_prompt,
    private,
    reply_text,
    said_in_channel,
)


async def seat_of(bot: JuwelierBot, game_id: int, actor: MemberActor) -> int:
    """The actor's seat number."""
    return (await bot.service.get_game(game_id)).seat_of(actor.id).seat


async def play_for(bot: JuwelierBot, channel: ChannelHandle, game_id: int,
                   actors: dict[int, MemberActor],
                   rng: random.Random) -> bool:
    """Let the first of `actors` who owes a decision answer it by clicks; False if none owes."""
    info = await bot.service.get_game(game_id)
    users = {s.seat: s.user_id for s in info.seats}
    for decision in await bot.service.pending(game_id):
        actor = actors.get(users[decision.player])
        if actor is not None:
            prompt = await open_prompt(bot, channel, game_id, actor)
            _, custom_id = rng.choice(button_ids(prompt))
            assert (await actor.click(prompt.response, custom_id=custom_id)).acknowledged
            return True
    return False


async def owes(bot: JuwelierBot, game_id: int, seat: int) -> bool:
    """True if the seat owes a decision now."""
    return any(d.player == seat for d in await bot.service.pending(game_id))


async def test_with_autopilot_on_the_players_decisions_are_made_without_clicks(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob, cem), game_id = await new_table(simcord_env, simcord_bot,
                                                           ["ann", "bob", "cem"])
    seat = await seat_of(simcord_bot, game_id, ann)

    result = await ann.slash(channel, "game autopilot", mode="on")

    assert private(result) and reply_text(result) == "The autopilot plays your seat now."
    assert said_in_channel(channel, f"**{ann.name}** handed their seat to the autopilot")
    assert (await simcord_bot.service.get_game(game_id)).seat_of(ann.id).autopilot
    assert not await owes(simcord_bot, game_id, seat)
    # Only bob and cem click, for two whole turns; ann's seat keeps up on its own.
    others, rng = {m.id: m for m in (bob, cem)}, random.Random(2)
    turn = (await simcord_bot.service.get_view(game_id)).view["turn"]
    while (await simcord_bot.service.get_view(game_id)).view["turn"] < turn + 2:
        assert not await owes(simcord_bot, game_id, seat)
        assert await play_for(simcord_bot, channel, game_id, others, rng)
    anns = [r.by for r in await simcord_bot.service.action_log(game_id) if r.seat == seat]
    assert len(anns) >= 3 and set(anns) == {"autopilot"}


async def test_with_autopilot_off_the_player_decides_again(simcord_env: Env,
                                                           simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob, cem), game_id = await new_table(simcord_env, simcord_bot,
                                                           ["ann", "bob", "cem"])
    seat = await seat_of(simcord_bot, game_id, ann)
    await ann.slash(channel, "game autopilot", mode="on")

    result = await ann.slash(channel, "game autopilot", mode="off")

    assert reply_text(result) == "Your seat is yours again."
    assert said_in_channel(channel, f"**{ann.name}** takes their seat back")
    others, rng = {m.id: m for m in (bob, cem)}, random.Random(3)
    while not await owes(simcord_bot, game_id, seat):
        assert await play_for(simcord_bot, channel, game_id, others, rng)
    logged = len(await simcord_bot.service.action_log(game_id))
    # Nobody answers for ann now: the others have nothing left to do until she decides.
    while await play_for(simcord_bot, channel, game_id, others, rng):
        pass
    assert await owes(simcord_bot, game_id, seat)
    assert all(r.by == "player" for r in (await simcord_bot.service.action_log(game_id))[logged:])
    assert await play_for(simcord_bot, channel, game_id, {ann.id: ann}, rng)
    last = (await simcord_bot.service.action_log(game_id))[-1]
    assert (last.seat, last.by) == (seat, "player")


async def test_leaving_a_running_game_hands_the_seat_to_the_autopilot(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _, channel, (ann, bob, cem), game_id = await new_table(simcord_env, simcord_bot,
                                                           ["ann", "bob", "cem"])
    seat = await seat_of(simcord_bot, game_id, bob)

    result = await bob.slash(channel, "game leave")

    assert private(result) and reply_text(result) == "You left the game."
    assert said_in_channel(channel, f"**{bob.name}** left the game")
    assert (await simcord_bot.service.get_game(game_id)).seat_of(bob.id).autopilot
    assert [(r.seat, r.by) for r in await simcord_bot.service.action_log(game_id)] == [
        (seat, "autopilot")]
    others, rng = {m.id: m for m in (ann, cem)}, random.Random(5)
    for _ in range(6):  # the game goes on without bob
        assert not await owes(simcord_bot, game_id, seat)
        assert await play_for(simcord_bot, channel, game_id, others, rng)


async def test_leave_in_a_lobby_gives_up_the_seat(simcord_env: Env,
                                                  simcord_bot: JuwelierBot) -> None:
    guild, channel, (ann, bob), lobby = await new_lobby(simcord_env, ["ann", "bob"])
    await bob.click(lobby, label="Join")

    result = await bob.slash(channel, "game leave")

    assert private(result) and reply_text(result) == "You left the lobby."
    info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
    assert [s.user_id for s in info.seats] == [ann.id]
    edited = next(m for m in channel.history() if m.id == lobby.id)
    assert bob.mention not in edited.embeds[0].fields[0].value


async def test_autopilot_is_refused_to_someone_not_playing(simcord_env: Env,
                                                           simcord_bot: JuwelierBot) -> None:
    guild, channel, _, game_id = await new_table(simcord_env, simcord_bot, ["ann", "bob"], ai=1)
    eve = guild.add_member(simcord_env.create_user("eve"))
    logged = len(await simcord_bot.service.action_log(game_id))

    result = await eve.slash(channel, "game autopilot", mode="on")

    assert private(result) and reply_text(result) == "You are not seated in this game."
    assert simcord_env.errors == []  # a refusal is an answer, not a failure
    assert len(await simcord_bot.service.action_log(game_id)) == logged
