"""The standings picture: a PNG Discord can show, a line per player, best first, laid out for
Discord's inline box and legible there, with a description for screen readers."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.core.drawing import BACKGROUND, MIN_CAPITAL, MIN_MARK, PHONE_COLUMN, Canvas, font
from bot.games.esr.catalog import _
from bot.games.esr.picture import (
    GEM_RGB,
    MARGIN,
    SCALE,
    draw_gem,
    standings_drawing,
    standings_png,
    standings_text,
)
from engine.core.i18n import use_locale
from tests.bot.pictures import assert_reads_inline, discord_capital_height, ink_height, on_phone

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
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_standings_read_at_discords_inline_size(language: str, players: int) -> None:
    with use_locale(language):
        title = _("After round {round}").format(round=2)
        _image, layout = standings_drawing(title, NAMES[:players], [40, 30, 20, 10, 0][:players],
                                           GEMS[:players])
    assert_reads_inline(layout, {"gemstone": MIN_MARK, "bar": MIN_MARK})


def test_a_names_capital_is_drawn_as_tall_as_the_layout_says() -> None:
    """The last letter of the leader's name, found as the pixels that change when only it is
    drawn, on a phone's column: as tall as the layout's capital there, and at least 8 px."""
    names = ["JÜRGEN", "SØREN", "BÄRBEL"]
    plain = on_phone(picture(3, [40, 30, 20], names))
    cut = on_phone(picture(3, [40, 30, 20], ["JÜRGE", *names[1:]]))
    shown = ink_height(plain, cut)
    _image, layout = standings_drawing("After round 1", names, [40, 30, 20], GEMS[:3])
    name = next(t for t in layout.texts if t.what == "name")
    assert abs(shown - name.size * PHONE_COLUMN / layout.width) <= 1.5
    assert shown >= MIN_CAPITAL


def bar_ends(layout) -> list[float]:
    """The right end of each money bar, top to bottom."""
    return [m.box[2] for m in sorted((m for m in layout.marks if m.what == "bar"),
                                     key=lambda m: m.box[1])]


def test_rows_are_sorted_by_money_and_bars_are_proportional() -> None:
    _image, layout = standings_drawing("After", ["Ann", "Bob", "Cem"], [10, 40, 20], GEMS[:3])
    ends = bar_ends(layout)
    assert len(ends) == 3
    assert ends[0] > ends[1] > ends[2], "the richest player is on top"
    start = min(m.box[0] for m in layout.marks if m.what == "bar")
    assert abs((ends[0] - start) - 2 * (ends[1] - start)) <= 2, "40 million is twice 20 million"


def test_a_table_where_nobody_has_money_yet_still_renders() -> None:
    _image, layout = standings_drawing("After", NAMES[:4], [0, 0, 0, 0], GEMS[:4])
    assert not bar_ends(layout)  # no division by the top money of 0


def test_long_names_are_cut_and_never_run_past_the_right_margin() -> None:
    long = ["Annemarie of the Gemstone Guild!", "W" * 32, "Jürgen Müller-Lüdenscheid-Søren",
            "Bo", "Cy"]
    image = picture(5, [10, 20, 30, 40, 50], names=long)
    margin = image.crop((image.width - MARGIN * SCALE + 2, 0, image.width, image.height))
    assert margin.getcolors() == [(margin.width * margin.height, BACKGROUND)]
    _image, layout = standings_drawing("After", long, [10, 20, 30, 40, 50], GEMS)
    texts = sorted(layout.texts, key=lambda t: (t.box[1], t.box[0]))
    for i, a in enumerate(texts):  # a cut name never runs into the money beside it
        for b in texts[i + 1:]:
            assert not (a.box[0] < b.box[2] and b.box[0] < a.box[2] and a.box[1] < b.box[3]
                        and b.box[1] < a.box[3]), (a, b)


def test_each_gem_colour_has_its_own_shape_so_colour_is_never_the_only_difference() -> None:
    def silhouette(colour: int) -> bytes:
        canvas = Canvas(14, 14, 2)
        canvas.image.paste((0, 0, 0), (0, 0, *canvas.image.size))
        draw_gem(canvas, colour, 1, 1)
        # Shape only, no colour: every pixel that is not background becomes white.
        return canvas.image.convert("L").point(lambda v: 255 if v else 0).tobytes()

    assert len({silhouette(colour) for colour in range(4)}) == 4


@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_the_picture_carries_a_legend_of_the_gem_symbols_below_the_players(language: str) -> None:
    with use_locale(language):
        image, layout = standings_drawing("After", NAMES[:3], [10, 20, 30], GEMS[:3])
    last_bar = max(m.box[3] for m in layout.marks if m.what == "bar")
    legend = [m for m in layout.marks if m.what == "gemstone" and m.box[1] > last_bar]
    assert len(legend) == 4, "the legend comes after the players, a symbol per colour"
    seen = {image.getpixel((round((m.box[0] + m.box[2]) / 2), round((m.box[1] + m.box[3]) / 2)))
            for m in legend}
    assert seen == set(GEM_RGB)


def test_the_picture_font_has_every_german_and_danish_letter() -> None:
    missing = font(14).getmask("\ue000")  # no font has this: its "missing glyph" box
    for weight in ("regular", "medium", "bold"):
        for letter in "äöüßÄÖÜæøåÆØÅé":
            assert bytes(font(39, weight).getmask(letter)) != bytes(missing), letter


@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_its_description_tells_each_players_money_and_gemstones_best_first(language) -> None:
    with use_locale(language):
        text = standings_text("After round 1", NAMES[:3], [10, 40, 20], GEMS[:3])
        red = _("red")
    lines = text.split("\n")
    assert lines[0] == "After round 1:" and len(lines) == 4
    assert lines[1].startswith("1. Bob") and "40" in lines[1] and f"0 {red}" in lines[1]
    assert lines[3].startswith("3. Annemarie") and f"3 {red}" in lines[3]
