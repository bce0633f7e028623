"""The board picture: a PNG laid out for a phone's message column, legible there, showing what
moved, drawn from the public view only."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.core.drawing import BACKGROUND, DISPLAY_WIDTH
from bot.games.emerald.picture import (
    FILENAME,
    MARGIN,
    SCALE,
    TEXT_SIZE,
    WIDTH,
    board_picture,
    board_png,
)
from engine import get_kind
from engine.core.i18n import use_locale
from tests.bot.pictures import discord_capital_height, ink_height, on_phone
from tests.engine.games.emerald.builders import position

GAME = get_kind("emerald")
NAMES = ["ann", "bob", "cy", "dee", "eve"]


def decoded(data: bytes) -> Image.Image:
    """The PNG, decoded."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def drawn(state, names=NAMES) -> Image.Image:
    """The spectator's board picture of `state`."""
    return decoded(board_png(GAME.view(state, None), names[:state.num_players]))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_board_is_drawn_for_the_phones_column_at_one_and_a_half_its_size(
        players: int) -> None:
    state, _ = GAME.new_game(players, players)
    image = drawn(state)
    assert image.width == WIDTH == 408 == DISPLAY_WIDTH * 1.5
    assert 400 * SCALE < image.height < 700 * SCALE  # the whole board on about one screen


def test_its_text_is_at_least_discords_message_text_on_a_phone() -> None:
    assert TEXT_SIZE * SCALE * DISPLAY_WIDTH / WIDTH >= 16
    least = discord_capital_height()
    # A name's last capital: drawn in one picture and not the other.
    with_letter = on_phone(drawn(position(3), ["ANNH", "BOB", "CY"]))
    without = on_phone(drawn(position(3), ["ANN", "BOB", "CY"]))
    assert ink_height(with_letter, without) >= least
    # A knight count: two red knights on M2 instead of one.
    one = on_phone(drawn(position(3, knights={0: {"M2": 1}})))
    two = on_phone(drawn(position(3, knights={0: {"M2": 2}})))
    assert ink_height(two, one) >= least


def test_a_knight_that_moves_changes_the_picture_where_it_went() -> None:
    before = drawn(position(3, knights={0: {"M2": 1}}))
    after = drawn(position(3, knights={0: {"C5": 1}}))
    assert before.size == after.size
    assert before.tobytes() != after.tobytes()


@pytest.mark.parametrize("change", ["dragon", "heading", "rail", "pile", "treasure"])
def test_the_dragon_the_rail_and_every_pile_are_on_the_picture(change: str) -> None:
    base = position(3)
    changed = {"dragon": position(3, dragon=base.dragon + 1),
               "heading": position(3, heading="chamber"),
               "rail": position(3, rail=base.rail + 1),
               "pile": position(3, gold={5: [1, 2]}),
               "treasure": position(3)}[change]
    if change == "treasure":
        changed.treasures_left -= 1
    assert drawn(base).tobytes() != drawn(changed).tobytes()


@pytest.mark.parametrize("space", ["T1", "M3", "C3", "chamber"])
def test_a_crowded_space_grows_its_row_instead_of_spilling_over(space: str) -> None:
    single = drawn(position(5, knights={colour: {space: int(colour == 0)}
                                        for colour in range(5)}))
    crowded = drawn(position(5, knights={colour: {space: 3} for colour in range(5)}))
    assert crowded.height > single.height
    # Nothing is drawn past the right margin.
    margin = crowded.crop((WIDTH - round(MARGIN * SCALE) + 1, 0, WIDTH, crowded.height))
    assert margin.getcolors() == [(margin.width * margin.height, BACKGROUND)]


def test_only_public_things_are_drawn_the_hands_values_are_not() -> None:
    low = position(3, hands={0: [1, 1], 1: [2]})
    high = position(3, hands={0: [5, 5], 1: [4]})
    assert drawn(low).tobytes() == drawn(high).tobytes()


@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_the_picture_comes_with_the_text_board_as_its_description(language: str) -> None:
    with use_locale(language):
        picture = board_picture(GAME.view(position(3), None), NAMES[:3])
    assert picture.filename == FILENAME
    assert len(picture.description) <= 1024
    cave = {"en": "C9", "de": "H9", "da": "H9"}[language]
    assert cave in picture.description and "ann" in picture.description


def test_the_final_picture_shows_each_players_total() -> None:
    state, _ = GAME.new_game(1, 2)
    rng = random.Random(1)
    while not GAME.is_over(state):
        decision = GAME.pending(state)[0]
        state, _ = GAME.apply(state, decision.player, GAME.sample_action(state, decision, rng))
    view = GAME.view(state, None)
    totals = {line["player"]: line["score"] for line in view["results"]["standings"]}
    shown = decoded(board_png(view, ["ann", "bob"]))
    view["results"]["standings"][0]["score"] = totals[0] + 10
    assert decoded(board_png(view, ["ann", "bob"])).tobytes() != shown.tobytes()


def test_the_legend_marks_whoever_decides_now_the_victims_owner_during_a_bribe() -> None:
    view = GAME.view(position(3), None)
    mover = decoded(board_png(view, NAMES[:3]))
    view["waiting_for"] = [{"seat": 2, "kind": "emerald.bribe"}]
    assert decoded(board_png(view, NAMES[:3])).tobytes() != mover.tobytes()


def test_the_same_board_is_drawn_anew_in_another_language() -> None:
    view = GAME.view(position(3), None)
    drawn_in = {}
    for language in ("en", "de", "da", "en"):
        with use_locale(language):
            drawn_in.setdefault(language, []).append(board_png(view, NAMES[:3]))
    assert drawn_in["en"][0] == drawn_in["en"][1]  # reused
    assert len({drawn_in["en"][0], drawn_in["de"][0], drawn_in["da"][0]}) == 3
