"""What every game's pictures share: Discord's dark-theme colours, the phone's message column
the pictures are designed for, the fonts, fitting text and encoding the PNG.

Discord shows an attached image as wide as the message column: 272 px on a 360 px phone (360 px
less the 72 px avatar gutter and 16 px of padding), at most 550 px on a desktop. Pictures are
designed at 272 px with text of at least 16 px (Discord's message text) and drawn at `SCALE`
times that, 544 px, so a phone shows the text at its designed size and a desktop shows the
picture pixel for pixel; a picture may draw at its own scale (Emerald's board: 1.5, so that
redrawing it on every change costs fewer pixels). The evidence is in docs/architecture.md ("The
standings picture on a phone", "The board picture").
"""

from __future__ import annotations

import functools
import io

import font_roboto
from PIL import Image, ImageFont

BACKGROUND = (49, 51, 56)  # Discord's dark theme, so a picture sits well in the channel
TEXT = (242, 243, 245)
MUTED = (181, 186, 193)  # Discord's secondary text: still 8:1 against the background
DISPLAY_WIDTH = 272  # px: the message column of a 360 px phone, where the text must be legible
SCALE = 2  # drawn at twice the phone's size: 544 px, shown 1:1 by a desktop (up to 550 px)
WIDTH = DISPLAY_WIDTH * SCALE


def px(value: float) -> int:
    """A length at the phone's scale, in the picture's pixels."""
    return round(value * SCALE)


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
