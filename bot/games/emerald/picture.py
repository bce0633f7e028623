"""The board as a picture, redrawn on every change, laid out as the track the knights walk: the
castle's starting spaces and the six meadows in a row along the top; under them the nine caves,
each with its face-up gold and gem card and how many lie under them, ending in the treasure
chamber with its treasures left; under the caves the rail beside the four caves it lies
along, with the dragon on it and an arrow the way it heads (left: toward the castle, right:
toward the chamber); and along the bottom the nest and a legend of who plays which colour.

Every knight is a disc with its colour's letter (R, B, Y, G, K) and a count where several
stand, so colour is never the only difference; gem cards differ by shape as well as colour.
Designed for Discord's inline box (bot/core/drawing.py): landscape, 330 design pixels across,
text with an 8.5 px capital, knights 12.5 px across; drawn at 2.5 times that (825 px, which
a desktop shows at two thirds), not three: it is redrawn and uploaded on every change.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

from bot.core.drawing import INLINE_WIDTH, MUTED, TEXT, Canvas, Layout, png
from bot.core.presenter import Picture
from bot.games.emerald.catalog import pgettext
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
CASTLE = (74, 70, 84)  # the castle's starting spaces, apart from the meadows
RAIL = (165, 170, 180)
DRAGON = (180, 30, 30)

SCALE = 2.5
# Sizes in design pixels (bot/core/drawing.py).
MARGIN, GAP, LINE, DISC, TEXT_SIZE, LETTER = 4, 1.5, 15, 12.5, 12, 11.5
LABEL_LINE = 14  # a space's name, along its top
CARD_LINE = 16  # a cave's gold card, or its gem card
CHAMBER_WIDTH = 53
NEST_WIDTH = 74
RAIL_ROW, RAIL_WIDTH = 16, 3.5
KNIGHT_LINES = 2  # lines kept for knights in a row of spaces: the board keeps its size
TREASURE = 9

Marker = tuple[int, int]  # a colour, and how many of its knights stand on the space


def _markers(view: dict[str, Any], space: int) -> list[Marker]:
    """The (colour, count) of the knights on a space."""
    return [(colour, row[space]) for colour, row in enumerate(view["knights"]) if row[space]]


def _marker_width(canvas: Canvas, count: int) -> float:
    return DISC + (1 + canvas.length(str(count), TEXT_SIZE, "bold") if count > 1 else 0)


def _flow(canvas: Canvas, markers: list[Marker], width: float) -> list[list[Marker]]:
    """The markers in lines no wider than `width`."""
    lines: list[list[Marker]] = [[]]
    used = 0.0
    for marker in markers:
        need = _marker_width(canvas, marker[1])
        if lines[-1] and used + 1 + need > width:
            lines.append([])
            used = 0.0
        used += (1 if lines[-1] else 0) + need
        lines[-1].append(marker)
    return lines


def _knight(canvas: Canvas, x: float, y: float, colour: int, count: int) -> float:
    """A knight marker (disc, letter, count) with its left edge at x, centred on y; its
    width."""
    r = DISC / 2
    canvas.ellipse(x, y - r, x + DISC, y + r, KNIGHT_RGB[colour],
                   outline=TEXT if colour == 4 else None, width=0.8)
    canvas.mark("knight", (x, y - r, x + DISC, y + r), DISC)
    canvas.text(x + r, y + 0.3, COLOUR_LETTERS[colour], LETTER, KNIGHT_INK[colour], "bold", "mm")
    if count < 2:
        return DISC
    canvas.text(x + DISC + 1, y, str(count), TEXT_SIZE, TEXT, "bold")
    return _marker_width(canvas, count)


def _draw_flow(canvas: Canvas, lines: list[list[Marker]], x: float, y: float) -> None:
    """Knight markers line by line from (x, the first line's middle y)."""
    for number, line in enumerate(lines):
        left = x
        for colour, count in line:
            left += _knight(canvas, left, y + number * LINE, colour, count) + 1


def _cells(widths: Sequence[float], left: float) -> list[float]:
    """The left edges of cells of these widths side by side from `left`."""
    edges, x = [], left
    for width in widths:
        edges.append(x)
        x += width + GAP
    return edges


def _path_row(canvas: Canvas, view: dict[str, Any], top: float, draw: bool) -> float:
    """The castle's starting spaces and the meadows; the row's height."""
    spaces = list(range(FIRST_CAVE))  # T1–T4 and the hall, then M1–M6
    width = (INLINE_WIDTH - 2 * MARGIN - GAP * (len(spaces) - 1) - 2) / len(spaces)
    flows = [_flow(canvas, _markers(view, s), width - 1) for s in spaces]
    height = LABEL_LINE + LINE * max(KNIGHT_LINES, *(len(f) for f in flows)) + 2
    if draw:
        for space, flow in zip(spaces, flows, strict=True):
            # A little more room between the castle and the first meadow.
            x = MARGIN + space * (width + GAP) + (2 if space >= FIRST_MEADOW else 0)
            canvas.box(x, top, x + width, top + height, CASTLE if space < FIRST_MEADOW else CELL)
            canvas.text(x + 2.5, top + LABEL_LINE / 2 + 0.5, space_name(space), TEXT_SIZE, MUTED)
            if flow[0]:
                _draw_flow(canvas, flow, x + 0.5, top + LABEL_LINE + LINE / 2)
    return height


def _cave_row(canvas: Canvas, view: dict[str, Any], top: float, draw: bool) -> float:
    """The nine caves (name, gold card, gem card, knights) and the chamber; the height."""
    width = (INLINE_WIDTH - 2 * MARGIN - CHAMBER_WIDTH - 9 * GAP) / 9
    caves = list(range(FIRST_CAVE, CHAMBER))
    flows = [_flow(canvas, _markers(view, s), width - 1) for s in caves]
    cups = TREASURE * view["treasures_left"]
    chamber = _flow(canvas, _markers(view, CHAMBER), CHAMBER_WIDTH - 2)
    knights = max(KNIGHT_LINES, *(len(f) for f in flows), len(chamber))
    height = LABEL_LINE + 2 * CARD_LINE + LINE * knights + 2
    if not draw:
        return height
    for x, space, flow in zip(_cells([width] * 9, MARGIN), caves, flows, strict=True):
        canvas.box(x, top, x + width, top + height, CELL)
        canvas.text(x + 2.5, top + LABEL_LINE / 2 + 0.5, space_name(space), TEXT_SIZE, MUTED)
        _piles(canvas, view["caves"][space - FIRST_CAVE], x + 1.5, top + LABEL_LINE)
        if flow[0]:
            _draw_flow(canvas, flow, x + 0.5, top + LABEL_LINE + 2 * CARD_LINE + LINE / 2)
    x = INLINE_WIDTH - MARGIN - CHAMBER_WIDTH
    canvas.box(x, top, x + CHAMBER_WIDTH, top + height, CELL)
    # Translators: the treasure chamber, as short as it goes (the picture's narrowest cell)
    label = canvas.fit(pgettext("board picture", "chamber"), TEXT_SIZE, CHAMBER_WIDTH - 4)
    canvas.text(x + 2.5, top + LABEL_LINE / 2 + 0.5, label, TEXT_SIZE, MUTED)
    _treasures(canvas, view["treasures_left"], x + CHAMBER_WIDTH / 2 - cups / 2,
               top + LABEL_LINE + CARD_LINE / 2)
    if chamber[0]:
        _draw_flow(canvas, chamber, x + 1, top + LABEL_LINE + 2 * CARD_LINE + LINE / 2)
    return height


def _piles(canvas: Canvas, info: dict[str, Any], x: float, top: float) -> None:
    """A cave's face-up gold card and gem card, a line each, and how many lie under each."""
    mid = top + CARD_LINE / 2
    if info["gold"] is not None:
        canvas.box(x, mid - 6.5, x + 11, mid + 6.5, GOLD, radius=2)
        canvas.text(x + 5.5, mid + 0.3, str(info["gold"]), TEXT_SIZE, (40, 30, 0), "bold", "mm")
        if info["gold_left"] > 1:
            canvas.text(x + 12.5, mid, f"+{info['gold_left'] - 1}", TEXT_SIZE, MUTED)
    else:  # an empty gold pile: a card's outline
        canvas.box(x, mid - 6.5, x + 11, mid + 6.5, None, radius=2, outline=MUTED, width=0.8)
    canvas.mark("gold card", (x, mid - 6.5, x + 11, mid + 6.5), 13)
    mid += CARD_LINE
    if info["gem"] is not None:
        _gem(canvas, x - 0.5, mid - 6, info["gem"], 12)
        if info["gems_left"] > 1:
            canvas.text(x + 12.5, mid, f"+{info['gems_left'] - 1}", TEXT_SIZE, MUTED)
    else:  # an empty gem pile: a diamond's outline, unlike an empty gold pile's card
        xm = x + 5.5
        canvas.polygon([(xm, mid - 6), (xm + 6, mid), (xm, mid + 6), (xm - 6, mid)], None,
                       outline=MUTED, width=0.8)
    canvas.mark("gem card", (x - 0.5, mid - 6, x + 11.5, mid + 6), 12)


def _gem(canvas: Canvas, x: float, y: float, gem: str, size: float) -> None:
    """A gem card's symbol (its own shape and colour), top-left at (x, y)."""
    fill, shape = GEM_RGB[gem], GEM_SHAPES[gem]
    x0, y0, x1, y1, xm, ym = x, y, x + size, y + size, x + size / 2, y + size / 2
    if shape == "circle":
        canvas.ellipse(x0 + 0.5, y0 + 0.5, x1 - 0.5, y1 - 0.5, fill)
        return
    points = {"diamond": [(xm, y0), (x1, ym), (xm, y1), (x0, ym)],
              "triangle": [(xm, y0), (x1, y1), (x0, y1)],
              "square": [(x0 + 1.5, y0 + 1.5), (x1 - 1.5, y0 + 1.5), (x1 - 1.5, y1 - 1.5),
                         (x0 + 1.5, y1 - 1.5)]}[shape]
    canvas.polygon(points, fill)


def _treasures(canvas: Canvas, left: int, x: float, mid: float) -> None:
    """The chamber's treasures left, as gold cups from `x`."""
    for number in range(left):
        cx = x + number * TREASURE
        canvas.polygon([(cx, mid - 5), (cx + 8, mid - 5), (cx + 6, mid + 1.5), (cx + 2, mid + 1.5)],
                       GOLD)
        canvas.box(cx + 1.5, mid + 3, cx + 6.5, mid + 5.5, GOLD, radius=0.5)
        canvas.mark("treasure", (cx, mid - 5, cx + 8, mid + 5.5), 10.5)


def _rail_row(canvas: Canvas, view: dict[str, Any], top: float) -> None:
    """The rail beside its four caves, and the dragon on it with its heading."""
    width = (INLINE_WIDTH - 2 * MARGIN - CHAMBER_WIDTH - 9 * GAP) / 9
    edges = _cells([width] * 9, MARGIN)
    mid = top + RAIL_ROW / 2
    first, last = edges[view["rail"] - 1], edges[view["rail"] + 2] + width
    canvas.box(first + 1, mid - RAIL_WIDTH / 2, last - 1, mid + RAIL_WIDTH / 2, RAIL, radius=1)
    canvas.mark("rail", (first + 1, mid - RAIL_WIDTH / 2, last - 1, mid + RAIL_WIDTH / 2),
                RAIL_WIDTH)
    x = edges[view["dragon"] - 1] + width / 2
    canvas.box(x - 11, mid - 6.5, x + 11, mid + 6.5, DRAGON, radius=3, outline=TEXT, width=0.6)
    canvas.mark("dragon", (x - 11, mid - 6.5, x + 11, mid + 6.5), 22)
    # The arrow the way its head points: right, toward the chamber; left, toward the castle.
    sign = 1 if view["heading"] == "chamber" else -1
    canvas.polygon([(x + 7 * sign, mid), (x - 5 * sign, mid - 5), (x - 5 * sign, mid + 5)], TEXT)
    canvas.mark("heading", (x - 5, mid - 5, x + 7, mid + 5), 12)


def _legend_entries(view: dict[str, Any], names: Sequence[str]) -> list[tuple[list[int], str, str]]:
    """Per seat: its colours, its name and (once the game is over) its total (" · 34")."""
    totals = {line["player"]: line["score"] for line in (view.get("results") or {}).get(
        "standings", [])}
    return [([c for c, owner in enumerate(view["colours"]) if owner == seat],
             names[seat] if seat < len(names) else "?",
             f" · {totals[seat]}" if seat in totals else "") for seat in range(view["players"])]


def _bottom_row(canvas: Canvas, view: dict[str, Any], names: Sequence[str], top: float,
                draw: bool) -> float:
    """The nest with its knights, and each player's colours and name (with the final total
    once the game is over) two a line; whoever decides now on a lighter field, in bold. Its
    height."""
    nest = _flow(canvas, _markers(view, NEST), NEST_WIDTH - 2)
    entries = _legend_entries(view, names)
    rows = -(-len(entries) // 2)
    height = max(LABEL_LINE + LINE * max(1, len(nest)) + 2, rows * LINE + 2)
    if not draw:
        return height
    canvas.box(MARGIN, top, MARGIN + NEST_WIDTH, top + height, CELL)
    canvas.text(MARGIN + 2.5, top + LABEL_LINE / 2 + 0.5,
                canvas.fit(space_name(NEST), TEXT_SIZE, NEST_WIDTH - 4), TEXT_SIZE, MUTED)
    if nest[0]:
        _draw_flow(canvas, nest, MARGIN + 1, top + LABEL_LINE + LINE / 2)
    left = MARGIN + NEST_WIDTH + GAP + 2
    width = (INLINE_WIDTH - MARGIN - left) / 2
    deciding = {w["seat"] for w in view["waiting_for"]}  # the mover, or a victim's owner
    for seat, (colours, name, total) in enumerate(entries):
        x = left + (seat % 2) * width
        y = top + (seat // 2) * LINE + LINE / 2 + 1
        moving = seat in deciding
        if moving:
            canvas.box(x - 1, y - LINE / 2 + 0.5, x + width - 1.5, y + LINE / 2 - 0.5, CELL)
        at = x
        for colour in colours:
            at += _knight(canvas, at, y, colour, 1) + 1
        weight = "bold" if moving else "medium"
        room = x + width - at - 4 - canvas.length(total, TEXT_SIZE, weight)  # never cut
        canvas.text(at + 1.5, y, canvas.fit(name, TEXT_SIZE, room, weight) + total, TEXT_SIZE,
                    TEXT, weight)
    return height


def _board(canvas: Canvas, view: dict[str, Any], names: Sequence[str], draw: bool) -> float:
    """Draws (or only measures) the whole board; its height."""
    y = MARGIN
    y += _path_row(canvas, view, y, draw) + GAP + 3
    y += _cave_row(canvas, view, y, draw)
    if draw:
        _rail_row(canvas, view, y)
    y += RAIL_ROW
    y += _bottom_row(canvas, view, names, y, draw)
    return y + MARGIN


def board_drawing(view: dict[str, Any], names: Sequence[str]) -> tuple[Canvas, Layout]:
    """The board drawn (`view`: the spectator's view), and what it drew."""
    canvas = Canvas(INLINE_WIDTH, _board(Canvas(1, 1, SCALE), view, names, False), SCALE)
    _board(canvas, view, names, True)
    return canvas, canvas.layout


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
    canvas, _ = board_drawing(view, names)
    return png(canvas.image, colours=64)


def board_picture(view: dict[str, Any], names: Sequence[str]) -> Picture:
    """The board, with the text board as its description for screen readers."""
    return Picture(FILENAME, board_png(view, names), description=board(view, names)[:1024])


assert len(GEM_TYPES) == len(GEM_RGB) == len(GEM_SHAPES)
