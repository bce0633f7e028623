"""The round's results as a picture: a column per card, the card's gem on top (its kind, size and
symbol) and under it every gem picked for it turned over, all at the round picture's scale, each
with who picked it, its label and size and what it won (the row tinted), so a player sees how
far their eye was off. The turned-over gems' symbols are in the story's lines beside it.

Laid out for Discord's inline box (bot/core/drawing.py): 330 design pixels across, text with a
capital of 8.5 px, drawn at three times that. Drawn from the round's events only: they hold
what was turned over, nothing still hidden."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.core.drawing import ASPECT, INLINE_WIDTH, MUTED, TEXT, Canvas, Layout, png
from bot.games.gke.catalog import _, pgettext
from bot.games.gke.gems import extent, paste_centred, sprite
from bot.games.gke.picture import BACK_COLOURS, SCALE, length_of
from engine.core.game import GameEvent
from engine.games.gke import events as ev
from engine.games.gke.data import KINDS, SYMBOLS, game_data
from engine.games.gke.words import kind_name, symbol_name

MARGIN = 4
TEXT_SIZE = 12  # design px: Roboto's capital is 8.5 px
LINE = 12.5  # design px per line of text
GEM_COLUMN = 22  # design px: the gems' column (size 9 is 19.9 px long)
HEADER = 3 * LINE + 5  # a card's own block: the band, its kind, its size and symbol
ROW = 3 * LINE + 3  # one turned-over gem: who, which, what it won
CARD_GROUND = (30, 31, 34)
WON = {"card": (46, 110, 64), "piece": (120, 92, 28)}  # row tints: the card, a magnifier piece
OUTCOME = {"card": (140, 230, 160), "piece": (250, 205, 100), "none": MUTED}


def size_text(size: int) -> str:
    """'size 5': a card's gem, at the top of its column."""
    # Translators: the size of a card's gem, at the top of its column in the results picture
    return _("size {size}").format(size=size)


def reveal_text(label: str, size: int) -> str:
    """'K7 · size 4': a gem picked for the card, turned over (its symbol is in the story)."""
    # Translators: a gem turned over, in the results picture's narrow column (about 14
    # characters: shorten "size" if need be): its label and size
    return _("{label} · size {size}").format(label=label, size=size)


def outcome_text(result: str) -> str:
    """What a turned-over gem won, in a word or two."""
    return {"card": _("the card"),
            # Translators: a magnifier piece won, in the results picture's narrow column
            "piece": pgettext("outcome", "a piece"),
            "none": _("no match")}[result]


def column_width(columns: int) -> float:
    """A card's column, in design px."""
    return (INLINE_WIDTH - 2 * MARGIN - (columns - 1) * MARGIN) / columns


def text_room(columns: int) -> float:
    """Design px a column leaves a line of text beside the gems."""
    return column_width(columns) - GEM_COLUMN - 6


def scored_cards(events: Sequence[GameEvent]) -> list[ev.CardScored]:
    """The cards these events scored, in scoring order."""
    return [e for e in events if isinstance(e, ev.CardScored)]


def _gem(canvas: Canvas, gem_id: int, x: float, y: float, what: str) -> None:
    """A gem of the data's, unturned, centred on (x, y) in design px."""
    gem = game_data().gems[gem_id]
    kind, length = KINDS[gem.kind], length_of(gem.size)
    paste_centred(canvas.image, sprite(kind, length, 0), x * SCALE, y * SCALE)
    left, up, right, down = extent(kind, length, 0)
    canvas.layout.mark(what, (x * SCALE + left, y * SCALE + up, x * SCALE + right,
                              y * SCALE + down), length)


def _lines(canvas: Canvas, left: float, top: float, room: float,
           lines: Sequence[tuple[str, str, tuple[int, int, int]]]) -> None:
    """Lines of (text, weight, colour) from `top`, each cut to `room` design px."""
    for number, (text, weight, colour) in enumerate(lines):
        baseline = top + LINE * number + LINE / 2 + 3
        canvas.text(left, baseline, canvas.fit(text, TEXT_SIZE, room, weight), TEXT_SIZE,
                    colour, weight, anchor="ls")


def _card(canvas: Canvas, card: ev.CardScored, names: Sequence[str], left: float,
          width: float, bottom: float) -> None:
    """One card's column: its own gem and block, then each gem picked for it."""
    data = game_data()
    gem = data.gems[data.cards[card.card].gem]
    room = text_room(round((INLINE_WIDTH - MARGIN) / (width + MARGIN)))
    text_left = left + GEM_COLUMN + 4
    centre = left + 3 + GEM_COLUMN / 2
    canvas.box(left, MARGIN, left + width, bottom, CARD_GROUND, radius=4, outline=(88, 90, 97))
    # The card's back colour as a band along the top, as in the round picture.
    canvas.box(left, MARGIN, left + width, MARGIN + 4, BACK_COLOURS[("pink", "blue", "green")
                                                                     [card.back]], radius=2)
    top = MARGIN + 5
    _gem(canvas, data.cards[card.card].gem, centre, top + (HEADER - 5) / 2, "card gem")
    title = kind_name(KINDS[gem.kind])
    _lines(canvas, text_left, top, room,
           [(title[:1].upper() + title[1:], "bold", TEXT), (size_text(gem.size), "regular", TEXT),
            (symbol_name(SYMBOLS[gem.symbol]), "regular", TEXT)])
    y = MARGIN + HEADER
    if not card.reveals:
        words = _("Nobody picked a gem for it.").split()
        lines, line = [], ""
        for word in words:  # wrapped to the column
            if line and canvas.length(f"{line} {word}", TEXT_SIZE, "regular") > width - 10:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}".strip()
        _lines(canvas, left + 5, y, width - 10,
               [(text, "regular", MUTED) for text in [*lines, line]])
    for reveal in card.reveals:
        if reveal.result in WON:  # the row tinted: who won the card, or a piece, at a glance
            canvas.box(left + 1.5, y, left + width - 1.5, y + ROW - 1, WON[reveal.result],
                       radius=2)
        _gem(canvas, reveal.gem, centre, y + ROW / 2, "gem")
        _lines(canvas, text_left, y + 1, room,
               [(names[reveal.seat], "bold", TEXT),
                (reveal_text(reveal.label, reveal.size), "regular", TEXT),
                (outcome_text(reveal.result), "medium", OUTCOME[reveal.result])])
        y += ROW


def results_drawing(events: Sequence[GameEvent], names: Sequence[str]
                    ) -> tuple[Image.Image, Layout] | None:
    """The cards these events scored, each with the gems picked for it, and what it drew
    (None: none scored)."""
    cards = scored_cards(events)
    if not cards:
        return None
    rows = max(max(1, len(card.reveals)) for card in cards)
    bottom = MARGIN + HEADER + ROW * rows + 2
    height = max(bottom + MARGIN, INLINE_WIDTH / ASPECT[1])
    canvas = Canvas(INLINE_WIDTH, height, SCALE)
    width = column_width(len(cards))
    for number, card in enumerate(cards):
        _card(canvas, card, names, MARGIN + number * (width + MARGIN), width, bottom)
    return canvas.image, canvas.layout


def results_picture(events: Sequence[GameEvent], names: Sequence[str]) -> Image.Image | None:
    """The cards these events scored, each with the gems picked for it (None: none scored)."""
    drawn = results_drawing(events, names)
    return None if drawn is None else drawn[0]


def results_png(events: Sequence[GameEvent], names: Sequence[str]) -> bytes | None:
    """The results picture as PNG bytes (None: no card scored)."""
    image = results_picture(events, names)
    return None if image is None else png(image)
