"""A gem as drawn, and gems laid out at random: in passes of a random order (`shelve`) or
scattered (`scatter`). A gem of a given length is drawn at four times the resolution and averaged
down (Image.reduce keeps the covered area exact), so its anti-aliased area is faithful: sizes
6 % apart in length differ by 12.4 % in area at the final resolution."""

from __future__ import annotations

import math
import random
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.gke.shapes import COLOURS, OUTLINES

SUPER = 4  # drawn at 4× and averaged down
MARGIN = 12
Box = tuple[float, float, float, float]
# A gem's centre, its turn in degrees, and its label's centre.
Spot = tuple[float, float, int, float, float]
GAP = 4  # px from a gem's turned outline down to its label
PAD = 7  # px kept free around every gem and label, so a label sits nearer its own gem


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


def reach(kind: str) -> float:
    """How far a gem's outline reaches from its centre, in lengths (any rotation)."""
    return max(math.hypot(x, y) for x, y in OUTLINES[kind])


@lru_cache(maxsize=4096)
def extent(kind: str, length: float, angle: int) -> Box:
    """The turned outline's bounds (left, top, right, bottom) around its centre, in px."""
    turn = math.radians(angle)
    cos, sin = math.cos(turn), math.sin(turn)
    xs = [length * (x * cos - y * sin) for x, y in OUTLINES[kind]]
    ys = [length * (x * sin + y * cos) for x, y in OUTLINES[kind]]
    return min(xs), min(ys), max(xs), max(ys)


def scatter(items: list[tuple[str, float, float]], width: int, top: float, label_height: int,
            rng: random.Random, slack: float) -> tuple[list[Spot], int]:
    """Random spots for (kind, length, label width) items, each a gem turned at random with
    its label a fixed gap under its turned outline, none within PAD of another, in a `width`
    wide area from `top` down; and the bottom they reach. The label's distance from the gem is
    the same for every gem, so it is no ruler: only the drawn gem tells its size.

    Rejection sampling in an area `slack` times the items' own, started again taller whenever
    one finds no room (growing only where the last ones go would put the big ones, which find
    room last, at the bottom: position would hint size)."""
    area = sum((length + 2 * PAD) * (length + GAP + label_height + 2 * PAD)
               for _, length, _ in items)
    height = area / (width - 2 * MARGIN) * slack
    while True:
        spots = _try(items, width, top, height, label_height, rng)
        if spots is not None:
            return spots, round(top + height)
        height *= 1.06


def _try(items: list[tuple[str, float, float]], width: int, top: float, height: float,
         label_height: int, rng: random.Random) -> list[Spot] | None:
    spots: list[Spot] = []
    grid: dict[tuple[int, int], list[Box]] = {}  # boxes by the 64 px cells they touch
    for kind, length, label_width in items:
        angle = rng.randrange(360)
        left, up, right, down = extent(kind, length, angle)
        middle = (left + right) / 2
        half = max(right - left, label_width) / 2 + PAD
        below = down + GAP + label_height + PAD
        for _attempt in range(200):
            x = rng.uniform(MARGIN + half - middle, width - MARGIN - half - middle)
            y = rng.uniform(top - up + PAD, top + height - below)
            box = (x + middle - half, y + up - PAD, x + middle + half, y + below)
            cells = _cells(box)
            if not any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
                       for cell in cells for b in grid.get(cell, ())):
                break
        else:
            return None
        spots.append((x, y, angle, x + middle, y + down + GAP + label_height / 2))
        for cell in cells:
            grid.setdefault(cell, []).append(box)
    return spots


def _cells(box: Box) -> list[tuple[int, int]]:
    return [(cx, cy) for cx in range(int(box[0]) // 64, int(box[2]) // 64 + 1)
            for cy in range(int(box[1]) // 64, int(box[3]) // 64 + 1)]


def shelve(items: list[tuple[str, float, float]], width: float, top: float, label_height: float,
           rng: random.Random, *, pad: float, gap: float, row_gap: float, margin: float,
           min_bottom: float = 0.0) -> tuple[list[Spot], float]:
    """Spots for (kind, length, label width) items in the order given (shuffled by the
    caller), each a gem turned at random with its label `gap` under its turned outline, in
    passes across a `width` wide area from `top`: each pass takes as many as fit, spread over
    the width by random shares of the room left, and each settles as high as the passes
    before leave room (a skyline), `row_gap` under them; the passes spread down to
    `min_bottom` by random shares too. Returns the spots and the bottom they reach.

    Denser than scattering (about two thirds of the area is gems and labels, against a
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
