"""The standings picture: a PNG Discord can show, one row per player, best first."""

from __future__ import annotations

import io

from PIL import Image

from bot.games.esr.picture import BACKGROUND, BAR, ROW, TOP, WIDTH, standings_png

NAMES = ["Annemarie of the Gemstone Guild", "Bob", "Cem", "Dora", "Eve"]
GEMS = [[3, 3, 3, 3], [0, 0, 0, 0], [22, 1, 0, 5], [2, 2, 2, 2], [1, 0, 1, 0]]


def picture(players: int, money: list[int]) -> Image.Image:
    """The decoded PNG for the first `players` players."""
    data = standings_png("After round 1", NAMES[:players], money, GEMS[:players])
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def test_the_picture_is_a_720_pixel_wide_png_that_grows_with_the_players() -> None:
    three = picture(3, [10, 20, 30])
    five = picture(5, [10, 20, 30, 40, 50])
    assert three.width == five.width == WIDTH == 720
    assert five.height - three.height == 2 * ROW
    assert len(five.getcolors(maxcolors=1 << 16) or []) > 4, "there is something drawn"


def test_rows_are_sorted_by_money_and_bars_are_proportional() -> None:
    image = picture(3, [10, 40, 20]).convert("RGB")
    middle = 19  # the bar's vertical middle within a row

    def bar_end(row: int) -> int:
        y = TOP + row * ROW + middle
        return max(x for x in range(230, 500) if image.getpixel((x, y)) == BAR)

    ends = [bar_end(row) for row in range(3)]
    assert ends[0] > ends[1] > ends[2], "the richest player is on top"
    assert abs((ends[0] - 230) - 2 * (ends[1] - 230)) <= 2, "40 million is twice 20 million"
    assert image.getpixel((WIDTH - 5, TOP + middle)) == BACKGROUND


def test_a_table_where_nobody_has_money_yet_still_renders() -> None:
    image = picture(4, [0, 0, 0, 0]).convert("RGB")  # no division by the top money of 0
    assert image.width == WIDTH and image.height > TOP + 3 * ROW


def test_each_gem_colour_has_its_own_shape_so_colour_is_never_the_only_difference() -> None:
    from PIL import ImageDraw

    from bot.games.esr.picture import draw_gem

    def silhouette(colour: int) -> bytes:
        image = Image.new("RGB", (20, 20), (0, 0, 0))
        draw_gem(ImageDraw.Draw(image), colour, 1, 1)
        # Shape only, no colour: every pixel that is not background becomes white.
        return image.convert("L").point(lambda v: 255 if v else 0).tobytes()

    shapes = {silhouette(colour) for colour in range(4)}
    assert len(shapes) == 4


def test_the_picture_carries_a_legend_of_the_gem_symbols() -> None:
    image = picture(3, [10, 20, 30]).convert("RGB")
    from bot.games.esr.picture import GEM_RGB

    top_band = {image.getpixel((x, y)) for x in range(WIDTH // 2, WIDTH) for y in range(20, 50)}
    assert all(rgb in top_band for rgb in GEM_RGB), "every symbol appears in the legend"


def test_the_picture_font_has_every_german_and_danish_letter() -> None:
    from bot.games.esr.picture import font

    missing = font(14).getmask("\ue000")  # no font has this: its "missing glyph" box
    for letter in "äöüßÄÖÜæøåÆØÅé":
        assert bytes(font(14).getmask(letter)) != bytes(missing), letter
