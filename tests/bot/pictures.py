"""Measuring a picture as Discord shows it inline: fitted into the desktop's 550×350 box and a
phone's 330 px column, every text and piece of its layout at least as large as it must be
(`assert_reads_inline`); and glyphs found as the pixels that change when only they are drawn,
against the height of a capital of Discord's 16 px message text measured the same way."""

from __future__ import annotations

from pathlib import Path

import simcord
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.core.drawing import (
    ASPECT,
    BACKGROUND,
    MIN_CAPITAL,
    MIN_MARK,
    PHONE_COLUMN,
    TEXT,
    Box,
    Layout,
    inline_scales,
)

# Discord's message text: 16 px (its default chat font size; SimCord's preview sets the same),
# drawn here in the font SimCord's preview shows Discord's text in.
MESSAGE_TEXT_PX = 16
DISCORD_FONT = Path(simcord.__file__).parent / "preview/static/fonts/noto-sans-latin-v2.015.ttf"
INK = (TEXT[1] - BACKGROUND[1]) // 2  # a pixel half-way from background to text is ink


def on_phone(image: Image.Image) -> Image.Image:
    """The picture as a phone shows it inline: scaled to the chat column's width."""
    height = round(image.height * PHONE_COLUMN / image.width)
    return image.resize((PHONE_COLUMN, height), Image.Resampling.LANCZOS).convert("L")


def ink_height(with_glyph: Image.Image, without: Image.Image) -> int:
    """The height, in shown pixels, of what differs between two renders: a glyph drawn in one
    and not the other."""
    diff = ImageChops.difference(with_glyph, without).point(lambda v: 255 if v >= INK else 0)
    box = diff.getbbox()
    assert box is not None, "the two pictures differ"
    return box[3] - box[1]


def discord_capital_height() -> int:
    """The height of a capital of Discord's 16 px message text, measured the same way."""
    face = ImageFont.truetype(str(DISCORD_FONT), MESSAGE_TEXT_PX)

    def line(text: str) -> Image.Image:
        image = Image.new("RGB", (60, 40), BACKGROUND)
        ImageDraw.Draw(image).text((4, 30), text, fill=TEXT, font=face, anchor="ls")
        return image.convert("L")

    return ink_height(line("EH"), line("E"))




def overlapping(a: Box, b: Box) -> bool:
    """Whether two boxes share any area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def assert_reads_inline(layout: Layout, marks: dict[str, float] | None = None,
                        aspect: tuple[float, float] = ASPECT) -> None:
    """The picture is landscape and, fitted into Discord's desktop box (550×350) and into a
    phone's 330 px column, every text's capital is at least MIN_CAPITAL px and each kind of
    piece in `marks` at least as long as given there (default: MIN_MARK for every piece);
    everything it drew lies inside it."""
    width, height = layout.width, layout.height
    assert aspect[0] - 1e-9 <= width / height <= aspect[1] + 1e-9, (width, height)
    assert layout.texts, "a picture that says nothing is measured by nothing"
    kinds = {m.what for m in layout.marks}
    least = marks if marks is not None else dict.fromkeys(kinds, MIN_MARK)
    for fit_name, scale in zip(("desktop", "phone"), inline_scales(width, height),
                               strict=True):
        small = min(layout.texts, key=lambda t: t.size)
        assert small.size * scale >= MIN_CAPITAL - 1e-6, (fit_name, small, small.size * scale)
        for what, length in least.items():
            found = [m for m in layout.marks if m.what == what]
            assert found, f"no {what} drawn"
            shortest = min(found, key=lambda m: m.size)
            assert shortest.size * scale >= length - 1e-6, (fit_name, shortest,
                                                              shortest.size * scale)
    for drawn in [*layout.texts, *layout.marks]:
        left, top, right, bottom = drawn.box
        assert left >= -1 and top >= -1 and right <= width + 1 and bottom <= height + 1, drawn
