"""A rendered picture of the standings: each player's money (as a bar) and gemstones, laid out
for a phone's message column and drawn at twice that width so a desktop shows it sharp.

Discord shows an attached image as wide as the message column: 272 px on a 360 px phone (360 px
less the 72 px avatar gutter and 16 px of padding), at most 550 px on a desktop. The picture is
designed at 272 px with 18 px text (Discord's message text is 16 px) and drawn at `SCALE` times
that, 544 px, so a phone shows the text at 18 px and a desktop shows the picture pixel for pixel.
The evidence is in docs/architecture.md ("The standings picture on a phone").
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from bot.core.drawing import BACKGROUND, MUTED, TEXT, WIDTH, font, px
from bot.games.esr.catalog import N_, _

GEM_RGB = [(220, 50, 60), (240, 200, 40), (40, 170, 90), (50, 110, 220)]
# The same shapes as the text's symbols (triangle, circle, square, diamond): colour is never the
# only difference between two gemstones.
SHAPES = ["triangle", "circle", "square", "diamond"]
COLOUR_NAMES = [N_("red"), N_("yellow"), N_("green"), N_("blue")]  # translated where drawn
BAR = (71, 82, 196)  # a darker blurple: white text on it keeps a contrast of 6:1

# Sizes at the phone's scale (multiplied by SCALE when drawn).
TEXT_SIZE, TITLE_SIZE = 18, 22  # Discord's message text is 16 px
MARGIN, LINE, ROW_GAP, GEM_SIZE, GEM_COLUMN = 12, 26, 10, 15, 56
NAME_LINES = 2  # a long name wraps once, then ends in "…"


def fonts() -> dict[str, ImageFont.FreeTypeFont]:
    """The font of each kind of text in the picture (the tests check their size on a phone)."""
    return {"title": font(px(TITLE_SIZE), "bold"), "name": font(px(TEXT_SIZE), "medium"),
            "money": font(px(TEXT_SIZE), "bold"), "count": font(px(TEXT_SIZE), "medium"),
            "legend": font(px(TEXT_SIZE))}


def draw_gem(draw: ImageDraw.ImageDraw, colour: int, x: int, y: int, size: int = 18) -> None:
    """One gemstone symbol with its top-left corner at (x, y)."""
    fill, shape = GEM_RGB[colour], SHAPES[colour]
    if shape == "triangle":
        draw.polygon([(x + size / 2, y), (x + size, y + size), (x, y + size)], fill=fill)
    elif shape == "circle":
        draw.ellipse((x, y, x + size, y + size), fill=fill)
    elif shape == "square":
        inset = max(1, size // 12)
        draw.rectangle((x + inset, y + inset, x + size - inset, y + size - inset), fill=fill)
    else:
        draw.polygon([(x + size / 2, y), (x + size, y + size / 2), (x + size / 2, y + size),
                      (x, y + size / 2)], fill=fill)


def _baseline(top: int, face: ImageFont.FreeTypeFont) -> int:
    """The baseline that centres capitals and digits in a line starting at `top`."""
    cap = face.getbbox("H", anchor="ls")[1]  # negative: the cap height above the baseline
    return top + (px(LINE) - cap) // 2


def _wrap(text: str, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """`text` in at most NAME_LINES lines of `width` pixels, the last ending in "…" if cut."""
    lines: list[str] = []
    rest = text
    while len(lines) < NAME_LINES - 1 and face.getlength(rest) > width:
        cut = len(rest)
        while cut > 1 and face.getlength(rest[:cut]) > width:
            cut -= 1
        # Between words (or after a hyphen) if the rest then fits; else fill the line, so
        # that a long name is shown whole rather than cut.
        soft = max(rest.rfind(" ", 0, cut + 1), rest.rfind("-", 0, cut) + 1)
        if soft > 0 and face.getlength(rest[soft:].lstrip()) <= width:
            cut = soft
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    while face.getlength(rest) > width and len(rest) > 1:
        rest = rest[:-2].rstrip() + "…"
    return [*lines, rest]


def _legend_height(draw: ImageDraw.ImageDraw) -> int:
    return px(LINE) * (1 if _legend_fits(draw) else 2)


def _legend_entry_width(draw: ImageDraw.ImageDraw, colour: int) -> float:
    return px(GEM_SIZE + 5) + draw.textlength(_(COLOUR_NAMES[colour]), font=fonts()["legend"])


def _legend_fits(draw: ImageDraw.ImageDraw) -> bool:
    total = sum(_legend_entry_width(draw, c) for c in range(4)) + 3 * px(14)
    return total <= WIDTH - 2 * px(MARGIN)


def _legend(draw: ImageDraw.ImageDraw, top: int) -> None:
    """The four symbols with their colours' names: one line if they fit, else two of two."""
    face = fonts()["legend"]
    one_line = _legend_fits(draw)
    x, y = px(MARGIN), top
    for colour in range(4):
        if not one_line:
            x = px(MARGIN) + (colour % 2) * (WIDTH - 2 * px(MARGIN)) // 2
            y = top + (colour // 2) * px(LINE)
        draw_gem(draw, colour, x, y + (px(LINE) - px(GEM_SIZE)) // 2, size=px(GEM_SIZE))
        draw.text((x + px(GEM_SIZE + 5), _baseline(y, face)), _(COLOUR_NAMES[colour]),
                  fill=MUTED, font=face, anchor="ls")
        x += round(_legend_entry_width(draw, colour)) + px(14)


def _row(draw: ImageDraw.ImageDraw, top: int, rank: int, name_lines: list[str], money: int,
         top_money: int, gems: Sequence[int]) -> None:
    """One player: the bar of their money behind their name, then their gemstones."""
    faces = fonts()
    inner = WIDTH - 2 * px(MARGIN)
    block = px(LINE) * len(name_lines)
    if money > 0:
        bar = max(px(6), round(inner * money / top_money))
        draw.rounded_rectangle((px(MARGIN), top, px(MARGIN) + bar, top + block - 1),
                               radius=px(5), fill=BAR)
    prefix = f"{rank}."
    indent = px(MARGIN + 6) + round(draw.textlength("8. ", font=faces["name"]))
    draw.text((px(MARGIN + 6), _baseline(top, faces["name"])), prefix, fill=TEXT,
              font=faces["name"], anchor="ls")
    for line, text in enumerate(name_lines):
        draw.text((indent, _baseline(top + line * px(LINE), faces["name"])), text, fill=TEXT,
                  font=faces["name"], anchor="ls")
    # Translators: an amount of money in millions, written short
    draw.text((WIDTH - px(MARGIN + 6), _baseline(top, faces["money"])),
              _("{amount}M").format(amount=money), fill=TEXT, font=faces["money"], anchor="rs")
    y = top + block + px(2)
    for colour, count in enumerate(gems):
        x = indent + colour * px(GEM_COLUMN)
        draw_gem(draw, colour, x, y + (px(LINE) - px(GEM_SIZE)) // 2, size=px(GEM_SIZE))
        draw.text((x + px(GEM_SIZE + 5), _baseline(y, faces["count"])), str(count), fill=TEXT,
                  font=faces["count"], anchor="ls")


def standings_png(title: str, names: Sequence[str], money: Sequence[int],
                  gems: Sequence[Sequence[int]]) -> bytes:
    """PNG bytes: one block per player, best first, with a money bar and gemstone counts."""
    order = sorted(range(len(names)), key=lambda s: money[s], reverse=True)
    faces = fonts()
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    name_width = (WIDTH - 2 * px(MARGIN + 6) - round(probe.textlength("8. ", font=faces["name"]))
                  - round(probe.textlength(_("{amount}M").format(amount=max(money, default=0)),
                                           font=faces["money"])) - px(10))
    wrapped = {seat: _wrap(names[seat], faces["name"], name_width) for seat in order}
    title_line = px(TITLE_SIZE + 12)
    rows = [px(LINE) * (len(wrapped[seat]) + 1) + px(2) for seat in order]
    height = (px(MARGIN) + title_line + sum(rows) + px(ROW_GAP) * len(rows)
              + _legend_height(probe) + px(MARGIN))
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title_face = faces["title"]
    draw.text((px(MARGIN), px(MARGIN) + title_line - px(10)), title, fill=TEXT, font=title_face,
              anchor="ls")
    top = px(MARGIN) + title_line
    top_money = max(max(money, default=0), 1)
    for rank, (seat, row_height) in enumerate(zip(order, rows, strict=True), start=1):
        _row(draw, top, rank, wrapped[seat], money[seat], top_money, gems[seat])
        top += row_height + px(ROW_GAP)
    _legend(draw, top)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
