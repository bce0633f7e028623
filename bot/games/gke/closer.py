"""The private look-closer picture of one card: the pool's gems of that card's kind, larger, laid
out for Discord's inline box as the round picture is (bot/core/drawing.py): landscape, 330
design pixels across, drawn at three times that; a size-1 gem is 32 px long there, two and a
half times the round picture's."""

from __future__ import annotations

import random
from typing import Any

from PIL import Image

from bot.core.drawing import ASPECT, INLINE_WIDTH, Canvas, Layout, capital, png
from bot.games.gke.gems import Spot, extent, paste_centred, shelve, sprite

SCALE = 3
MARGIN = 6
CLOSER_BASE = 32  # design px: size 1 (size 9: 51 px)
CLOSER_LABEL = 16  # design px: a capital of 11.4 px
LABEL_HEIGHT = 12
PAD, GAP, ROW_GAP = 4.0, 1.5, 4.0


def closer_layout(view: dict[str, Any], card: int) -> list[tuple[dict[str, Any], Spot]]:
    """(pool gem, spot) for the look-closer picture of card `card`, in the picture's pixels:
    the gems of its kind that the viewer may take or holds, in a random order."""
    kind = view["cards"][card]["kind"]
    gems = [g for g in view["pool"] if g["kind"] == kind and g["holder"] in (None, view["viewer"])]
    rng = random.Random(f"gke-closer:{card}:" + ",".join(g["label"] for g in view["pool"]))
    rng.shuffle(gems)
    probe = Canvas(1, 1, SCALE)
    items = [(kind, CLOSER_BASE * SCALE * g["drawn"],
              probe.length(g["label"], CLOSER_LABEL, "bold") * SCALE) for g in gems]
    spots, _ = shelve(items, INLINE_WIDTH * SCALE, MARGIN * SCALE, LABEL_HEIGHT * SCALE, rng,
                      pad=PAD * SCALE, gap=GAP * SCALE, row_gap=ROW_GAP * SCALE,
                      margin=MARGIN * SCALE,
                      min_bottom=(INLINE_WIDTH / ASPECT[1] - MARGIN) * SCALE)
    return list(zip(gems, spots, strict=True))


def closer_drawing(view: dict[str, Any], card: int) -> tuple[Image.Image, Layout]:
    """The pool's gems of card `card`'s kind, larger, at one scale with each other, placed and
    turned at random — and never the card's own picture beside them (the rulebook forbids
    laying gems next to the cards); and what it drew."""
    kind = view["cards"][card]["kind"]
    layout = closer_layout(view, card)
    probe = Canvas(1, 1, SCALE)
    cap = capital(probe.face(CLOSER_LABEL, "bold")) / SCALE
    bottom = max([label_y / SCALE + LABEL_HEIGHT / 2 for _, (*_, label_y) in layout],
                 default=0.0)
    height = max(bottom + MARGIN, INLINE_WIDTH / ASPECT[1])
    canvas = Canvas(INLINE_WIDTH, height, SCALE)
    for gem, (x, y, angle, label_x, label_y) in layout:
        length = CLOSER_BASE * SCALE * gem["drawn"]
        paste_centred(canvas.image, sprite(kind, length, angle), x, y)
        left, up, right, down = extent(kind, length, angle)
        canvas.layout.mark("gem", (x + left, y + up, x + right, y + down), length)
        canvas.text(label_x / SCALE, label_y / SCALE + cap / 2, gem["label"], CLOSER_LABEL,
                    weight="bold", anchor="ms", what="label")
    return canvas.image, canvas.layout


def closer_picture(view: dict[str, Any], card: int) -> Image.Image:
    """The look-closer picture of card `card`."""
    return closer_drawing(view, card)[0]


def closer_png(view: dict[str, Any], card: int) -> bytes:
    """The look-closer picture as PNG bytes."""
    return png(closer_picture(view, card))
