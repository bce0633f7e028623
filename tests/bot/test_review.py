"""`/game review` in Discord: the member's costliest decisions privately, each with the board as
they saw it; refusals for a game that is not over or not theirs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from simcord import Env

from bot.core.client import JuwelierBot
from tests.bot.driver import no_logged_errors, private, reply_text
from tests.bot.test_ratings import two_people_play_emerald

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


# The review is real CPU work in a worker thread (within its 20 s budget; a few seconds for
# this game, with the strong AI's play-outs of the endgame), longer than SimCord's default 5 s.
@pytest.mark.simcord(settle_timeout=30.0)
async def test_a_member_reads_their_costliest_decisions_privately_with_the_board_they_saw(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path) -> None:
    bot, channel, (ann, _bob), game_id = await two_people_play_emerald(simcord_env, simcord_bot,
                                                                       db_file, seed=7)
    answer = await ann.slash(channel, "game review", game=game_id)
    assert private(answer)
    # The first message after Discord's "thinking…" takes its place: the heading.
    heading, found = answer.response, answer.followups
    assert heading.content.startswith(f"Your costliest decisions in game #{game_id}")
    stored = await bot.service.review(game_id, ann.id)
    assert len(found) == len(stored.findings) >= 1
    logged = await bot.service.action_log(game_id)
    seat = (await bot.service.get_game(game_id)).seat_of(ann.id).seat
    for place, (message, finding) in enumerate(zip(found, stored.findings, strict=True), 1):
        assert message.flags.ephemeral
        assert re.match(rf"\*\*{place}\. Turn \d+ · about ", message.content)
        assert "You chose: **" in message.content
        assert "The AI would choose: **" in message.content
        assert [a.filename for a in message.attachments] == [f"review-{place}.png"]
        assert logged[finding["step"]].seat == seat
    stranger = channel.guild.add_member(simcord_env.create_user("cy"))
    refused = await stranger.slash(channel, "game review", game=game_id)
    assert private(refused) and "not seated" in reply_text(refused)
    await bot.close()


def test_a_finding_names_the_players_where_the_engine_says_seat_n() -> None:
    # A victim choice: its options are "seat 2's knight" in the engine's words.
    from bot.core.review import _finding
    from engine import get_kind
    from engine.core.simulate import play_game
    from engine.store.models import GameInfo, Seat
    from engine.store.reviews import StoredReview

    def a_victim_choice():  # type: ignore[no-untyped-def]
        kind = get_kind("emerald")
        for seed in range(40):
            game = play_game("emerald", seed, ["greedy"] * 3)
            state, _ = kind.new_game(seed, 3)
            for step, (actor, action) in enumerate(game.log):
                decision = kind.decision_for(state, actor)
                labels = [o.label for o in decision.options]
                if decision.kind == "emerald.victim" and len(labels) > 1 and any(
                        "seat" in label for label in labels):
                    return game, step, actor
                state, _ = kind.advance(state, actor, action, quiet=True)
        raise AssertionError("no victim choice in 40 games")

    game, step, actor = a_victim_choice()
    names = ["Ann", "Bo", "Cy"]
    info = GameInfo(id=1, kind="emerald", guild_id=1, channel_id=1, host_id=1,
                    status="finished", max_players=3, created_at=0, updated_at=0,
                    seats=[Seat(slot=i, seat=i, user_id=i + 1, name=n) for i, n in
                           enumerate(names)])
    stored = StoredReview(1, actor, [], 1, 0.0)
    finding = {"step": step, "chosen": 0, "best": 1, "cost": 2.0, "error": 0.5, "worlds": 24,
               "sure": True}
    text, _picture = _finding(info, game.record, stored, finding, 1)
    assert "seat " not in text
    assert any(f"{name}'s" in text for name in names)


@pytest.mark.parametrize(("locale", "words"), [
    ("en", ("was 2 sizes", "3 stars")), ("de", ("2 Größen", "3 Sternen")),
    ("da", ("2 størrelser", "3 stjerner"))])
def test_a_gke_finding_says_how_many_sizes_off_the_pick_was_beside_the_round_it_was_made_in(
        locale: str, words: tuple[str, str]) -> None:
    from bot.core.review import _finding
    from engine.coach.review import review
    from engine.core.i18n import use_locale
    from engine.core.record import GameRecord
    from engine.store.models import GameInfo, Seat
    from engine.store.reviews import StoredReview
    from tests.engine.coach.planted import gke_blunder

    planted = gke_blunder(1, seat=1)
    record = GameRecord(kind="gke", seed=1, seats=["Ann", "Bo", "Cy"], actions=[
        {"player": seat, "action": action} for seat, action in planted.log])
    info = GameInfo(id=1, kind="gke", guild_id=1, channel_id=1, host_id=1, status="finished",
                    max_players=3, created_at=0, updated_at=0,
                    seats=[Seat(slot=i, seat=i, user_id=i + 1, name=n) for i, n in
                           enumerate(record.seats)])
    found = review("gke", 1, 3, None, planted.log, 1,
                   {i for i, (actor, _) in enumerate(planted.log) if actor == 1})
    top = found.findings[0]
    finding = {"step": top.step, "chosen": top.chosen, "best": top.best, "cost": top.cost,
               "error": top.error, "worlds": top.worlds, "sure": top.sure}
    with use_locale(locale):
        text, picture = _finding(info, record, StoredReview(1, 1, [finding], 1, 0.0), finding, 1)
    assert all(word in text for word in words), text
    assert "sampled worlds" not in text and "AI" not in text  # an exact judgement, no margin
    assert picture is not None and picture.filename == "review-1.png"
    assert picture.png[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("locale", "words"), [
    ("en", "knights of one colour only"), ("de", "nur Ritter einer Farbe"),
    ("da", "kun riddere af én farve")])
def test_a_finding_between_the_same_step_in_two_colours_says_why_the_colour_matters(
        locale: str, words: str) -> None:
    # Two players, the first move: Red T1 → M4 or Blue T1 → M4 read alike but for the colour.
    from bot.core.review import _finding
    from engine import get_kind
    from engine.core.i18n import use_locale
    from engine.core.simulate import play_game
    from engine.store.models import GameInfo, Seat
    from engine.store.reviews import StoredReview

    game = play_game("emerald", 1, ["greedy"] * 2)
    kind = get_kind("emerald")
    options = kind.next_decision(kind.new_game(1, 2)[0]).options
    red, blue = (next(i for i, o in enumerate(options) if o.action["space"] == "T1"
                      and o.action["colour"] == colour) for colour in (0, 1))
    info = GameInfo(id=1, kind="emerald", guild_id=1, channel_id=1, host_id=1,
                    status="finished", max_players=2, created_at=0, updated_at=0,
                    seats=[Seat(slot=i, seat=i, user_id=i + 1, name=n) for i, n in
                           enumerate(["Ann", "Bo"])])
    finding = {"step": 0, "chosen": red, "best": blue, "cost": 3.0, "error": 1.0,
               "worlds": 24, "sure": True}
    with use_locale(locale):
        text, _picture = _finding(info, game.record, StoredReview(1, 0, [], 1, 0.0), finding, 1)
        other = {**finding, "best": next(i for i, o in enumerate(options)
                                         if o.action["space"] == "T2")}
        plain, _picture = _finding(info, game.record, StoredReview(1, 0, [], 1, 0.0), other, 1)
    assert words in text, text
    assert words not in plain  # another knight altogether: the labels say it all
