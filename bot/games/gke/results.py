"""The round's results as a picture (issue 24): card by card, the card's gem and every gem picked
for it turned over, drawn side by side at the round picture's scale, each with its size and
symbol and what it won, so a player sees how far their eye was off.

Drawn for a 360 px phone's message column (544 px shown at half): every text is 33 px, as tall
as Discord's message text there (bot/core/drawing.py). Drawn from the round's events only: they
hold what was turned over, nothing still hidden."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.core.drawing import BACKGROUND, MUTED, TEXT, WIDTH, fit, font, png
from bot.games.gke.catalog import _, pgettext
from bot.games.gke.gems import MARGIN, paste_centred, sprite
from bot.games.gke.picture import BACK_COLOURS, length_of
from engine.core.game import GameEvent
from engine.games.gke import events as ev
from engine.games.gke.data import KINDS, SYMBOLS, game_data
from engine.games.gke.words import kind_name, symbol_name

TEXT_PX = 33  # px: as tall as Discord's 16 px message text once a phone shows the picture at half
HEADER = 100  # px: a card's own row
ROW = 86  # px: one turned-over gem's row, two lines (size 9 is 61 px long)
GEM_COLUMN = 104  # px: the gems' column, centred
TEXT_LEFT, RIGHT = MARGIN + GEM_COLUMN + 18, WIDTH - MARGIN  # px: where a row's text runs
TEXT_WIDTH = RIGHT - TEXT_LEFT - 10
CARD_GAP = 18
WON = {"card": (46, 110, 64), "piece": (120, 92, 28)}  # row tints: the card, a magnifier piece
OUTCOME = {"card": (120, 220, 140), "piece": (250, 200, 90), "none": MUTED}


def size_text(size: int, symbol: int) -> str:
    """'size 5 (spider)'."""
    # Translators: a gem turned over: its size and the symbol under it
    return _("size {size} ({symbol})").format(size=size, symbol=symbol_name(SYMBOLS[symbol]))


def outcome_text(result: str) -> str:
    """What a turned-over gem won, in a word or two."""
    # "Medium AI" beside "a magnifier piece" was cut to "Mediu…" in a phone's column; the
    # row's amber and the story's own words say which piece.
    return {"card": _("the card"),
            # Translators: a magnifier piece won, in the results picture's narrow column
            "piece": pgettext("outcome", "a piece"),
            "none": _("no match")}[result]


def name_room(outcome: str) -> float:
    """Pixels left for a player's name beside what their gem won, in a row of the picture."""
    return TEXT_WIDTH - font(TEXT_PX).getlength(outcome) - 16


def scored_cards(events: Sequence[GameEvent]) -> list[ev.CardScored]:
    """The cards these events scored, in scoring order."""
    return [e for e in events if isinstance(e, ev.CardScored)]


def _height(cards: Sequence[ev.CardScored]) -> int:
    rows = sum(HEADER + ROW * max(1, len(c.reveals)) for c in cards)
    return 2 * MARGIN + rows + CARD_GAP * (len(cards) - 1)


def _gem(image: Image.Image, gem_id: int, x: float, y: float) -> None:
    gem = game_data().gems[gem_id]
    paste_centred(image, sprite(KINDS[gem.kind], length_of(gem.size), 0), x, y)


def _card(image: Image.Image, draw: ImageDraw.ImageDraw, card: ev.CardScored,
          names: Sequence[str], top: int) -> int:
    """One card's rows from `top`: its own gem, then each gem picked for it; returns where the
    next card starts."""
    data = game_data()
    gem = data.gems[data.cards[card.card].gem]
    face, bold = font(TEXT_PX), font(TEXT_PX, "bold")
    centre, text_left, right, width = MARGIN + 6 + GEM_COLUMN / 2, TEXT_LEFT, RIGHT, TEXT_WIDTH
    bottom = top + HEADER + ROW * max(1, len(card.reveals))
    draw.rounded_rectangle([MARGIN, top, right, bottom], radius=14, fill=(30, 31, 34),
                           outline=(88, 90, 97), width=2)
    # The card's back colour as a band down its left edge, as the round picture's along the top.
    draw.rounded_rectangle([MARGIN, top, MARGIN + 12, bottom], radius=6,
                           fill=BACK_COLOURS[("pink", "blue", "green")[card.back]])
    _gem(image, data.cards[card.card].gem, centre, top + HEADER / 2)
    # The kind alone as the title: the band shows the card's colour, and the text beside the
    # picture names it ("the pink card (aquamarine)" does not fit a phone's column).
    title = kind_name(KINDS[gem.kind])
    _two_lines(draw, text_left, top, HEADER, fit(title[:1].upper() + title[1:], bold, width),
               size_text(gem.size, gem.symbol))
    y = top + HEADER
    if not card.reveals:
        draw.text((text_left, y + ROW / 2), fit(_("Nobody picked a gem for it."), face, width),
                  font=face, fill=MUTED, anchor="lm")
    for reveal in card.reveals:
        if reveal.result in WON:  # the row tinted: who won the card, or a piece, at a glance
            draw.rectangle([MARGIN + 14, y, right - 2, y + ROW - 2], fill=WON[reveal.result])
        _gem(image, reveal.gem, centre, y + ROW / 2)
        outcome = outcome_text(reveal.result)
        draw.text((right - 10, y + ROW / 2 - 4), outcome, font=face,
                  fill=OUTCOME[reveal.result], anchor="rs")
        name = fit(names[reveal.seat], bold, name_room(outcome))
        _two_lines(draw, text_left, y, ROW, name, f"{reveal.label} · "
                   + size_text(reveal.size, reveal.symbol))
        y += ROW
    return bottom + CARD_GAP


def _two_lines(draw: ImageDraw.ImageDraw, left: float, top: float, height: float, first: str,
               second: str) -> None:
    """A bold line and a plain one, centred together in a row."""
    draw.text((left, top + height / 2 - 4), first, font=font(TEXT_PX, "bold"), fill=TEXT,
              anchor="ls")
    draw.text((left, top + height / 2 + 6), second, font=font(TEXT_PX), fill=TEXT, anchor="lt")


def results_picture(events: Sequence[GameEvent], names: Sequence[str]) -> Image.Image | None:
    """The cards these events scored, each with the gems picked for it (None: none scored)."""
    cards = scored_cards(events)
    if not cards:
        return None
    image = Image.new("RGB", (WIDTH, _height(cards)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    top = MARGIN
    for card in cards:
        top = _card(image, draw, card, names, top)
    return image


def results_png(events: Sequence[GameEvent], names: Sequence[str]) -> bytes | None:
    """The results picture as PNG bytes (None: no card scored)."""
    image = results_picture(events, names)
    return None if image is None else png(image)
