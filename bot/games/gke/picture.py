"""The round's picture (GKE-4, GKE-9): the three cards' gems and the whole pool drawn at ONE
scale, every gem rotated and placed at random without overlap, each with its label, so sizes can
be judged by eye. Sizes are faithful: a gem of size n is 1.06^(n−1) times as long as size 1
(gems.py draws it with a faithful area).

Designed for Discord's full-screen view on a phone (a portrait picture 540 px wide is shown at
two thirds on a 360 px screen: a label's capital is then as tall as one of the message text) and
a desktop. Each label sits just under its gem, never on it, so it hides nothing of the size.
Drawn from a seat's view only (drawn sizes are public, symbols are not in it)."""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.core.drawing import BACKGROUND, TEXT, font, png
from bot.games.gke.gems import MARGIN, Spot, paste_centred, scatter, sprite
from engine.games.gke.data import GROWTH

WIDTH = 540
BASE = 38  # px: the length of a size-1 gem (size 9: 61 px)
LABEL = 26  # px: label text (its capital ≈ 18 px, 12 px on a phone's full screen)
LABEL_HEIGHT = 24
CARD_BAND = 178
BACK_COLOURS = {"pink": (236, 112, 170), "blue": (70, 130, 230), "green": (60, 180, 90)}


def length_of(size: int) -> float:
    """A gem's drawn length in pixels (GKE-2: 6 % per size)."""
    return BASE * GROWTH ** (size - 1)


def length_from_drawn(drawn: float) -> float:
    """The pixel length of a view's `drawn` size (size 1 = 1.0)."""
    return BASE * drawn


def _stars(draw: ImageDraw.ImageDraw, x: float, y: float, count: int) -> None:
    radius, gap = 11, 26
    left = x - gap * (count - 1) / 2
    for n in range(count):
        cx = left + gap * n
        points = [(cx + radius * (1 if i % 2 == 0 else 0.45) * math.sin(math.pi * i / 5),
                   y - radius * (1 if i % 2 == 0 else 0.45) * math.cos(math.pi * i / 5))
                  for i in range(10)]
        draw.polygon(points, fill=(250, 210, 70))


def place(gems: list[tuple[str, float, str]], top: int, rng: random.Random
          ) -> tuple[list[Spot], int]:
    """Random spots for the pool's (kind, length, label) gems, none overlapping, from `top`."""
    face = font(LABEL, "bold")
    items = [(kind, length, face.getlength(label)) for kind, length, label in gems]
    # About where random placement first fits, so it seldom starts again.
    return scatter(items, WIDTH, top, LABEL_HEIGHT, rng, slack=1.9)


@lru_cache(maxsize=64)
def _layout(gems: tuple[tuple[str, float, str], ...]
            ) -> tuple[list[tuple[str, float, str]], list[Spot], int]:
    """The round's pool in drawing order, each gem's spot and the bottom: drawn from the
    round's labels, so random and the same each time this round is drawn (kept: placing is
    half a drawing's cost)."""
    rng = random.Random("gke-picture:" + ",".join(label for _, _, label in gems))
    pool = list(gems)
    # Placed in a random order: placing the largest first would pack tighter, but the late,
    # small ones would gather where room is left (the bottom) and position would hint size.
    rng.shuffle(pool)
    spots, bottom = place(pool, CARD_BAND + MARGIN, rng)
    return pool, spots, bottom


def round_picture(view: dict[str, Any]) -> Image.Image:
    """The round's cards and pool as one picture (a view of any seat or a spectator's)."""
    cards = [c for c in view["cards"] if c is not None]
    pool, spots, bottom = _layout(tuple((g["kind"], length_from_drawn(g["drawn"]), g["label"])
                                        for g in view["pool"]))
    image = Image.new("RGB", (WIDTH, bottom + MARGIN), BACKGROUND)
    draw = ImageDraw.Draw(image)
    card_width = (WIDTH - 4 * MARGIN) / 3
    for i, card in enumerate(cards):
        left = MARGIN + i * (card_width + MARGIN)
        # The back colour as a band along the top, not a frame around the gem: a green frame
        # round a sapphire read as an emerald at a glance.
        draw.rounded_rectangle([left, MARGIN, left + card_width, CARD_BAND - MARGIN], radius=14,
                               fill=(30, 31, 34), outline=(88, 90, 97), width=2)
        draw.rounded_rectangle([left, MARGIN, left + card_width, MARGIN + 14], radius=7,
                               fill=BACK_COLOURS[card["back"]])
        cx, cy = left + card_width / 2, MARGIN + 14 + (CARD_BAND - 2 * MARGIN - 14) * 0.4
        paste_centred(image, sprite(card["kind"], length_of(card["size"]), 0), cx, cy)
        _stars(draw, cx, CARD_BAND - MARGIN - 24, card["stars"])
    draw.line([(MARGIN, CARD_BAND), (WIDTH - MARGIN, CARD_BAND)], fill=(80, 82, 88), width=2)
    for (kind, length, label), (x, y, angle, label_x, label_y) in zip(pool, spots, strict=True):
        paste_centred(image, sprite(kind, length, angle), x, y)
        draw.text((label_x, label_y), label, font=font(LABEL, "bold"), fill=TEXT, anchor="mm")
    return image


def round_png(view: dict[str, Any]) -> bytes:
    """The round's picture as PNG bytes (full colour: a palette would blur the size steps)."""
    return png(round_picture(view))
