"""A gem as drawn, and gems laid out in passes of a random order (`shelve`): shared by the round
picture and the look-closer picture. A gem of a given length is drawn at four times the
resolution and averaged down (Image.reduce keeps the covered area exact), so its anti-aliased
area is faithful: sizes 6 % apart in length differ by 12.4 % in area at the final resolution."""

from __future__ import annotations

import math
import random
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.gke.shapes import COLOURS, OUTLINES

SUPER = 4  # drawn at 4× and averaged down
Box = tuple[float, float, float, float]
# A gem's centre, its turn in degrees, and its label's centre.
Spot = tuple[float, float, int, float, float]


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


def paste_centred(image: Image.Image, gem: Image.Image, x: float, y: float) -> None:
    """Lay a gem's sprite on `image` with its centre at (x, y)."""
    image.paste(gem, (round(x - gem.width / 2), round(y - gem.height / 2)), gem)


@lru_cache(maxsize=4096)
def extent(kind: str, length: float, angle: int) -> Box:
    """The turned outline's bounds (left, top, right, bottom) around its centre, in px."""
    turn = math.radians(angle)
    cos, sin = math.cos(turn), math.sin(turn)
    xs = [length * (x * cos - y * sin) for x, y in OUTLINES[kind]]
    ys = [length * (x * sin + y * cos) for x, y in OUTLINES[kind]]
    return min(xs), min(ys), max(xs), max(ys)


def shelve(items: list[tuple[str, float, float]], width: float, top: float, label_height: float,
           rng: random.Random, *, pad: float, gap: float, row_gap: float, margin: float,
           min_bottom: float = 0.0) -> tuple[list[Spot], float]:
    """Spots for (kind, length, label width) items in the order given (shuffled by the
    caller), each a gem turned at random with its label `gap` under its turned outline, in
    passes across a `width` wide area from `top`: each pass takes as many as fit, spread over
    the width by random shares of the room left, and each settles as high as the passes
    before leave room (a skyline), `row_gap` under them; the passes spread down to
    `min_bottom` by random shares too. Returns the spots and the bottom they reach.

    Denser than scattering them (about two thirds of the area is gems and labels, against a
    half), so the whole pool reads at Discord's inline size; the order is random, so where a
    gem lies still says nothing of its size (tests/bot/games/gke/test_picture.py)."""
    boxes = []
    for kind, length, label_width in items:
        angle = rng.randrange(360)
        left, up, right, down = extent(kind, length, angle)
        boxes.append((angle, left, up, right, down, max(right - left, label_width) + 2 * pad,
                      down - up + gap + label_height + 2 * pad))
    room = width - 2 * margin
    # As many passes as the widths need, each about as full as the others: a last pass of a
    # few would only add a row of its own.
    total = sum(box[5] for box in boxes)
    count = max(1, math.ceil(total / room))
    passes: list[list[int]] = [[]]
    used = done = 0.0
    for index, box in enumerate(boxes):
        if passes[-1] and (used + box[5] > room or (
                len(passes) < count and done + box[5] / 2 > total * len(passes) / count)):
            passes.append([])
            used = 0.0
        passes[-1].append(index)
        used += box[5]
        done += box[5]
    columns = [top] * (math.ceil(width) + 1)  # how far down each pixel column is taken
    placed: list[tuple[int, float, float]] = []  # (item, left, top) before spreading
    for number, row in enumerate(passes):
        spare = room - sum(boxes[i][5] for i in row)
        if number and spare > room / 2:  # a thin last pass: into the lowest gaps instead
            settled = _into_gaps(row, boxes, columns, margin, room, row_gap, rng)
        else:
            settled = []  # each rests on the passes before this one, never on its neighbours
            acrosses = _shares(spare, len(row) + 1, rng)
            x = margin + acrosses[0]
            for index, after in zip(row, acrosses[1:], strict=True):
                span = range(int(x), min(len(columns), math.ceil(x + boxes[index][5])))
                settled.append((index, x, span,
                                max(columns[c] for c in span) + (row_gap if number else 0)))
                x += boxes[index][5] + after
        for index, x, span, box_top in settled:
            for c in span:
                columns[c] = max(columns[c], box_top + boxes[index][6])
            placed.append((index, x, box_top))
    bottom = max(columns)
    downs = _shares(max(0.0, min_bottom - bottom), len(passes) + 1, rng)
    shift = {i: sum(downs[:number + 1]) for number, row in enumerate(passes) for i in row}
    spots: list[Spot | None] = [None] * len(boxes)
    for index, x, box_top in placed:
        angle, left, up, right, down, box_width, _ = boxes[index]
        cx = x + box_width / 2 - (left + right) / 2
        cy = box_top + shift[index] + pad - up
        spots[index] = (cx, cy, angle, cx + (left + right) / 2,
                        cy + down + gap + label_height / 2)
    return [s for s in spots if s is not None], bottom + sum(downs)
def _into_gaps(row: list[int], boxes: list[tuple[float, ...]], columns: list[float],
               margin: float, room: float, row_gap: float, rng: random.Random
               ) -> list[tuple[int, float, range, float]]:
    """Each of a thin pass's items where it rests highest, of a few random places along the
    width (its own neighbours in the pass kept apart)."""
    settled: list[tuple[int, float, range, float]] = []
    for index in row:
        width = boxes[index][5]
        best: tuple[float, float, range] | None = None
        for _ in range(40):
            x = rng.uniform(margin, margin + room - width)
            span = range(int(x), min(len(columns), math.ceil(x + width)))
            if any(s.start < span.stop and span.start < s.stop for _, _, s, _ in settled):
                continue
            top = max(columns[c] for c in span) + row_gap
            if best is None or top < best[0]:
                best = (top, x, span)
        if best is None:  # no room beside the others: under the lowest of them
            x = margin + rng.uniform(0, room - width)
            span = range(int(x), min(len(columns), math.ceil(x + width)))
            below = [t + boxes[i][6] for i, _, s, t in settled
                     if s.start < span.stop and span.start < s.stop]
            best = (max([max(columns[c] for c in span), *below]) + row_gap, x, span)
        settled.append((index, best[1], best[2], best[0]))
    return settled


def _shares(total: float, count: int, rng: random.Random) -> list[float]:
    """`total` cut into `count` random shares (none far from an even one)."""
    weights = [0.4 + rng.random() for _ in range(count)]
    scale = total / sum(weights)
    return [w * scale for w in weights]
