"""Measuring a picture as a 360 px phone shows it: scaled to the message column's width, and
its glyphs found as the pixels that change when only they are drawn, against the height of a
capital of Discord's 16 px message text measured the same way."""

from __future__ import annotations

from pathlib import Path

import simcord
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.core.drawing import BACKGROUND, DISPLAY_WIDTH, TEXT

# Discord's message text: 16 px (its default chat font size; SimCord's preview sets the same),
# drawn here in the font SimCord's preview shows Discord's text in.
MESSAGE_TEXT_PX = 16
DISCORD_FONT = Path(simcord.__file__).parent / "preview/static/fonts/noto-sans-latin-v2.015.ttf"
INK = (TEXT[1] - BACKGROUND[1]) // 2  # a pixel half-way from background to text is ink


def on_phone(image: Image.Image) -> Image.Image:
    """The picture as a 360 px phone shows it: scaled to the message column's width."""
    height = round(image.height * DISPLAY_WIDTH / image.width)
    return image.resize((DISPLAY_WIDTH, height), Image.Resampling.LANCZOS).convert("L")


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


