"""What every game's pictures share: Discord's dark-theme colours, the inline box the pictures
are designed for, the fonts, fitting text, the layout a picture reports, and encoding the PNG.

Discord shows an attached image inline, scaled down to fit a box of about 550×350 px on a
desktop, and the chat column's width on a phone (about 330 px of a 360 px screen); only a tap
or click opens it full size. In a timed game nobody opens a picture three times a minute, so
every picture is designed for the inline box first: landscape (about 1.4–1.8 times as wide as
tall), laid out in *design pixels* on a canvas `INLINE_WIDTH` wide — the phone's column, the
smaller of the two fits — and drawn at two or three times that for the full-size view. At the
inline size a text's capital is at least `MIN_CAPITAL` px and a piece (a gem, a knight) at
least `MIN_MARK` px. Each picture reports what it drew (`Layout`), and its tests fit it into
both boxes and check those sizes from the layout (tests/bot/pictures.py). See docs/pictures.md.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass, field

import font_roboto
from PIL import Image, ImageDraw, ImageFont

INLINE_BOX = (550, 350)  # px: a desktop fits an attachment into this box
PHONE_COLUMN = 330  # px: a phone shows an attachment as wide as its chat column
INLINE_WIDTH = PHONE_COLUMN  # design pixels across: the narrower fit, where sizes are checked
ASPECT = (1.4, 1.8)  # width / height: landscape, so a desktop's box fits it by its width
MIN_CAPITAL = 8  # px at the inline size: a text's capital (Discord's small text is 12 px)
MIN_MARK = 12  # px at the inline size: a piece's length (the smallest gem, a knight's disc)
BACKGROUND = (49, 51, 56)  # Discord's dark theme, so a picture sits well in the channel
TEXT = (242, 243, 245)
MUTED = (181, 186, 193)  # Discord's secondary text: still 8:1 against the background


def inline_scales(width: float, height: float) -> tuple[float, float]:
    """How much a picture of this size is scaled when shown inline: (desktop, phone)."""
    box_w, box_h = INLINE_BOX
    return min(1.0, box_w / width, box_h / height), min(1.0, PHONE_COLUMN / width)


def inline_scale(width: float, height: float) -> float:
    """The smaller of the two inline scales: where a size must still read."""
    return min(inline_scales(width, height))


def capital(face: ImageFont.FreeTypeFont) -> float:
    """The height of a capital of `face`, in its pixels."""
    return -face.getbbox("H", anchor="ls")[1]


Box = tuple[float, float, float, float]  # left, top, right, bottom, in the picture's pixels


@dataclass(frozen=True)
class Drawn:
    """One thing a picture drew: a text (`size`: its capital's height) or a piece (`size`:
    its length), where it lies, and what it is."""

    what: str
    box: Box
    size: float


@dataclass
class Layout:
    """What a picture drew, in its own pixels: its size, every text and every piece."""

    width: int
    height: int
    texts: list[Drawn] = field(default_factory=list)
    marks: list[Drawn] = field(default_factory=list)

    def text(self, what: str, box: Box, face: ImageFont.FreeTypeFont) -> None:
        """Note a text drawn in `face` inside `box`."""
        self.texts.append(Drawn(what, box, capital(face)))

    def mark(self, what: str, box: Box, length: float) -> None:
        """Note a piece `length` pixels long inside `box`."""
        self.marks.append(Drawn(what, box, length))


def text_box(face: ImageFont.FreeTypeFont, xy: tuple[float, float], text: str,
             anchor: str) -> Box:
    """Where `text` drawn at `xy` with `anchor` lies."""
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    return xy[0] + left, xy[1] + top, xy[0] + right, xy[1] + bottom


@functools.cache
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """Roboto at `size` picture pixels: Pillow's built-in font has no ü, ø or å (German and
    Danish words, names such as Jürgen or Søren)."""
    files = {"regular": font_roboto.Roboto, "medium": font_roboto.RobotoMedium,
             "bold": font_roboto.RobotoBold}
    return ImageFont.truetype(files[weight], size)


def fit(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """`text` cut to `width` pixels, ending in "…" if cut."""
    if face.getlength(text) <= width:
        return text
    while len(text) > 1 and face.getlength(text + "…") > width:
        text = text[:-1].rstrip()
    return text + "…"


def png(image: Image.Image, colours: int = 0) -> bytes:
    """The picture as PNG bytes, at compression level 3 (a board is drawn and uploaded on
    every change: level 3 encodes in half the time of the default 6 for a file 13 % larger).
    With `colours`, reduced to a palette of that many first: a picture of a few flat colours
    and anti-aliased edges loses nothing visible at 64 and shrinks to a third, in no more
    time than encoding it whole (docs/benchmarks.md)."""
    if colours:
        image = image.quantize(colours, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


Colour = tuple[int, int, int]


class Canvas:
    """Drawing in design pixels (bot.core.drawing's inline canvas) on a picture `scale`
    times larger, noting every text and piece in its Layout."""

    def __init__(self, width: float, height: float, scale: float) -> None:
        self.scale = scale
        self.image = Image.new("RGB", (round(width * scale), round(height * scale)), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.layout = Layout(*self.image.size)

    def d(self, value: float) -> int:
        """Design pixels in the picture's pixels."""
        return round(value * self.scale)

    def face(self, size: float, weight: str = "medium") -> ImageFont.FreeTypeFont:
        """Roboto at `size` design pixels."""
        return font(self.d(size), weight)

    def length(self, text: str, size: float, weight: str = "medium") -> float:
        """How wide `text` is, in design pixels."""
        return _length(text, self.d(size), weight) / self.scale

    def fit(self, text: str, size: float, width: float, weight: str = "medium") -> str:
        """`text` cut to `width` design pixels, ending in "…" if cut."""
        return fit(text, self.face(size, weight), width * self.scale)

    def text(self, x: float, y: float, text: str, size: float, fill: Colour = TEXT,
             weight: str = "medium", anchor: str = "lm", what: str = "text") -> Box:
        """Text with its anchor at (x, y); where it lies, in design pixels. Each text is
        rendered once (a board repeats its labels on every drawing, and rendering glyphs is
        most of a drawing's cost)."""
        tile, (dx, dy) = _text_tile(text, fill, self.d(size), weight, anchor)
        left, top = self.d(x) + dx, self.d(y) + dy
        self.image.paste(tile, (left, top), tile)
        box = (left, top, left + tile.width, top + tile.height)
        self.layout.text(what, box, self.face(size, weight))
        return tuple(v / self.scale for v in box)  # type: ignore[return-value]

    def mark(self, what: str, box: Box, length: float) -> None:
        """Note a piece drawn in `box` (design pixels), `length` design pixels long."""
        self.layout.mark(what, tuple(v * self.scale for v in box),  # type: ignore[arg-type]
                         length * self.scale)

    def box(self, x0: float, y0: float, x1: float, y1: float, fill: Colour | None,
            radius: float = 3, outline: Colour | None = None, width: float = 1) -> None:
        """A rounded rectangle."""
        self.draw.rounded_rectangle((self.d(x0), self.d(y0), self.d(x1), self.d(y1)),
                                    radius=self.d(radius), fill=fill, outline=outline,
                                    width=self.d(width) if outline else 0)

    def polygon(self, points: list[tuple[float, float]], fill: Colour | None,
                outline: Colour | None = None, width: float = 1) -> None:
        """A polygon through design-pixel points."""
        self.draw.polygon([(x * self.scale, y * self.scale) for x, y in points], fill=fill,
                          outline=outline, width=self.d(width) if outline else 0)

    def ellipse(self, x0: float, y0: float, x1: float, y1: float, fill: Colour | None,
                outline: Colour | None = None, width: float = 1) -> None:
        """An ellipse in a design-pixel box."""
        self.draw.ellipse((self.d(x0), self.d(y0), self.d(x1), self.d(y1)), fill=fill,
                          outline=outline, width=self.d(width) if outline else 0)

    def line(self, points: list[tuple[float, float]], fill: Colour, width: float = 1) -> None:
        """A line through design-pixel points."""
        self.draw.line([(x * self.scale, y * self.scale) for x, y in points], fill=fill,
                       width=self.d(width))


@functools.lru_cache(maxsize=4096)
def _length(text: str, size: int, weight: str) -> float:
    return font(size, weight).getlength(text)


@functools.lru_cache(maxsize=1024)
def _text_tile(text: str, fill: Colour, size: int, weight: str,
               anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """`text` drawn on a transparent tile, and the tile's offset from the anchor point."""
    face = font(size, weight)
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    tile = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (*fill, 0))
    ImageDraw.Draw(tile).text((-left, -top), text, fill=(*fill, 255), font=face, anchor=anchor)
    return tile, (left, top)

