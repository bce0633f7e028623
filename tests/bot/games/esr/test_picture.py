"""The standings picture: a PNG Discord can show, one block per player, best first, laid out for
a phone's message column and legible there: its text, scaled to the width a 360 px phone shows
it at, is at least as tall as Discord's message text."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from bot.core.drawing import BACKGROUND, DISPLAY_WIDTH, MUTED, SCALE, WIDTH, font
from bot.games.esr.catalog import _
from bot.games.esr.picture import BAR, GEM_RGB, MARGIN, draw_gem, fonts, standings_png
from engine.core.i18n import use_locale
from tests.bot.pictures import (
    MESSAGE_TEXT_PX,
    discord_capital_height,
    ink_height,
    on_phone,
)

NAMES = ["Annemarie of the Gemstone Guild", "Bob", "Cem", "Dora", "Eve"]
GEMS = [[3, 3, 3, 3], [0, 0, 0, 0], [22, 1, 0, 5], [2, 2, 2, 2], [1, 0, 1, 0]]


def picture(players: int, money: list[int], names: list[str] | None = None,
            gems: list[list[int]] | None = None, title: str = "After round 1") -> Image.Image:
    """The decoded PNG for the first `players` players."""
    data = standings_png(title, (names or NAMES)[:players], money, (gems or GEMS)[:players])
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB")


def test_discords_message_text_has_capitals_about_11_pixels_high() -> None:
    assert 11 <= discord_capital_height() <= 12  # Noto Sans: 0.714 em at 16 px


@pytest.mark.parametrize("language", ["en", "de", "da"])
@pytest.mark.parametrize("players", [3, 5])
def test_names_counts_and_title_on_a_phone_are_as_tall_as_discords_message_text(
        language: str, players: int) -> None:
    """The last letter of the leader's name, a gemstone count's second digit and the title's
    last letter: each found as the pixels that change when only it is drawn, in the picture
    scaled to a 360 px phone's message column."""
    names = ["JÜRGEN", "SØREN", "BÄRBEL", "ÅSE", "ÖMER"][:players]
    money = [40, 30, 20, 10, 5][:players]
    gems = [[1, 2, 3, 4] for _ in range(players)]
    least = discord_capital_height()
    with use_locale(language):
        title = _("After round {round}").format(round=2)
        plain = on_phone(picture(players, money, names, gems, title=title))
        cut_name = on_phone(picture(players, money, ["JÜRGE", *names[1:]], gems, title=title))
        more = [[1, 2, 3, 4] for _ in range(players)]
        more[0][2] = 30  # "3" becomes "30": the 0 is drawn only here
        counted = on_phone(picture(players, money, names, more, title=title))
        titled = on_phone(picture(players, money, names, gems, title=title + " H"))
    assert plain.width == DISPLAY_WIDTH
    assert ink_height(plain, cut_name) >= least, "a name's capitals"
    assert ink_height(counted, plain) >= least, "a gemstone count's digits"
    assert ink_height(titled, plain) > least, "the title"


def test_every_text_of_the_picture_is_drawn_at_least_at_discords_text_size_on_a_phone() -> None:
    shown = DISPLAY_WIDTH / WIDTH
    for kind, face in fonts().items():
        assert face.size * shown >= MESSAGE_TEXT_PX, kind


def test_the_picture_is_drawn_at_twice_the_phones_width_to_stay_sharp_on_a_desktop() -> None:
    three = picture(3, [10, 20, 30])
    five = picture(5, [10, 20, 30, 40, 50])
    assert three.width == five.width == WIDTH == SCALE * DISPLAY_WIDTH == 544
    assert WIDTH <= 550, "a desktop shows it pixel for pixel, never enlarged"
    assert five.height > three.height
    assert len(five.getcolors(maxcolors=1 << 16) or []) > 4, "there is something drawn"


def bar_ends(image: Image.Image) -> list[int]:
    """The right end of each money bar, top to bottom."""
    ends: list[int] = []
    inside = False
    for y in range(image.height):
        xs = [x for x in range(0, WIDTH, 2) if image.getpixel((x, y)) == BAR]
        if xs and not inside:
            ends.append(max(xs))
        elif xs:
            ends[-1] = max(ends[-1], max(xs))
        inside = bool(xs)
    return ends


def test_rows_are_sorted_by_money_and_bars_are_proportional() -> None:
    image = picture(3, [10, 40, 20], names=["Ann", "Bob", "Cem"])
    ends = bar_ends(image)
    assert len(ends) == 3
    assert ends[0] > ends[1] > ends[2], "the richest player is on top"
    start = MARGIN * SCALE
    assert abs((ends[0] - start) - 2 * (ends[1] - start)) <= 4, "40 million is twice 20 million"
    assert image.getpixel((WIDTH - 3, image.height // 2)) == BACKGROUND


def test_a_table_where_nobody_has_money_yet_still_renders() -> None:
    image = picture(4, [0, 0, 0, 0])  # no division by the top money of 0
    assert image.width == WIDTH and not bar_ends(image)


def test_long_names_wrap_and_never_run_past_the_right_margin() -> None:
    long = ["Annemarie of the Gemstone Guild!", "W" * 32, "Jürgen Müller-Lüdenscheid-Søren",
            "Bo", "Cy"]
    assert all(len(name) <= 32 for name in long)
    short = picture(5, [10, 20, 30, 40, 50], names=["A", "B", "C", "D", "E"])
    wrapped = picture(5, [10, 20, 30, 40, 50], names=long)
    assert wrapped.height > short.height, "long names take a second line"
    margin = wrapped.crop((WIDTH - MARGIN * SCALE + 2, 0, WIDTH, wrapped.height))
    assert margin.getcolors() == [(margin.width * margin.height, BACKGROUND)]


def test_each_gem_colour_has_its_own_shape_so_colour_is_never_the_only_difference() -> None:
    def silhouette(colour: int) -> bytes:
        image = Image.new("RGB", (20, 20), (0, 0, 0))
        draw_gem(ImageDraw.Draw(image), colour, 1, 1)
        # Shape only, no colour: every pixel that is not background becomes white.
        return image.convert("L").point(lambda v: 255 if v else 0).tobytes()

    shapes = {silhouette(colour) for colour in range(4)}
    assert len(shapes) == 4


@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_the_picture_carries_a_legend_of_the_gem_symbols_below_the_players(language: str) -> None:
    with use_locale(language):
        image = picture(3, [10, 20, 30])
    last_bar = max(y for y in range(image.height) for x in range(0, WIDTH, 4)
                   if image.getpixel((x, y)) == BAR)
    # The colours' names are the only text in the legend's muted colour.
    legend = [y for y in range(image.height)
              if any(image.getpixel((x, y)) == MUTED for x in range(WIDTH))]
    assert legend and min(legend) > last_bar, "the legend comes after the players"
    seen = {image.getpixel((x, y)) for x in range(WIDTH)
            for y in range(min(legend) - 8, max(legend) + 8)}
    assert all(rgb in seen for rgb in GEM_RGB), "every symbol appears in the legend"


def test_the_picture_font_has_every_german_and_danish_letter() -> None:
    missing = font(14).getmask("\ue000")  # no font has this: its "missing glyph" box
    for face in (font(14), *fonts().values()):
        for letter in "äöüßÄÖÜæøåÆØÅé":
            assert bytes(face.getmask(letter)) != bytes(missing), letter
