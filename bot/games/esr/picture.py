"""A rendered picture of the standings: money bars and each player's gemstones."""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence

import font_roboto
from PIL import Image, ImageDraw, ImageFont

from bot.games.esr.catalog import N_, _

GEM_RGB = [(220, 50, 60), (240, 200, 40), (40, 170, 90), (50, 110, 220)]
# The same shapes as the text's symbols (triangle, circle, square, diamond): colour is never the
# only difference between two gemstones.
SHAPES = ["triangle", "circle", "square", "diamond"]
COLOUR_NAMES = [N_("red"), N_("yellow"), N_("green"), N_("blue")]  # translated where drawn
BACKGROUND = (49, 51, 56)  # Discord's dark theme, so the picture sits well in the channel
TEXT = (242, 243, 245)
MUTED = (148, 155, 164)
BAR = (88, 101, 242)
WIDTH, ROW, TOP = 720, 64, 70


@functools.cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Roboto at `size`: Pillow's built-in font has no ü, ø or å (German and Danish words,
    names such as Jürgen or Søren)."""
    return ImageFont.truetype(font_roboto.Roboto, size)


def draw_gem(draw: ImageDraw.ImageDraw, colour: int, x: int, y: int, size: int = 18) -> None:
    """One gemstone symbol with its top-left corner at (x, y)."""
    fill, shape = GEM_RGB[colour], SHAPES[colour]
    if shape == "triangle":
        draw.polygon([(x + size / 2, y), (x + size, y + size), (x, y + size)], fill=fill)
    elif shape == "circle":
        draw.ellipse((x, y, x + size, y + size), fill=fill)
    elif shape == "square":
        draw.rectangle((x + 1, y + 1, x + size - 1, y + size - 1), fill=fill)
    else:
        draw.polygon([(x + size / 2, y), (x + size, y + size / 2), (x + size / 2, y + size),
                      (x, y + size / 2)], fill=fill)


def _legend(draw: ImageDraw.ImageDraw, font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
            y: int) -> None:
    x = WIDTH - 24
    for colour in reversed(range(4)):
        word = _(COLOUR_NAMES[colour])
        x -= int(draw.textlength(word, font=font)) + 30
        draw_gem(draw, colour, x, y + 2, size=14)
        draw.text((x + 18, y), word, fill=MUTED, font=font)


def standings_png(title: str, names: Sequence[str], money: Sequence[int],
                  gems: Sequence[Sequence[int]]) -> bytes:
    """PNG bytes: one row per player, best first, with a money bar and gemstone counts."""
    order = sorted(range(len(names)), key=lambda s: money[s], reverse=True)
    height = TOP + ROW * len(names) + 20
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    big, small = font(26), font(18)
    draw.text((24, 20), title, fill=TEXT, font=big)
    _legend(draw, font(14), 28)
    top_money = max(max(money), 1)
    for row, seat in enumerate(order):
        y = TOP + row * ROW
        name = names[seat] if len(names[seat]) <= 16 else names[seat][:15] + "…"
        draw.text((24, y + 8), f"{row + 1}. {name}", fill=TEXT, font=small)
        bar_width = int(260 * money[seat] / top_money)
        draw.rounded_rectangle((230, y + 6, 230 + max(bar_width, 4), y + 32), radius=6, fill=BAR)
        # Translators: an amount of money in millions, written short
        draw.text((240 + bar_width, y + 8), _("{amount}M").format(amount=money[seat]),
                  fill=TEXT, font=small)
        x = 560
        for colour, count in enumerate(gems[seat]):
            draw_gem(draw, colour, x, y + 10)
            draw.text((x + 22, y + 9), str(count), fill=MUTED, font=small)
            x += 40
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
