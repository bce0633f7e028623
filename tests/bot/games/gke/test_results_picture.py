"""The round's results picture: each card's gem beside the gems picked for it, at the round
picture's scale, what each won at a glance, legible in a phone's message column."""

from __future__ import annotations

from PIL import Image

from bot.core.components import ai_seat_name
from bot.core.drawing import DISPLAY_WIDTH, WIDTH, font
from bot.games.gke.picture import length_of
from bot.games.gke.presenter import GkePresenter
from bot.games.gke.results import (
    GEM_COLUMN,
    HEADER,
    ROW,
    TEXT_PX,
    WON,
    name_room,
    outcome_text,
    results_picture,
)
from engine.core.i18n import LOCALES, use_locale
from engine.games.gke import GAME
from engine.games.gke import events as ev
from engine.games.gke.data import BACKS, game_data
from tests.bot.games.gke.test_picture import discord_capital_height, label_capital

NAMES = ["ann", "bob", "cy"]
CARD_BACKGROUND = (30, 31, 34)


def scored(card_id: int, sizes_and_results: list[tuple[int, str]]) -> ev.CardScored:
    """Card `card_id` scored with gems of its kind of the given sizes picked for it."""
    data = game_data()
    kind = data.gems[data.cards[card_id].gem].kind
    by_size = {g.size: g for g in data.gems if g.kind == kind}
    reveals = [ev.Reveal(seat=seat, label=f"A{seat}", gem=by_size[size].id, size=size,
                         symbol=by_size[size].symbol, result=result)
               for seat, (size, result) in enumerate(sizes_and_results)]
    winner = next((r.seat for r in reveals if r.result == "card"), None)
    return ev.CardScored(card=card_id, back=BACKS.index(data.cards[card_id].back), reveals=reveals,
                         winner=winner)


def gem_width(image: Image.Image, top: int, height: int) -> int:
    """The drawn width of the gem in a row's gem column: its pixels unlike the row's ground."""
    box = (26, top + 2, 12 + GEM_COLUMN, top + height - 2)
    region = image.crop(box)
    ground = region.getpixel((2, 2))
    pixels = region.load()
    drawn = [x for x in range(region.width) for y in range(region.height)
             if sum(abs(a - b) for a, b in zip(pixels[x, y], ground, strict=True)) > 60]
    return max(drawn) - min(drawn) + 1


def test_every_gem_is_drawn_at_the_round_pictures_scale():
    data = game_data()
    card_id = next(c.id for c in data.cards if data.gems[c.gem].size == 5)
    image = results_picture([scored(card_id, [(1, "none"), (9, "none"), (4, "piece")])], NAMES)
    top = 12
    widths = [gem_width(image, top, HEADER)] + [
        gem_width(image, top + HEADER + ROW * row, ROW) for row in range(3)]
    for width, size in zip(widths, (5, 1, 9, 4), strict=True):
        assert abs(width - length_of(size)) <= 2.5, (size, width, length_of(size))


def test_who_won_the_card_or_a_piece_shows_at_a_glance():
    image = results_picture([scored(0, [(1, "none"), (2, "card"), (3, "piece")])], NAMES)
    row_colour = [image.getpixel((WIDTH - 20, 12 + HEADER + ROW * row + ROW // 2))
                  for row in range(3)]
    assert row_colour == [CARD_BACKGROUND, WON["card"], WON["piece"]]


def test_one_block_per_card_and_none_when_nothing_was_scored():
    one = results_picture([scored(0, [(1, "none")])], NAMES)
    three = results_picture([scored(0, [(1, "none")]), scored(1, []),
                             scored(2, [(2, "none"), (3, "none")])], NAMES)
    assert one.width == three.width == WIDTH
    assert three.height > 3 * one.height - 100
    assert results_picture([], NAMES) is None


def test_its_text_is_as_tall_as_discords_in_a_phones_message_column():
    for weight in ("regular", "bold"):
        assert label_capital(TEXT_PX, DISPLAY_WIDTH / WIDTH, weight) >= discord_capital_height()


def test_a_rounds_end_brings_its_results_for_the_rounds_own_message_then_the_next_round():
    state, _ = GAME.new_game(3, 2)
    state, events = GAME.apply(state, -1, GAME.clock(state).action)  # time is up, nothing picked
    view = GAME.view(state, None)
    results, following = GkePresenter().pictures(events, view, NAMES)
    assert results.filename == "gke-results-1.png" and results.closes_turn
    assert following.filename == "gke-round-2.png" and not following.closes_turn
    assert "size" not in following.description


def test_an_ai_seats_name_fits_beside_any_outcome_in_every_language():
    # "Medium AI" beside "a magnifier piece" was cut to "Mediu…" on a phone.
    for tag in LOCALES:
        with use_locale(tag):
            bold = font(TEXT_PX, "bold")
            for level in ("easy", "medium", "hard"):
                for result in ("card", "piece", "none"):
                    assert bold.getlength(ai_seat_name(level)) <= name_room(
                        outcome_text(result)), (tag, level, result)
