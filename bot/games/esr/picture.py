"""A rendered picture of the standings: a line per player, best first, with their money as a bar
and their gemstones by colour, under a title and above a legend of the gemstone symbols.

Laid out for Discord's inline box (bot/core/drawing.py): landscape, 330 design pixels across,
text with an 8.5 px capital (names and money a size larger), drawn at three times that.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.core.drawing import ASPECT, INLINE_WIDTH, MUTED, TEXT, Canvas, Layout, png
from bot.games.esr.catalog import N_, _

GEM_RGB = [(220, 50, 60), (240, 200, 40), (40, 170, 90), (50, 110, 220)]
# The same shapes as the text's symbols (triangle, circle, square, diamond): colour is never the
# only difference between two gemstones.
SHAPES = ["triangle", "circle", "square", "diamond"]
COLOUR_NAMES = [N_("red"), N_("yellow"), N_("green"), N_("blue")]  # translated where drawn
BAR = (71, 82, 196)  # a darker blurple: white text on it keeps a contrast of 6:1
ROW_GROUND = (43, 45, 49)  # every other line, so a line reads across

SCALE = 3
# Sizes in design pixels.
MARGIN, TITLE_SIZE, NAME_SIZE, TEXT_SIZE, GEM_SIZE = 5, 15, 13, 12, 12
TITLE_LINE, LEGEND_LINE = 22, 18
ROW, MOST_ROW = 26, 46  # a player's line; the most it grows to when few players leave room
NAME_WIDTH, GEM_COLUMN = 106, 32  # the names' column; one colour's symbol and count
BAR_WIDTH = INLINE_WIDTH - 2 * MARGIN - NAME_WIDTH - 4 * GEM_COLUMN - 8


def draw_gem(canvas: Canvas, colour: int, x: float, y: float, size: float = GEM_SIZE) -> None:
    """One gemstone symbol with its top-left corner at (x, y), in design px."""
    fill, shape = GEM_RGB[colour], SHAPES[colour]
    if shape == "triangle":
        canvas.polygon([(x + size / 2, y), (x + size, y + size), (x, y + size)], fill)
    elif shape == "circle":
        canvas.ellipse(x, y, x + size, y + size, fill)
    elif shape == "square":
        inset = size / 12
        canvas.box(x + inset, y + inset, x + size - inset, y + size - inset, fill, radius=0)
    else:
        canvas.polygon([(x + size / 2, y), (x + size, y + size / 2), (x + size / 2, y + size),
                        (x, y + size / 2)], fill)
    canvas.mark("gemstone", (x, y, x + size, y + size), size)


def amount(money: int) -> str:
    """'34M'."""
    # Translators: an amount of money in millions, written short
    return _("{amount}M").format(amount=money)


def _row(canvas: Canvas, top: float, height: float, rank: int, name: str, money: int,
         top_money: int, gems: Sequence[int]) -> None:
    """One player: rank and name, their money as a bar with the amount, their gemstones."""
    mid = top + height / 2
    if rank % 2 == 0:
        canvas.box(MARGIN, top, INLINE_WIDTH - MARGIN, top + height, ROW_GROUND, radius=3)
    prefix = f"{rank}."
    canvas.text(MARGIN + 3, mid, prefix, NAME_SIZE, TEXT, "medium", "lm")
    indent = MARGIN + 3 + canvas.length("8. ", NAME_SIZE)
    canvas.text(indent, mid, canvas.fit(name, NAME_SIZE, NAME_WIDTH - indent + MARGIN - 2),
                NAME_SIZE, TEXT, "medium", "lm", what="name")
    left = MARGIN + NAME_WIDTH
    written = amount(money)
    room = BAR_WIDTH - canvas.length(written, NAME_SIZE, "bold") - 4
    bar = room * money / top_money if money > 0 else 0.0
    thick = min(16.0, height * 0.6) / 2
    if bar:
        canvas.box(left, mid - thick, left + max(2.0, bar), mid + thick, BAR, radius=2)
        canvas.mark("bar", (left, mid - thick, left + max(2.0, bar), mid + thick), 2 * thick)
    canvas.text(left + bar + 3, mid, written, NAME_SIZE, TEXT, "bold", "lm")
    x = left + BAR_WIDTH + 8
    for colour, count in enumerate(gems):
        draw_gem(canvas, colour, x, mid - GEM_SIZE / 2)
        canvas.text(x + GEM_SIZE + 3, mid, str(count), NAME_SIZE, TEXT, "medium", "lm")
        x += GEM_COLUMN


def _legend(canvas: Canvas, top: float) -> None:
    """The four symbols with their colours' names, on one line."""
    x, mid = MARGIN + 3, top + LEGEND_LINE / 2
    for colour in range(4):
        draw_gem(canvas, colour, x, mid - GEM_SIZE / 2)
        text = _(COLOUR_NAMES[colour])
        canvas.text(x + GEM_SIZE + 3, mid, text, TEXT_SIZE, MUTED, "regular", "lm")
        x += GEM_SIZE + 3 + canvas.length(text, TEXT_SIZE, "regular") + 12


def standings_drawing(title: str, names: Sequence[str], money: Sequence[int],
                      gems: Sequence[Sequence[int]]) -> tuple[Image.Image, Layout]:
    """The standings drawn, best first, and what it drew."""
    order = sorted(range(len(names)), key=lambda s: money[s], reverse=True)
    fixed = 2 * MARGIN + TITLE_LINE + LEGEND_LINE
    # Few players: taller lines, so the picture stays landscape without a blank band.
    row = min(MOST_ROW, max(ROW, (INLINE_WIDTH / ASPECT[1] - fixed) / max(1, len(order))))
    canvas = Canvas(INLINE_WIDTH, fixed + row * len(order), SCALE)
    canvas.text(MARGIN + 3, MARGIN + TITLE_LINE / 2, canvas.fit(title, TITLE_SIZE,
                                                               INLINE_WIDTH - 2 * MARGIN),
                TITLE_SIZE, TEXT, "bold", "lm")
    top = MARGIN + TITLE_LINE
    top_money = max(max(money, default=0), 1)
    for rank, seat in enumerate(order, start=1):
        _row(canvas, top, row, rank, names[seat], money[seat], top_money, gems[seat])
        top += row
    _legend(canvas, top)
    return canvas.image, canvas.layout


def standings_png(title: str, names: Sequence[str], money: Sequence[int],
                  gems: Sequence[Sequence[int]]) -> bytes:
    """PNG bytes: a line per player, best first, with a money bar and gemstone counts."""
    return png(standings_drawing(title, names, money, gems)[0])


def standings_text(title: str, names: Sequence[str], money: Sequence[int],
                   gems: Sequence[Sequence[int]]) -> str:
    """What the picture shows, for screen readers (its alt text)."""
    lines = [title + ":"]
    for rank, seat in enumerate(sorted(range(len(names)), key=lambda s: money[s],
                                       reverse=True), start=1):
        counts = ", ".join(f"{count} {_(COLOUR_NAMES[colour])}"
                           for colour, count in enumerate(gems[seat]))
        # Translators: one player in the standings picture's alt text, e.g. "1. ann: 34M;
        # gemstones 3 red, 0 yellow, 2 green, 1 blue"
        lines.append(_("{rank}. {name}: {money}; gemstones {gems}").format(
            rank=rank, name=names[seat], money=amount(money[seat]), gems=counts))
    return "\n".join(lines)[:1024]
