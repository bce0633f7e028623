"""The round's picture (GKE-4, GKE-9): the three cards' gems and the whole pool drawn at ONE
scale, every gem rotated and placed at random without overlap, each with its label, so sizes can
be judged by eye. Sizes are faithful: a gem of size n is 1.06^(n−1) times as long as size 1,
drawn at four times the resolution and averaged down, so the anti-aliased area steps are real.

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
from bot.games.gke.shapes import COLOURS, OUTLINES

WIDTH = 540
BASE = 38  # px: the length of a size-1 gem (size 9: 61 px)
SUPER = 4  # drawn at 4× and averaged down (Image.reduce keeps the covered area exact)
LABEL = 26  # px: label text (its capital ≈ 18 px, 12 px on a phone's full screen)
LABEL_HEIGHT = 24
MARGIN = 12
CARD_BAND = 178
BACK_COLOURS = {"pink": (236, 112, 170), "blue": (70, 130, 230), "green": (60, 180, 90)}


def length_of(size: int) -> float:
    """A gem's drawn length in pixels (GKE-2: 6 % per size)."""
    return BASE * 1.06 ** (size - 1)


def length_from_drawn(drawn: float) -> float:
    """The pixel length of a view's `drawn` size (size 1 = 1.0)."""
    return BASE * drawn


