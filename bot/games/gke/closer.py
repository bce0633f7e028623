"""The private look-closer picture of one card (issue 24): the pool's gems of that card's kind,
larger, for a phone's message column."""

from __future__ import annotations

import random
from typing import Any

from PIL import Image, ImageDraw

from bot.core.drawing import BACKGROUND, TEXT, font, png
from bot.games.gke.gems import MARGIN, Spot, paste_centred, scatter, sprite

CLOSER_WIDTH = 544  # 2× the 272 px column of a 360 px phone: shown at half, no zooming
CLOSER_BASE = 76  # px: size 1 (size 9: 121 px); on the phone 38 px and 61 px
CLOSER_LABEL = 34  # px: a capital of 24 px, 12 px on the phone


def closer_layout(view: dict[str, Any], card: int) -> list[tuple[dict[str, Any], Spot]]:
    """(pool gem, spot) for the look-closer picture of card `card`: the gems of its kind that
    the viewer may take or holds, in random places."""
    kind = view["cards"][card]["kind"]
    gems = [g for g in view["pool"] if g["kind"] == kind and g["holder"] in (None, view["viewer"])]
    rng = random.Random(f"gke-closer:{card}:" + ",".join(g["label"] for g in view["pool"]))
    rng.shuffle(gems)
    face = font(CLOSER_LABEL, "bold")
    items = [(kind, CLOSER_BASE * g["drawn"], face.getlength(g["label"])) for g in gems]
    spots, _ = scatter(items, CLOSER_WIDTH, MARGIN, CLOSER_LABEL, rng, slack=1.5)
    return list(zip(gems, spots, strict=True))


def closer_picture(view: dict[str, Any], card: int) -> Image.Image:
    """The pool's gems of card `card`'s kind, larger, at one scale with each other, placed and
    turned at random — and never the card's own picture beside them (the rulebook forbids laying
    gems next to the cards)."""
    kind = view["cards"][card]["kind"]
    layout = closer_layout(view, card)
    face = font(CLOSER_LABEL, "bold")
    bottom = max(label_y + CLOSER_LABEL / 2 for _, (*_, label_y) in layout)
    image = Image.new("RGB", (CLOSER_WIDTH, round(bottom) + MARGIN), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for gem, (x, y, angle, label_x, label_y) in layout:
        paste_centred(image, sprite(kind, CLOSER_BASE * gem["drawn"], angle), x, y)
        draw.text((label_x, label_y), gem["label"], font=face, fill=TEXT, anchor="mm")
    return image


def closer_png(view: dict[str, Any], card: int) -> bytes:
    """The look-closer picture as PNG bytes."""
    return png(closer_picture(view, card))
