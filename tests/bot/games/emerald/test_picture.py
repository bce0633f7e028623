"""The board picture: a PNG laid out for Discord's inline box, legible there, showing what
moved, drawn from the public view only."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.core.drawing import BACKGROUND, INLINE_WIDTH, MIN_CAPITAL, MIN_MARK, PHONE_COLUMN
from bot.games.emerald.picture import (
    FILENAME,
    MARGIN,
    SCALE,
    board_drawing,
    board_picture,
    board_png,
)
from engine import get_kind
from engine.core.i18n import use_locale
from tests.bot.pictures import assert_reads_inline, ink_height, on_phone
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


def course_of_a_game(players: int, seed: int):
    """States of a random game, every tenth step, to its end."""
    state, _ = GAME.new_game(seed, players)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 10 == 0 or GAME.is_over(state):
            yield state
        if GAME.is_over(state):
            return
        decision = GAME.pending(state)[0]
        state, _ = GAME.apply(state, decision.player, GAME.sample_action(state, decision, rng))
        step += 1


# Every knight, card, treasure and the dragon at least MIN_MARK (12 px) long inline; the rail
# at least 3 px thick, and the dragon's arrow 12 px long.
PIECES = {"knight": MIN_MARK, "gold card": MIN_MARK, "gem card": MIN_MARK, "dragon": MIN_MARK,
          "heading": MIN_MARK, "rail": 3, "treasure": 10}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_board_reads_at_discords_inline_size_over_a_whole_game(players: int) -> None:
    """Fitted into 550×350 and into a phone's 330 px, from the first move to the final
    scoring, in every language: every text's capital at least 8 px, the pieces as large as
    PIECES says, and landscape."""
    for language in ("en", "de", "da"):
        with use_locale(language):
            for state in course_of_a_game(players, players):
                canvas, layout = board_drawing(GAME.view(state, None), NAMES[:players])
                assert canvas.image.width == round(INLINE_WIDTH * SCALE)
                found = {m.what for m in layout.marks}
                assert_reads_inline(layout, {k: v for k, v in PIECES.items() if k in found})
                assert {"knight", "dragon", "heading", "rail", "gold card"} <= found


def test_its_text_is_drawn_as_large_as_its_layout_says() -> None:
    """A name's last capital, drawn in one picture and not the other, is as tall on a phone
    as the layout's capital there (the layout is no guess)."""
    with_letter = on_phone(drawn(position(3), ["ANNH", "BOB", "CY"]))
    without = on_phone(drawn(position(3), ["ANN", "BOB", "CY"]))
    shown = ink_height(with_letter, without)
    _, layout = board_drawing(GAME.view(position(3), None), ["ANNH", "BOB", "CY"])
    name = min(layout.texts, key=lambda t: t.size)  # every text here is 12 design px
    assert abs(shown - name.size * PHONE_COLUMN / layout.width) <= 1.5
    assert shown >= MIN_CAPITAL


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
    width = crowded.width
    margin = crowded.crop((width - round(MARGIN * SCALE) + 1, 0, width, crowded.height))
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
