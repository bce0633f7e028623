"""/game replay: a finished game's JSON record (the engine's export format, which replays to the
same end) and a private viewer built from spectator views: the table, then the step's heading
and story right above labelled ◀ Previous / Next ▶ buttons and a menu of turns, in the reader's
language and within Discord's limits; each table shows the action cards its turn revealed and
none before the reveal; refusals for games that are running, elsewhere or unknown; the buttons
and the menu work after a restart."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest
from simcord import Env

from bot.config import BotSettings
from bot.core.client import JuwelierBot
from bot.core.presenter import presenter_for
from bot.core.replay import jump_targets, steps_of
from bot.core.texts import seat_names
from bot.games.esr.narrate import action_text
from engine.core.record import GameRecord, replay
from engine.core.registry import get_kind
from engine.core.simulate import play_game
from engine.games.esr.events import ActionsRevealed
from engine.service import GameService
from tests.bot.driver import (
    last_reply,
    new_table,
    no_logged_errors,
    play_to_end,
    private,
    reply_text,
)
from tests.bot.languages import english_left, over_limits, report_locales
from tests.bot.languages import payload_texts as _payload_texts

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


def button(reply, label: str) -> dict:
    """The viewer's button with this label."""
    for row in reply.components:
        for item in row["components"]:
            if item.get("label") == label:
                return item
    raise AssertionError(f"no {label} button")


def jump_menu(reply) -> dict:
    """The viewer's menu of turns."""
    return next(item for row in reply.components for item in row["components"]
                if item.get("custom_id", "").startswith("jw:replayto:"))


def option(reply, label: str) -> str:
    """The value of the menu option with this label."""
    return next(o["value"] for o in jump_menu(reply)["options"] if o["label"] == label)


def heading(reply) -> str:
    """The step's heading: the title of the embed right above the buttons."""
    return reply.embeds[-1].title


def story(reply) -> str:
    """The step's story, in the embed right above the buttons."""
    return reply.embeds[-1].description or ""


async def finished_game(env: Env, bot: JuwelierBot):
    """A 3-seat game (one person, two AI) played to its end."""
    guild, channel, (ann,), game_id = await new_table(env, bot, ["ann"], ai=2)
    await play_to_end(bot, channel, game_id, {ann.id: ann})
    assert (await bot.service.get_game(game_id)).status == "finished"
    return guild, channel, ann, game_id


