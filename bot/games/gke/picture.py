"""The round's picture (GKE-4, GKE-9): the three cards' gems and the whole pool drawn at ONE
scale, every gem turned at random and placed in a random order without overlap, each with its
label, so sizes can be judged by eye. Sizes are faithful: a gem of size n is 1.06^(n−1) times
as long as size 1 (gems.py draws it with a faithful area).

Designed for Discord's inline box (bot/core/drawing.py): a landscape picture 330 design pixels
wide, where the smallest gem is 12.5 px long and a label's capital 8.5 px, drawn at three times
that for the full-size view. The cards stand in a band along the top, apart from the pool (the
rulebook forbids laying a gem beside a card); the pool's gems follow in rows of a random order,
each spread at random along its row (gems.shelve). Each label sits just under its gem, never on
it, so it hides nothing of the size. Drawn from a seat's view only (drawn sizes are public,
symbols are not in it)."""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from PIL import Image

from bot.core.drawing import ASPECT, INLINE_WIDTH, Canvas, Layout, png
from bot.games.gke.gems import Spot, extent, paste_centred, shelve, sprite
from engine.games.gke.data import GROWTH

SCALE = 3  # the picture's pixels per design pixel: 990 px across for the full-size view
MARGIN = 4
BASE = 12.5  # design px: the length of a size-1 gem (size 9: 19.9 px)
LABEL = 12  # design px: label text (Roboto Bold's capital: 8.5 px)
LABEL_HEIGHT = 9  # design px: a label's line (its capital, and a little room)
PAD, GAP, ROW_GAP = 1.3, 1.0, 2.0  # design px: around a gem and label; gem to label; rows
CARD_HEIGHT = 26
POOL_TOP = MARGIN + CARD_HEIGHT + 5
BACK_COLOURS = {"pink": (236, 112, 170), "blue": (70, 130, 230), "green": (60, 180, 90)}
STAR = (250, 210, 70)


def length_of(size: int) -> float:
    """A gem's drawn length in the picture's pixels (GKE-2: 6 % per size)."""
    return BASE * SCALE * GROWTH ** (size - 1)


def length_from_drawn(drawn: float) -> float:
    """The picture's pixel length of a view's `drawn` size (size 1 = 1.0)."""
    return BASE * SCALE * drawn


def _stars(canvas: Canvas, right: float, y: float, count: int) -> None:
    """`count` stars ending at `right`, centred on `y` (design px)."""
    radius, step = 4.2, 9.5
    for n in range(count):
        cx = right - radius - step * (count - 1 - n)
        points = [(cx + radius * (1 if i % 2 == 0 else 0.45) * math.sin(math.pi * i / 5),
                   y - radius * (1 if i % 2 == 0 else 0.45) * math.cos(math.pi * i / 5))
                  for i in range(10)]
        canvas.polygon(points, STAR)
        canvas.mark("star", (cx - radius, y - radius, cx + radius, y + radius), 2 * radius)


def _label_width(label: str) -> float:
    """A label's width in the picture's pixels."""
    return Canvas(1, 1, SCALE).length(label, LABEL, "bold") * SCALE


@lru_cache(maxsize=64)
def _layout(gems: tuple[tuple[str, float, str], ...]
            ) -> tuple[list[tuple[str, float, str]], list[Spot], float]:
    """The round's pool in drawing order, each gem's spot and the bottom, in the picture's
    pixels: drawn from the round's labels, so random and the same each time this round is
    drawn (kept: placing is a good part of a drawing's cost)."""
    rng = random.Random("gke-picture:" + ",".join(label for _, _, label in gems))
    pool = list(gems)
    # In a random order: placing the largest first would pack tighter, but position would
    # then hint size.
    rng.shuffle(pool)
    items = [(kind, length, _label_width(label)) for kind, length, label in pool]
    wide = INLINE_WIDTH * SCALE
    spots, bottom = shelve(items, wide, POOL_TOP * SCALE, LABEL_HEIGHT * SCALE, rng,
                           pad=PAD * SCALE, gap=GAP * SCALE, row_gap=ROW_GAP * SCALE,
                           margin=MARGIN * SCALE,
                           min_bottom=(INLINE_WIDTH / ASPECT[1] - MARGIN) * SCALE)
    return pool, spots, bottom


def round_drawing(view: dict[str, Any]) -> tuple[Image.Image, Layout]:
    """The round's cards and pool as one picture (a view of any seat or a spectator's), and
    what it drew."""
    cards = [c for c in view["cards"] if c is not None]
    pool, spots, bottom = _layout(tuple((g["kind"], length_from_drawn(g["drawn"]), g["label"])
                                        for g in view["pool"]))
    canvas = Canvas(INLINE_WIDTH, bottom / SCALE + MARGIN, SCALE)
    width = (INLINE_WIDTH - 2 * MARGIN - 2 * MARGIN) / 3
    for i, card in enumerate(cards):
        left = MARGIN + i * (width + MARGIN)
        # The back colour as a band along the top, not a frame around the gem: a green frame
        # round a sapphire read as an emerald at a glance.
        canvas.box(left, MARGIN, left + width, MARGIN + CARD_HEIGHT, (30, 31, 34), radius=4,
                   outline=(88, 90, 97))
        canvas.box(left, MARGIN, left + width, MARGIN + 4, BACK_COLOURS[card["back"]], radius=2)
        length = length_of(card["size"])
        cx, cy = left + 6 + 19.9 / 2, MARGIN + 4 + (CARD_HEIGHT - 4) / 2
        paste_centred(canvas.image, sprite(card["kind"], length, 0), cx * SCALE, cy * SCALE)
        left_, up, right, down = extent(card["kind"], length, 0)
        canvas.layout.mark("card gem", (cx * SCALE + left_, cy * SCALE + up,
                                        cx * SCALE + right, cy * SCALE + down), length)
        _stars(canvas, left + width - 5, cy, card["stars"])
    canvas.line([(MARGIN, POOL_TOP - 2.5), (INLINE_WIDTH - MARGIN, POOL_TOP - 2.5)],
                (80, 82, 88), width=0.7)
    for (kind, length, label), (x, y, angle, label_x, label_y) in zip(pool, spots, strict=True):
        paste_centred(canvas.image, sprite(kind, length, angle), x, y)
        left, up, right, down = extent(kind, length, angle)
        canvas.layout.mark("gem", (x + left, y + up, x + right, y + down), length)
        # On its baseline, so the capital is centred on the label's line.
        canvas.text(label_x / SCALE, label_y / SCALE + _cap() / 2, label, LABEL,
                    weight="bold", anchor="ms", what="label")
    return canvas.image, canvas.layout


@lru_cache(maxsize=1)
def _cap() -> float:
    """A label's capital, in design px."""
    return -Canvas(1, 1, SCALE).face(LABEL, "bold").getbbox("H", anchor="ls")[1] / SCALE


def round_picture(view: dict[str, Any]) -> Image.Image:
    """The round's cards and pool as one picture."""
    return round_drawing(view)[0]


def round_png(view: dict[str, Any]) -> bytes:
    """The round's picture as PNG bytes (full colour: a palette would blur the size steps)."""
    return png(round_picture(view))
