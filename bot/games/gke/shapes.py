"""The nine gem kinds as outlines (GKE-7): each a distinct shape and colour, so no kind depends
on colour alone. An outline is a polygon in units of the gem's length (its longest extent, 1.0),
centred on the origin; the facets are drawn from it."""

from __future__ import annotations

import math

Point = tuple[float, float]


def _ellipse(width: float, height: float, steps: int = 64) -> list[Point]:
    return [(width / 2 * math.cos(2 * math.pi * i / steps),
             height / 2 * math.sin(2 * math.pi * i / steps)) for i in range(steps)]


def _octagon(width: float, height: float, cut: float) -> list[Point]:
    w, h = width / 2, height / 2
    return [(-w + cut, -h), (w - cut, -h), (w, -h + cut), (w, h - cut), (w - cut, h),
            (-w + cut, h), (-w, h - cut), (-w, -h + cut)]


def _pear(steps: int = 64) -> list[Point]:
    # A drop: round at one end, pointed at the other (x from −0.5 to 0.5).
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 0.5 * math.cos(t)
        y = 0.34 * math.sin(t) * (0.5 + 0.5 * math.cos(t)) ** 0.8 * 1.45
        points.append((x, y))
    return points


def _heart(steps: int = 72) -> list[Point]:
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        raw.append((16 * math.sin(t) ** 3,
                    -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t)
                      - math.cos(4 * t))))
    return _normalised(raw)


def _marquise(steps: int = 64) -> list[Point]:
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 0.5 * math.cos(t)
        y = 0.24 * math.sin(t) * (1 - abs(math.cos(t)) ** 3) ** 0.5 * 1.2
        points.append((x, y))
    return points


def _cushion(steps: int = 64, power: float = 4.0) -> list[Point]:
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        c, s = math.cos(t), math.sin(t)
        points.append((0.5 * math.copysign(abs(c) ** (2 / power), c),
                       0.44 * math.copysign(abs(s) ** (2 / power), s)))
    return points


def _normalised(raw: list[Point]) -> list[Point]:
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return [((x - cx) / span, (y - cy) / span) for x, y in raw]


OUTLINES: dict[str, list[Point]] = {
    "ruby": _ellipse(1.0, 1.0),
    "emerald": _octagon(1.0, 0.72, 0.16),
    "sapphire": _ellipse(1.0, 0.7),
    "topaz": _normalised(_pear()),
    "amethyst": _heart(),
    "aquamarine": _marquise(),
    "citrine": _normalised([(0.0, -0.5), (0.5, 0.366), (-0.5, 0.366)]),
    "rose_quartz": _cushion(),
    "diamond": _normalised([(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]),
}
COLOURS: dict[str, tuple[int, int, int]] = {
    "ruby": (214, 38, 56), "emerald": (36, 168, 92), "sapphire": (46, 96, 214),
    "topaz": (236, 196, 40), "amethyst": (146, 72, 196), "aquamarine": (60, 206, 200),
    "citrine": (240, 128, 30), "rose_quartz": (244, 150, 186), "diamond": (232, 236, 240)}
