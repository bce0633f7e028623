"""Große kleine Edelsteine in Discord, where it is hard: two players reaching for one gem at
the same instant, forged and stale menus, a restart in the middle of a round, the round's clock,
and table edits coalesced while everyone picks at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from bot.games.gke.presenter import GkePresenter
from engine.core.game import CLOCK
from tests.bot.driver import (
    forged_select,
    last_reply,
    no_logged_errors,
    private,
    reply_text,
    table_message,
)
from tests.bot.games.gke.driver import buttons, menus, pick, prompt
from tests.bot.games.gke.test_plays_gke import open_game

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


@pytest.fixture
def edits_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table edit at once (see test_plays_gke)."""
    monkeypatch.setattr(GkePresenter, "coalesce_edits", 0.0)


def free_label(shown, card: int) -> str:
    """A label the card's menu offers free (one another player holds is marked: two cards
    of one kind share their gems)."""
    return next(o["value"] for o in menus(shown)[card]["options"] if not o.get("description"))


async def picks(bot: JuwelierBot, game_id: int) -> list:
    """The logged actions' (seat, type, label)."""
    return [(row.seat, row.action["type"], row.action.get("label"))
            for row in await bot.service.action_log(game_id)]


@pytest.mark.usefixtures("edits_at_once")
async def test_a_gem_taken_a_moment_before_is_refused_to_the_player_whose_menu_showed_it(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, (ann, bob), game_id = await open_game(simcord_env, simcord_bot, 2)
    ann_prompt = await prompt(simcord_bot, channel, game_id, ann)
    bob_prompt = await prompt(simcord_bot, channel, game_id, bob)
    label = free_label(ann_prompt, 0)
    assert label in [o["value"] for o in menus(bob_prompt)[0]["options"]]  # both see it free
    first = await pick(ann, ann_prompt, 0, label)
    second = await pick(bob, bob_prompt, 0, label)
    ann_seat = (await simcord_bot.service.get_view(game_id, ann.id)).seat
    assert await picks(simcord_bot, game_id) == [(ann_seat, "pick", label)]
    assert private(second) and f"took gem {label} first" in reply_text(second)
    assert "🩷\u00a0" + label in reply_text(first)
    table = await table_message(simcord_bot, channel, game_id)
    assert f"ann **{label}**" in table.embeds[0].fields[0].value
    again = await prompt(simcord_bot, channel, game_id, bob)  # bob's menu no longer offers it
    assert label not in [o["value"] for o in menus(again)[0]["options"]]


@pytest.mark.usefixtures("edits_at_once")
async def test_forged_stale_and_foreign_menus_are_refused_privately(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, (ann, bob), game_id = await open_game(simcord_env, simcord_bot, 2)
    guild_member = simcord_env.create_user("eve")
    shown = await prompt(simcord_bot, channel, game_id, ann)
    custom_id, old_label = menus(shown)[0]["custom_id"], free_label(shown, 0)
    for value in ("ZZ", "A3'; DROP", ""):  # labels no gem has this round, as a client may forge
        result = await forged_select(simcord_bot, channel, ann, custom_id, value or "-")
        assert private(result) and "label" in reply_text(result).lower(), reply_text(result)
    # Another card's kind for this card: refused with the reason.
    kinds = (await simcord_bot.service.get_view(game_id, ann.id)).view["cards"]
    other = next(g["label"] for g in (await simcord_bot.service.get_view(game_id)).view["pool"]
                 if g["kind"] != kinds[0]["kind"])
    wrong = await pick(ann, shown, 0, other) if other in [
        o["value"] for o in menus(shown)[0]["options"]] else None
    assert wrong is None  # the menu offers only the card's kind
    stranger = channel.guild.add_member(guild_member)
    foreign = await stranger.select(channel.last_message, ["-"], custom_id=custom_id)
    assert private(foreign) and "not playing" in reply_text(foreign)
    assert await picks(simcord_bot, game_id) == []
    # A menu of round 1, used in round 2, is no longer current.
    for user in (ann, bob):
        for card in range(3):
            now = await prompt(simcord_bot, channel, game_id, user)
            if card in menus(now) and (await simcord_bot.service.get_view(
                    game_id, user.id)).view["me"]["picks"][card] is None:
                values = [o["value"] for o in menus(now)[card]["options"]
                          if not o.get("description")]
                await pick(user, now, card, values[0])
    assert (await simcord_bot.service.get_view(game_id)).view["round"] == 2
    before = await picks(simcord_bot, game_id)
    # The first prompt was replaced by newer ones and lost its menus; a client that kept the
    # round-1 menu (or forges it) is refused.
    assert menus(shown) == {}
    stale = await forged_select(simcord_bot, channel, ann, custom_id, old_label)
    assert private(stale) and "no longer current" in reply_text(stale)
    assert await picks(simcord_bot, game_id) == before


@pytest.mark.usefixtures("edits_at_once")
async def test_the_rounds_last_pick_moves_its_prompt_on_to_the_next_round_saying_so(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    channel, (ann, bob), game_id = await open_game(simcord_env, simcord_bot, 2, rounds=3)
    for user in (bob, ann):
        for card in range(3):
            shown = await prompt(simcord_bot, channel, game_id, user)
            last = await pick(user, shown, card, free_label(shown, card))
    text = reply_text(last)
    assert text.startswith("✅ ")
    assert "\nRound 2 of 3 · your picks: 🩷\u00a0— · 💙\u00a0— · 💚\u00a0—" in text
    assert set(menus(last)) == {0, 1, 2}  # the new round's menus


@pytest.mark.usefixtures("edits_at_once")
async def test_put_back_and_look_closer_from_the_prompt(simcord_env: Env,
                                                        simcord_bot: JuwelierBot) -> None:
    channel, (ann, _bob), game_id = await open_game(simcord_env, simcord_bot, 2)
    shown = await prompt(simcord_bot, channel, game_id, ann)
    label = free_label(shown, 1)
    after = await pick(ann, shown, 1, label)
    [put_back] = buttons(after, "gkeput")
    assert label in put_back["label"]
    looks = buttons(after, "gkelook")
    assert len(looks) == 3
    closer = await ann.click(after.response, custom_id=looks[1]["custom_id"])
    reply = last_reply(closer)
    assert reply.ephemeral and [a.filename for a in reply.attachments] == ["closer.png"]
    released = await ann.click(after.response, custom_id=put_back["custom_id"])
    assert "Round 1 of 6 · your picks: 🩷\u00a0— · 💙\u00a0— · 💚\u00a0—" in reply_text(released)
    assert [t for _, t, _ in await picks(simcord_bot, game_id)] == ["pick", "release"]


async def restart(env: Env, old: JuwelierBot, db_file: Path) -> JuwelierBot:
    """A new bot process on the same database file."""
    new = JuwelierBot(BotSettings(token="simulated", db_path=db_file))
    await env.restart_bot(new)
    await old.close()
    return new


@pytest.mark.usefixtures("edits_at_once")
async def test_a_restart_mid_round_keeps_the_picks_and_the_clock_closes_the_round_once(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    channel, (ann, _bob), game_id = await open_game(simcord_env, simcord_bot, 2, timer=30)
    shown = await prompt(simcord_bot, channel, game_id, ann)
    label = free_label(shown, 2)
    await pick(ann, shown, 2, label)
    [clock] = await simcord_bot.service.deadlines(game_id)
    assert clock.seat == CLOCK
    bot = await restart(simcord_env, simcord_bot, db_file)
    await bot.timers.stop()
    assert (await bot.service.get_view(game_id, ann.id)).view["me"]["picks"][2] == label
    await simcord_env.advance_time(31)
    await bot.timers.run_due()
    await bot.timers.run_due()  # a second pass finds nothing more to do
    log = await bot.service.action_log(game_id)
    ann_seat = (await bot.service.get_view(game_id, ann.id)).seat
    assert [(r.seat, r.by) for r in log] == [(ann_seat, "player"), (CLOCK, "clock")]
    public = "\n".join(m.content for m in channel.history() if not m.flags.ephemeral)
    assert public.count("Time is up: the gems are turned over.") == 1
    assert public.count("Round 2 of 6") == 1
    assert f"{label} (ann): size" in public
    assert (await bot.service.get_view(game_id)).view["round"] == 2


async def test_table_edits_are_coalesced_and_the_last_state_is_shown(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch) -> None:
    # SimCord's clock moves a second per interaction: a pause of 30 s stands for Discord's
    # second between a flurry of picks.
    monkeypatch.setattr(GkePresenter, "coalesce_edits", 30.0)
    channel, (ann, bob), game_id = await open_game(simcord_env, simcord_bot, 2)
    table = await table_message(simcord_bot, channel, game_id)
    edits: list[float] = []
    original = simcord_bot.publisher.table.write

    async def write(*args, **kwargs):
        edits.append(simcord_env.now().timestamp())
        return await original(*args, **kwargs)

    simcord_bot.publisher.table.write = write  # type: ignore[method-assign]
    labels = []
    for user in (ann, bob, ann, bob):
        shown = await prompt(simcord_bot, channel, game_id, user)
        card = len([x for x in labels if x[0] is user])
        label = next(o["value"] for o in menus(shown)[card]["options"]
                     if not o.get("description"))
        await pick(user, shown, card, label)
        labels.append((user, label))
    assert edits == [], "four picks within the pause after the round's message: no edit yet"
    await simcord_env.advance_time(31)
    await simcord_env.settle()
    assert len(edits) == 1  # one edit for the four picks
    shown_text = "\n".join(f.value for f in (await table_message(
        simcord_bot, channel, game_id)).embeds[0].fields)
    for user, label in labels:
        assert f"{user.name} **{label}**" in shown_text  # the last state, all four picks
    assert (await table_message(simcord_bot, channel, game_id)).id == table.id


async def test_a_held_back_table_edit_leaves_the_timer_asleep(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """An AI seat's pick inside the pause between table edits is held back. The timer's pass
    that played it must not keep waking itself over it (its catch-up would find the edit
    untold, publish, be held back and poke again: a loop for as long as the pause lasts, which
    under SimCord's clock is forever)."""
    monkeypatch.setattr(GkePresenter, "coalesce_edits", 30.0)
    channel, (ann,), game_id = await open_game(simcord_env, simcord_bot, 1, ais=1, timers=True)
    passes = 0
    original = simcord_bot.timers.run_due

    async def run_due() -> float:
        nonlocal passes
        passes += 1
        return await original()

    simcord_bot.timers.run_due = run_due  # type: ignore[method-assign]
    shown = await prompt(simcord_bot, channel, game_id, ann)
    label = next(o["value"] for o in menus(shown)[0]["options"] if not o.get("description"))
    await pick(ann, shown, 0, label)
    await simcord_env.advance_time(20)  # the AI seat's first think time (at most 13 s) is over
    await simcord_env.settle()
    assert passes <= 6, f"{passes} timer passes for one AI pick"
    assert len([p for p in await picks(simcord_bot, game_id) if p]) >= 2, "the AI seat picked"
    await simcord_env.advance_time(31)
    await simcord_env.settle()
    table = "\n".join(f.value for f in (await table_message(
        simcord_bot, channel, game_id)).embeds[0].fields)
    assert f"ann **{label}**" in table, "the held-back edit is written after all"
