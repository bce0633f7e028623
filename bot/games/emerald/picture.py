"""The board as a picture, redrawn on every change: the castle's starting spaces and the six
meadows as a row of spaces each, then a row per cave with its rail, the dragon and its heading,
the face-up gold and gem cards with how many lie under them, then the chamber with its
treasures left and the nest, and a legend of who plays which colour.

Every knight is a disc with its colour's letter (R, B, Y, G, K) and a count where several
stand, so colour is never the only difference; gem cards differ by shape as well as colour.
Designed for a 360 px phone's 272 px message column with 18 px text (bot/core/drawing).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.core.drawing import BACKGROUND, DISPLAY_WIDTH, MUTED, TEXT, fit, font, png
from bot.core.presenter import Picture
from engine.core.i18n import current
from engine.games.emerald.board import CHAMBER, FIRST_CAVE, FIRST_MEADOW, GEM_TYPES, NEST
from engine.games.emerald.text import board
from engine.games.emerald.words import COLOUR_LETTERS, space_name

FILENAME = "emerald-board.png"
# A knight colour's disc and the ink of its letter (contrast ≥ 4.5:1 on each disc).
KNIGHT_RGB = ((200, 40, 50), (40, 90, 200), (245, 200, 40), (25, 120, 60), (18, 18, 20))
KNIGHT_INK = ((255, 255, 255), (255, 255, 255), (30, 30, 30), (255, 255, 255), (255, 255, 255))
GEM_RGB = {"ruby": (225, 45, 75), "emerald": (40, 185, 100), "garnet": (165, 70, 45),
           "turquoise": (60, 200, 215)}
GEM_SHAPES = {"ruby": "diamond", "emerald": "square", "garnet": "circle",
              "turquoise": "triangle"}
GOLD = (232, 180, 40)
CELL = (64, 66, 73)  # a space on the board, a shade lighter than the background
RAIL = (150, 155, 165)
DRAGON = (170, 30, 30)

# Drawn at 1.5 times the phone's column: 408 px, which a desktop shows pixel for pixel (up to
# 550 px) and a phone scales down to 272; twice, as the standings picture, would cost 78 % more
# pixels to draw, reduce and encode on every change.
SCALE = 1.5
WIDTH = round(DISPLAY_WIDTH * SCALE)
# Sizes at the phone's scale, in display pixels (drawn at SCALE times these).
# 18 px text: Roboto's capitals at 16 px come out a pixel lower on a phone than Discord's 16 px
# message text (tests/bot/games/emerald/test_picture.py measures both).
MARGIN, GAP, LINE, DISC, TEXT_SIZE, TREASURE = 4, 3, 27, 24, 18, 14
CAVE_LABEL, RAIL_X, DRAGON_X, GOLD_X, GEM_X, KNIGHTS_X = 6, 32, 40, 68, 124, 176


Marker = tuple[int, int]  # a colour, and how many of its knights stand on the space


def _d(value: float) -> int:
    """Display pixels in the picture's pixels."""
    return round(value * SCALE)