def _shade(colour: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    if factor >= 1:
        return tuple(round(c + (255 - c) * (factor - 1)) for c in colour)  # type: ignore[return-value]
    return tuple(round(c * factor) for c in colour)  # type: ignore[return-value]


@lru_cache(maxsize=2048)
def sprite(kind: str, length: float, angle: int) -> Image.Image:
    """One gem, `length` px long, turned by `angle` degrees, on a transparent square."""
    side = math.ceil(length * 1.2) + 4
    big = side * SUPER
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    turn = math.radians(angle)
    cos, sin = math.cos(turn), math.sin(turn)

    def place(points: list[tuple[float, float]], scale: float = 1.0) -> list[tuple[float, float]]:
        unit = length * SUPER * scale
        return [(big / 2 + unit * (x * cos - y * sin), big / 2 + unit * (x * sin + y * cos))
                for x, y in points]

    colour = COLOURS[kind]
    outline = OUTLINES[kind]
    outer = place(outline)
    inner = place(outline, 0.52)
    draw.polygon(outer, fill=(*colour, 255))
    # Facets: the crown's lines from the table to the girdle, and the table lighter.
    step = max(1, len(outline) // 8)
    edge = (*_shade(colour, 0.62), 255)
    for i in range(0, len(outline), step):
        draw.line([inner[i], outer[i]], fill=edge, width=SUPER)
    draw.polygon(inner, fill=(*_shade(colour, 1.35), 255), outline=edge, width=SUPER)
    draw.polygon(outer, outline=(*_shade(colour, 0.5), 255), width=SUPER)
    return image.reduce(SUPER)


def _stars(draw: ImageDraw.ImageDraw, x: float, y: float, count: int) -> None:
    radius, gap = 11, 26
    left = x - gap * (count - 1) / 2
    for n in range(count):
        cx = left + gap * n
        points = [(cx + radius * (1 if i % 2 == 0 else 0.45) * math.sin(math.pi * i / 5),
                   y - radius * (1 if i % 2 == 0 else 0.45) * math.cos(math.pi * i / 5))
                  for i in range(10)]
        draw.polygon(points, fill=(250, 210, 70))


def _draw_label(draw: ImageDraw.ImageDraw, x: float, y: float, text: str) -> None:
    draw.text((x, y), text, font=font(LABEL, "bold"), fill=TEXT, anchor="mm")


def reach(kind: str) -> float:
    """How far a gem's outline reaches from its centre, in lengths (any rotation)."""
    return max(math.hypot(x, y) for x, y in OUTLINES[kind])


Box = tuple[float, float, float, float]


def _item_box(x: float, y: float, radius: float, half_label: float) -> Box:
    half = max(radius, half_label)
    return x - half, y - radius, x + half, y + radius + LABEL_HEIGHT


def _place(gems: list[tuple[str, float, str]], top: int, rng: random.Random
           ) -> tuple[list[tuple[float, float, int]], int]:
    """Random spots (centre x, centre y, angle) where no gem or label overlaps another; the
    bottom they reach. Rejection sampling, in a taller area whenever a gem finds no room."""
    face = font(LABEL, "bold")
    sizes = [(reach(kind) * length + 3, face.getlength(label) / 2 + 4)
             for kind, length, label in gems]
    area = sum((2 * max(r, h)) * (2 * r + LABEL_HEIGHT) for r, h in sizes)
    height = area / (WIDTH - 2 * MARGIN) * 1.3
    while True:
        spots = _try_place(sizes, top, height, rng)
        if spots is not None:
            return spots, round(top + height)
        # Crowded: start again in a taller area. Growing only where the last gems go would
        # put the big ones, which find room last, at the bottom: position would hint size.
        height *= 1.06


def _try_place(sizes: list[tuple[float, float]], top: int, height: float, rng: random.Random
               ) -> list[tuple[float, float, int]] | None:
    spots: list[tuple[float, float, int]] = []
    grid: dict[tuple[int, int], list[Box]] = {}  # boxes by the 64 px cells they touch
    for radius, half_label in sizes:
        half = max(radius, half_label)
        for _attempt in range(200):
            x = rng.uniform(MARGIN + half, WIDTH - MARGIN - half)
            y = rng.uniform(top + radius, top + height - radius - LABEL_HEIGHT)
            box = _item_box(x, y, radius, half_label)
            cells = _cells(box)
            if not any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
                       for cell in cells for b in grid.get(cell, ())):
                break
        else:
            return None
        spots.append((x, y, rng.randrange(360)))
        for cell in cells:
            grid.setdefault(cell, []).append(box)
    return spots


def _cells(box: Box) -> list[tuple[int, int]]:
    return [(cx, cy) for cx in range(int(box[0]) // 64, int(box[2]) // 64 + 1)
            for cy in range(int(box[1]) // 64, int(box[3]) // 64 + 1)]


def round_picture(view: dict[str, Any]) -> Image.Image:
    """The round's cards and pool as one picture (a view of any seat or a spectator's)."""
    cards = [c for c in view["cards"] if c is not None]
    # Placement and turns are drawn from the round's labels: random, and the same picture
    # every time this round is drawn.
    rng = random.Random("gke-picture:" + ",".join(g["label"] for g in view["pool"]))
    pool = [(g["kind"], length_from_drawn(g["drawn"]), g["label"]) for g in view["pool"]]
    # Placed in a random order: placing the largest first would pack tighter, but the late,
    # small ones would gather where room is left (the bottom) and position would hint size.
    rng.shuffle(pool)
    spots, bottom = _place(pool, CARD_BAND + MARGIN, rng)
    image = Image.new("RGB", (WIDTH, bottom + MARGIN), BACKGROUND)
    draw = ImageDraw.Draw(image)
    card_width = (WIDTH - 4 * MARGIN) / 3
    for i, card in enumerate(cards):
        left = MARGIN + i * (card_width + MARGIN)
        draw.rounded_rectangle([left, MARGIN, left + card_width, CARD_BAND - MARGIN], radius=14,
                               fill=(30, 31, 34), outline=BACK_COLOURS[card["back"]], width=5)
        gem = sprite(card["kind"], length_of(card["size"]), 0)
        cx, cy = left + card_width / 2, MARGIN + (CARD_BAND - 2 * MARGIN) * 0.4
        image.paste(gem, (round(cx - gem.width / 2), round(cy - gem.height / 2)), gem)
        _stars(draw, cx, CARD_BAND - MARGIN - 24, card["stars"])
    draw.line([(MARGIN, CARD_BAND), (WIDTH - MARGIN, CARD_BAND)], fill=(80, 82, 88), width=2)
    for (kind, length, _), (x, y, angle) in zip(pool, spots, strict=True):
        gem = sprite(kind, length, angle)
        image.paste(gem, (round(x - gem.width / 2), round(y - gem.height / 2)), gem)
    for (kind, length, label), (x, y, _) in zip(pool, spots, strict=True):
        _draw_label(draw, x, y + reach(kind) * length + 3 + LABEL_HEIGHT / 2, label)
    return image


def round_png(view: dict[str, Any]) -> bytes:
    """The round's picture as PNG bytes (full colour: a palette would blur the size steps)."""
    return png(round_picture(view))