async def test_replay_attaches_the_record_and_steps_through_the_game(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    _guild, channel, ann, game_id = await finished_game(simcord_env, simcord_bot)
    public_before = len(list(channel.history()))

    offered = await ann.autocomplete(channel, "game replay", "game", "")
    assert [c["value"] for c in offered] == [game_id]

    shown = await ann.slash(channel, "game replay", game=game_id)
    assert private(shown) and len(list(channel.history())) == public_before
    reply = last_reply(shown)
    (attachment,) = reply.attachments
    assert attachment.filename == f"juwelier-game-{game_id}.json"
    record = GameRecord.model_validate_json(await attachment.read())
    state, _ = replay(record)
    esr = get_kind("esr")
    assert esr.dump(state) == await simcord_bot.service.state_json(game_id), "replays exactly"
    assert json.loads(await attachment.read())["seed"] == record.seed

    # The table first, then the heading and story right above the buttons: a phone shows the
    # story and the buttons together.
    assert not reply.content
    assert heading(reply) == "Replay · step 1 of 25", \
        "one step per turn (3 rounds of 8 turns at 3 players), then the end"
    assert "**── Round 1 · turn 1 ──**" in story(reply)
    assert "Round 1 of 3 · Turn 1" in reply.embeds[0].description
    assert button(reply, "◀ Previous")["disabled"] and not button(reply, "Next ▶")["disabled"]

    forward = await ann.click(reply, custom_id=button(reply, "Next ▶")["custom_id"])
    step2 = last_reply(forward)
    assert heading(step2) == "Replay · step 2 of 25"
    assert "Turn 2" in step2.embeds[0].description
    assert "Reveal" in story(step2), "the turn's story is told with its table"
    assert step2.attachments, "the record stays attached"

    # The buttons hold their step in their id: they work after a restart.
    bot = JuwelierBot(BotSettings(token="simulated", db_path=db_file))
    await simcord_env.restart_bot(bot)
    await simcord_bot.close()
    back = await ann.click(step2, custom_id=button(step2, "◀ Previous")["custom_id"])
    assert heading(last_reply(back)) == "Replay · step 1 of 25"
    end = await ann.select(step2, [option(step2, "The final table")],
                           custom_id=jump_menu(step2)["custom_id"])
    final = last_reply(end)
    assert heading(final) == "Replay · step 25 of 25: the final table"
    assert "Game over" in final.embeds[0].description
    assert button(final, "Next ▶")["disabled"] and not button(final, "◀ Previous")["disabled"]
    back = await ann.click(final, custom_id=button(final, "◀ Previous")["custom_id"])
    assert "Game over!" in story(last_reply(back)), "the last turn's story has the results"


async def test_the_menu_of_turns_jumps_to_any_turn_even_after_a_restart(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    _guild, channel, ann, game_id = await finished_game(simcord_env, simcord_bot)
    reply = last_reply(await ann.slash(channel, "game replay", game=game_id))
    menu = jump_menu(reply)
    turns = [f"Round {r} · turn {t}" for r in (1, 2, 3) for t in range(1, 9)]
    assert [o["label"] for o in menu["options"]] == [*turns, "The final table"]
    assert len(menu["options"]) <= 25, "Discord's limit for a select"
    assert [o["label"] for o in menu["options"] if o.get("default")] == ["Round 1 · turn 1"]

    jumped = last_reply(await ann.select(reply, [option(reply, "Round 2 · turn 3")],
                                         custom_id=menu["custom_id"]))
    assert heading(jumped) == "Replay · step 11 of 25"
    assert story(jumped).startswith("**── Round 2 · turn 3 ──**")
    assert "Round 2 of 3 · Turn 3" in jumped.embeds[0].description
    assert [o["label"] for o in jump_menu(jumped)["options"] if o.get("default")] == \
        ["Round 2 · turn 3"]

    bot = JuwelierBot(BotSettings(token="simulated", db_path=db_file))
    await simcord_env.restart_bot(bot)
    await simcord_bot.close()
    again = last_reply(await ann.select(jumped, [option(jumped, "Round 3 · turn 8")],
                                        custom_id=jump_menu(jumped)["custom_id"]))
    assert heading(again) == "Replay · step 24 of 25"
    assert "Round 3 of 3 · Turn 8" in again.embeds[0].description
    for value, shown in (("9999", "Replay · step 25 of 25: the final table"),
                         ("abc", "Replay · step 1 of 25")):
        # A menu with an option the bot never offered, posted by the bot.
        menu = discord.ui.View()
        menu.add_item(discord.ui.Select(custom_id=f"jw:replayto:{game_id}", options=[
            discord.SelectOption(label=value, value=value)]))
        await bot.get_channel(channel.id).send("forged", view=menu)
        forged = await ann.select(channel.last_message, [value],
                                  custom_id=f"jw:replayto:{game_id}")
        assert heading(last_reply(forged)) == shown, "a step of the game, nothing else"


def revealed_choices(record: GameRecord) -> list[dict[int, str]]:
    """Each turn's action cards, as the engine revealed them, turn by turn."""
    _, events = replay(record)
    return [dict(e.choices) for e in events if isinstance(e, ActionsRevealed)]


def played(field_value: str) -> str | None:
    """The action a table's player field says was played, if any."""
    for card in ("money", "event", "gems", "free"):
        if f"played {action_text(card)}" in field_value:
            return card
    return None


async def test_each_steps_table_shows_the_choices_its_turn_revealed_and_stays_within_limits(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _guild, channel, ann, game_id = await finished_game(simcord_env, simcord_bot)
    choices = revealed_choices(await simcord_bot.service.export_record(game_id))
    assert len(choices) == 24
    names = seat_names(await simcord_bot.service.get_game(game_id))
    reply = last_reply(await ann.slash(channel, "game replay", game=game_id))
    for step in range(25):
        assert over_limits(reply) == [] and within_embed_limits(reply)
        table = reply.embeds[0]
        fields = {field.name: field.value for field in table.fields}
        shown = {seat: played(fields[name]) for seat, name in enumerate(names)}
        if step < 24:
            assert shown == choices[step], f"step {step + 1}: the cards its turn revealed"
            assert "choosing" not in str(table.to_dict()), "nobody is still choosing"
        else:
            assert set(shown.values()) == {None}, "the final table: no turn, no cards"
        if step < 24:
            reply = last_reply(await ann.click(reply, custom_id=button(reply, "Next ▶")[
                "custom_id"]))


def test_a_turns_cards_are_shown_only_once_its_reveal_is_among_the_events() -> None:
    record = play_game("esr", 3, ["random"] * 3).record
    kind, presenter = get_kind("esr"), presenter_for("esr")
    state, events = kind.new_game(record.seed, 3, record.settings)
    start = kind.view(state, None)
    names = ["Ann", "Bob", "Cem"]
    told = list(events)
    for entry in record.actions:
        state, new = kind.apply(state, entry.player, entry.action)
        if any(isinstance(e, ActionsRevealed) for e in new):
            before = presenter.table_embed(presenter.replay_view(start, told), names, "t", None)
            after = presenter.table_embed(presenter.replay_view(start, [*told, *new]), names,
                                          "t", None)
            break
        told += new
    players = lambda embed: [f.value for f in embed.fields if f.name in names]  # noqa: E731
    assert len(players(before)) == 3 and not any(played(v) for v in players(before)), \
        "nothing before the reveal"
    assert all(played(v) for v in players(after)), "every card once revealed"


def test_a_game_with_more_steps_than_a_select_holds_offers_the_ends_and_the_steps_around() -> None:
    assert jump_targets(3, 25) == list(range(25))
    for index in (0, 1, 12, 20, 38, 39):
        offered = jump_targets(index, 40)
        assert len(offered) == 25 and offered[0] == 0 and offered[-1] == 39
        assert index in offered and offered == sorted(set(offered))


def within_embed_limits(reply) -> bool:
    """Discord's embed limits: a description of 4096 characters, 6000 in all a message's embeds,
    no content over 2000, at most 25 options in a select."""
    embeds = [e.to_dict() for e in reply.embeds]
    total = sum(len(e.get("title", "")) + len(e.get("description", "")) + sum(
        len(f["name"]) + len(f["value"]) for f in e.get("fields", [])) for e in embeds)
    return (all(len(e.get("description", "")) <= 4096 for e in embeds) and total <= 6000
            and len(reply.content or "") <= 2000 and len(jump_menu(reply)["options"]) <= 25)


def viewer_texts(reply) -> list[str]:
    """The viewer's own texts: heading, buttons and menu (the table's and the story's are the
    presenter's, checked over whole games in test_languages.py)."""
    heading_only = discord.Embed(title=heading(reply))
    return [*_payload_texts(SimpleNamespace(content=reply.content, embeds=[heading_only],
                                            components=reply.components))]


@pytest.mark.parametrize("language", ["de", "da"])
async def test_the_viewer_speaks_the_readers_language(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch,
        language: str) -> None:
    guild, channel, _ann, game_id = await finished_game(simcord_env, simcord_bot)
    reader = guild.add_member(simcord_env.create_user("jürgen" if language == "de" else "søren"))
    report_locales(monkeypatch, {reader.id: language})
    words = {"de": ("◀ Zurück", "Weiter ▶", "Wiederholung · Schritt 1 von 25",
                    "Durchgang 2 · Runde 3", "Der Tisch am Ende"),
             "da": ("◀ Forrige", "Næste ▶", "Genafspilning · trin 1 af 25",
                    "Fase 2 · runde 3", "Det endelige bord")}[language]
    previous, following, first, turn, final = words
    reply = last_reply(await reader.slash(channel, "game replay", game=game_id))
    assert heading(reply) == first
    assert button(reply, previous)["disabled"]
    texts = viewer_texts(reply)
    jumped = last_reply(await reader.select(reply, [option(reply, turn)],
                                            custom_id=jump_menu(reply)["custom_id"]))
    assert story(jumped).startswith(f"**── {turn} ──**")
    for _ in range(14):  # to the end, through every turn of round 2 and 3
        texts += viewer_texts(jumped)
        assert over_limits(jumped) == [] and within_embed_limits(jumped)
        jumped = last_reply(await reader.click(jumped, custom_id=button(jumped, following)[
            "custom_id"]))
    assert button(jumped, following)["disabled"], "at the final table"
    last = last_reply(await reader.select(jumped, [option(jumped, final)],
                                          custom_id=jump_menu(jumped)["custom_id"]))
    assert heading(last) == heading(jumped)
    texts += viewer_texts(last)
    assert english_left([t for t in texts if t], language) == []


async def test_a_running_game_another_servers_game_or_no_game_cannot_be_replayed(
        simcord_env: Env, simcord_bot: JuwelierBot) -> None:
    _guild, channel, (ann,), game_id = await new_table(simcord_env, simcord_bot, ["ann"], ai=2)
    running = await ann.slash(channel, "game replay", game=game_id)
    assert private(running) and "not finished" in reply_text(running)
    assert not last_reply(running).attachments, "no record while the game has secrets"

    other = simcord_env.create_guild()
    elsewhere = other.create_text_channel("elsewhere")
    bob = other.add_member(simcord_env.create_user("bob"))
    foreign = await bob.slash(elsewhere, "game replay", game=game_id)
    assert private(foreign)
    assert f"There is no game #{game_id} on this server." in reply_text(foreign)
    missing = await ann.slash(channel, "game replay", game=999999)
    assert private(missing) and "There is no game #999999" in reply_text(missing)


async def test_the_replay_viewer_steps_through_emerald_games_stored_under_older_rules(
        tmp_path: Path) -> None:
    # Games written before EM-20 (tests/fixtures/stored_emerald_v1.sqlite3): the viewer replays
    # each under the rules it was played by, without a refused action; the finished one to its
    # end. (A running game is never shown, but its log replays just the same.)
    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    path = tmp_path / "stored.sqlite3"
    shutil.copyfile(fixtures / "stored_emerald_v1.sqlite3", path)
    roles = json.loads((fixtures / "stored_emerald_v1.states.json").read_text())["roles"]
    async with await GameService.open(path) as service:
        for game_id in roles.values():
            record = await service.export_record(game_id)
            steps = steps_of(record, presenter_for("emerald"))
            assert steps[-1].final and len(steps) > 5
            state, _ = replay(record)
            assert steps[-1].view == get_kind("emerald").view(state, None)
            assert (state.phase == "over") == (game_id == roles["finished"])