class _Canvas:
    """Drawing in display pixels on a picture SCALE times larger."""

    def __init__(self, height: float) -> None:
        self.image = Image.new("RGB", (WIDTH, _d(height)), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    def face(self, weight: str = "medium") -> ImageFont.FreeTypeFont:
        """The picture's text face (TEXT_SIZE at the phone's scale)."""
        return font(_d(TEXT_SIZE), weight)

    def text(self, x: float, y: float, text: str, fill: tuple[int, int, int] = TEXT,
             weight: str = "medium", anchor: str = "lm") -> None:
        """Text with its anchor at (x, y) (rendered once per text: a board repeats its labels
        and numbers on every drawing, and rendering glyphs is most of a drawing's cost)."""
        sprite, (dx, dy) = _sprite(text, fill, weight, anchor)
        self.image.paste(sprite, (_d(x) + dx, _d(y) + dy), sprite)

    def length(self, text: str, weight: str = "medium") -> float:
        """How wide `text` is, in display pixels."""
        return _length(text, weight)

    def box(self, x0: float, y0: float, x1: float, y1: float, fill: tuple[int, int, int],
            radius: float = 4, outline: tuple[int, int, int] | None = None) -> None:
        """A rounded rectangle."""
        self.draw.rounded_rectangle((_d(x0), _d(y0), _d(x1), _d(y1)), radius=_d(radius),
                                    fill=fill, outline=outline,
                                    width=_d(1.5) if outline else 0)

    def knight(self, x: float, y: float, colour: int, count: int) -> float:
        """A knight marker (disc, letter, count) with its left edge at x, centred on y; its
        width."""
        r = DISC / 2
        self.draw.ellipse((_d(x), _d(y - r), _d(x + DISC), _d(y + r)), fill=KNIGHT_RGB[colour],
                          outline=TEXT if colour == 4 else None, width=_d(1.5))
        self.text(x + r, y + 0.5, COLOUR_LETTERS[colour], KNIGHT_INK[colour], "bold", "mm")
        if count < 2:
            return DISC
        self.text(x + DISC + 1, y, str(count), TEXT, "bold")
        return DISC + 1 + self.length(str(count), "bold")

    def gem(self, x: float, y: float, gem: str, size: float = 20) -> None:
        """A gem card's symbol (its own shape and colour), top-left at (x, y)."""
        fill, shape = GEM_RGB[gem], GEM_SHAPES[gem]
        x0, y0, x1, y1, xm, ym = x, y, x + size, y + size, x + size / 2, y + size / 2
        if shape == "diamond":
            points = [(xm, y0), (x1, ym), (xm, y1), (x0, ym)]
        elif shape == "triangle":
            points = [(xm, y0), (x1, y1), (x0, y1)]
        elif shape == "square":
            points = [(x0 + 2, y0 + 2), (x1 - 2, y0 + 2), (x1 - 2, y1 - 2), (x0 + 2, y1 - 2)]
        else:
            self.draw.ellipse((_d(x0), _d(y0), _d(x1), _d(y1)), fill=fill)
            return
        self.draw.polygon([(_d(px_), _d(py_)) for px_, py_ in points], fill=fill)

    def gem_outline(self, x: float, y: float, size: float = 20) -> None:
        """An empty gem pile: a diamond's outline (an empty gold pile is a card's)."""
        xm, ym = x + size / 2, y + size / 2
        points = [(xm, y), (x + size, ym), (xm, y + size), (x, ym)]
        self.draw.polygon([(_d(a), _d(b)) for a, b in points], outline=MUTED, width=_d(1.5))

    def dragon(self, x: float, y: float, toward_chamber: bool) -> None:
        """The dragon: a red token with an arrow the way its head points (down: toward the
        chamber, as the caves are listed)."""
        self.box(x, y - 11, x + 24, y + 11, DRAGON, radius=5)
        xm = x + 12
        points = ([(xm - 7, y - 4), (xm + 7, y - 4), (xm, y + 6)] if toward_chamber
                  else [(xm - 7, y + 4), (xm + 7, y + 4), (xm, y - 6)])
        self.draw.polygon([(_d(a), _d(b)) for a, b in points], fill=TEXT)


@functools.lru_cache(maxsize=512)
def _length(text: str, weight: str) -> float:
    """How wide `text` is, in display pixels (measured once per text)."""
    return font(_d(TEXT_SIZE), weight).getlength(text) / SCALE


@functools.lru_cache(maxsize=512)
def _sprite(text: str, fill: tuple[int, int, int], weight: str,
            anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """`text` drawn on a transparent tile, and the tile's offset from the anchor point."""
    face = font(_d(TEXT_SIZE), weight)
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    tile = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (*fill, 0))
    ImageDraw.Draw(tile).text((-left, -top), text, fill=(*fill, 255), font=face, anchor=anchor)
    return tile, (left, top)


def _markers(view: dict[str, Any], space: int) -> list[Marker]:
    """The (colour, count) of the knights on a space."""
    return [(colour, row[space]) for colour, row in enumerate(view["knights"]) if row[space]]


def _marker_width(canvas: _Canvas, count: int) -> float:
    return DISC + (1 + canvas.length(str(count), "bold") if count > 1 else 0)


def _flow(canvas: _Canvas, markers: list[Marker], width: float) -> list[list[Marker]]:
    """The markers in lines no wider than `width`."""
    lines: list[list[Marker]] = [[]]
    used = 0.0
    for marker in markers:
        need = _marker_width(canvas, marker[1])
        if lines[-1] and used + GAP + need > width:
            lines.append([])
            used = 0.0
        used += (GAP if lines[-1] else 0) + need
        lines[-1].append(marker)
    return lines


def _draw_flow(canvas: _Canvas, lines: list[list[Marker]], x: float, y: float) -> None:
    for number, line in enumerate(lines):
        left = x
        for colour, count in line:
            left += canvas.knight(left, y + number * LINE, colour, count) + GAP


def _space_row(canvas: _Canvas | None, view: dict[str, Any], spaces: Sequence[int],
               top: float) -> float:
    """A row of spaces (label above, knights below); its height. Only measured if `canvas`
    is None."""
    measure = canvas or _Canvas(1)
    width = (DISPLAY_WIDTH - 2 * MARGIN - GAP * (len(spaces) - 1)) / len(spaces)
    flows = [_flow(measure, _markers(view, s), width - 6) for s in spaces]
    height = LINE + LINE * max(len(f) for f in flows) + 2
    if canvas is not None:
        for index, (space, flow) in enumerate(zip(spaces, flows, strict=True)):
            x = MARGIN + index * (width + GAP)
            canvas.box(x, top, x + width, top + height, CELL)
            canvas.text(x + 4, top + LINE / 2, space_name(space), MUTED)
            if flow[0]:
                _draw_flow(canvas, flow, x + 3, top + LINE * 1.5 - 2)
    return height


def _cave_rows(canvas: _Canvas | None, view: dict[str, Any], top: float) -> float:
    """The nine caves, a row each: name, rail, dragon, the two piles, the knights; their
    height."""
    measure = canvas or _Canvas(1)
    y = top
    rail = view["rail"]
    for cave in range(1, 10):
        space = FIRST_CAVE + cave - 1
        flow = _flow(measure, _markers(view, space), DISPLAY_WIDTH - MARGIN - KNIGHTS_X)
        height = LINE * len(flow) + 3
        if canvas is not None:
            canvas.box(MARGIN, y, DISPLAY_WIDTH - MARGIN, y + height - 2, CELL)
            mid = y + LINE / 2
            canvas.text(CAVE_LABEL, mid, space_name(space), MUTED)
            if rail <= cave <= rail + 3:  # the rail lies beside these four caves
                canvas.box(RAIL_X, y - (1 if cave > rail else -3), RAIL_X + 4,
                           y + height - (1 if cave < rail + 3 else 5), RAIL, radius=1)
            if view["dragon"] == cave:
                canvas.dragon(DRAGON_X, mid, view["heading"] == "chamber")
            _piles(canvas, view["caves"][cave - 1], mid)
            _draw_flow(canvas, flow, KNIGHTS_X, mid)
        y += height
    return y - top


def _piles(canvas: _Canvas, info: dict[str, Any], mid: float) -> None:
    """A cave's face-up gold and gem cards, and how many lie under each."""
    if info["gold"] is not None:
        canvas.box(GOLD_X, mid - 11, GOLD_X + 24, mid + 11, GOLD, radius=3)
        canvas.text(GOLD_X + 12, mid + 0.5, str(info["gold"]), (40, 30, 0), "bold", "mm")
        if info["gold_left"] > 1:
            canvas.text(GOLD_X + 27, mid, f"+{info['gold_left'] - 1}", MUTED)
    else:
        canvas.box(GOLD_X, mid - 11, GOLD_X + 24, mid + 11, CELL, radius=3, outline=MUTED)
    if info["gem"] is not None:
        canvas.gem(GEM_X, mid - 10, info["gem"])
        if info["gems_left"] > 1:
            canvas.text(GEM_X + 24, mid, f"+{info['gems_left'] - 1}", MUTED)
    else:
        canvas.gem_outline(GEM_X, mid - 10)  # unlike an empty gold pile's card outline


def _out_row(canvas: _Canvas | None, view: dict[str, Any], top: float) -> float:
    """The chamber (its treasures left as gold cups, under its name) and the nest, with their
    knights; its height."""
    measure = canvas or _Canvas(1)
    half = (DISPLAY_WIDTH - 2 * MARGIN - GAP) / 2
    cups = TREASURE * view["treasures_left"]
    cells = []
    for space in (CHAMBER, NEST):
        label = fit(space_name(space), measure.face(), (half - 8) * SCALE)
        room = half - 6 - (cups + GAP if space == CHAMBER else 0)
        flows = _flow(measure, _markers(view, space), room)
        cells.append((space, label, flows))
    height = LINE * (1 + max(1, *(len(f) for _s, _l, f in cells))) + 2
    if canvas is None:
        return height
    for index, (space, label, flows) in enumerate(cells):
        x = MARGIN + index * (half + GAP)
        canvas.box(x, top, x + half, top + height, CELL)
        canvas.text(x + 4, top + LINE / 2, label, MUTED)
        if space == CHAMBER:
            _treasures(canvas, view["treasures_left"], x + half - 4, top + LINE * 1.5 - 2)
        if flows[0]:
            _draw_flow(canvas, flows, x + 3, top + LINE * 1.5 - 2)
    return height


def _treasures(canvas: _Canvas, left: int, right: float, mid: float) -> None:
    """The chamber's treasures left, as cups ending at `right`."""
    for number in range(left):
        x = right - (number + 1) * TREASURE
        points = [(x, mid - 8), (x + 12, mid - 8), (x + 9, mid + 2), (x + 3, mid + 2)]
        canvas.draw.polygon([(_d(a), _d(b)) for a, b in points], fill=GOLD)
        canvas.box(x + 2, mid + 4, x + 10, mid + 8, GOLD, radius=1)


def _legend_entries(view: dict[str, Any], names: Sequence[str]) -> list[tuple[list[int], str, str]]:
    """Per seat: its colours, its name and (once the game is over) its total (" · 34")."""
    totals = {line["player"]: line["score"] for line in (view.get("results") or {}).get(
        "standings", [])}
    return [([c for c, owner in enumerate(view["colours"]) if owner == seat],
             names[seat] if seat < len(names) else "?",
             f" · {totals[seat]}" if seat in totals else "") for seat in range(view["players"])]


def _legend(canvas: _Canvas | None, view: dict[str, Any], names: Sequence[str],
            top: float) -> float:
    """Each player's colours and name (with the final total once the game is over), two a
    line, or one a line where a name would not fit whole beside another; its height."""
    measure = canvas or _Canvas(1)
    entries = _legend_entries(view, names)
    half = (DISPLAY_WIDTH - 2 * MARGIN) / 2
    widths = [len(colours) * (DISC + 2) + 8 + measure.length(name + total, "bold")
              for colours, name, total in entries]
    columns = 2 if max(widths) <= half - 4 else 1
    width = (DISPLAY_WIDTH - 2 * MARGIN) / columns
    rows = -(-len(entries) // columns)
    deciding = {w["seat"] for w in view["waiting_for"]}  # the mover, or a victim's owner
    if canvas is None:
        return rows * LINE + 2
    for seat, (colours, name, total) in enumerate(entries):
        x = MARGIN + (seat % columns) * width
        y = top + (seat // columns) * LINE + LINE / 2
        moving = seat in deciding
        if moving:  # whoever decides now, on a lighter field (and in bold)
            canvas.box(x, y - LINE / 2 + 1, x + width - 2, y + LINE / 2 - 1, CELL)
        left = x + 2
        for colour in colours:
            left += canvas.knight(left, y, colour, 1) + 2
        weight = "bold" if moving else "medium"
        room = (x + width - left - 6) - canvas.length(total, weight)  # the total is never cut
        canvas.text(left + 2, y, fit(name, canvas.face(weight), room * SCALE) + total, TEXT,
                    weight)
    return rows * LINE + 2


def _layout(canvas: _Canvas | None, view: dict[str, Any], names: Sequence[str]) -> float:
    """Draws (or, without a canvas, measures) the whole board; its height."""
    y = MARGIN
    y += _space_row(canvas, view, range(FIRST_MEADOW), y) + GAP
    y += _space_row(canvas, view, range(FIRST_MEADOW, FIRST_CAVE), y) + GAP
    y += _cave_rows(canvas, view, y) + GAP
    y += _out_row(canvas, view, y) + GAP
    y += _legend(canvas, view, names, y)
    return y + MARGIN


# What the picture shows of a view: a change that moves nothing drawn (a deadline, a prompt
# answered with the same board) reuses the drawing.
DRAWN = ("knights", "colours", "caves", "dragon", "heading", "rail", "treasures_left",
         "players", "waiting_for", "results")


def board_png(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """The board as a PNG (`view`: the spectator's view)."""
    return _drawn(json.dumps([{key: view.get(key) for key in DRAWN}, list(names)]), current())


@functools.lru_cache(maxsize=32)
def _drawn(shown: str, language: str) -> bytes:
    """The PNG of a board, by what it shows (JSON of the drawn parts of a view, and names) in
    `language` (the current one: the spaces' names are translated)."""
    view, names = json.loads(shown)
    canvas = _Canvas(_layout(None, view, names))
    _layout(canvas, view, names)
    return png(canvas.image, colours=64)


def board_picture(view: dict[str, Any], names: Sequence[str]) -> Picture:
    """The board, with the text board as its description for screen readers."""
    return Picture(FILENAME, board_png(view, names), description=board(view, names)[:1024])


assert len(GEM_TYPES) == len(GEM_RGB) == len(GEM_SHAPES)
