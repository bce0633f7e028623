"""The round's results picture: each card's gem above the gems picked for it, at the round
picture's scale, what each won at a glance, legible at Discord's inline size."""

from __future__ import annotations

import pytest

from bot.core.components import ai_seat_name
from bot.core.drawing import MIN_MARK, Canvas
from bot.games.gke.picture import SCALE, length_of
from bot.games.gke.presenter import GkePresenter
from bot.games.gke.results import (
    MARGIN,
    TEXT_SIZE,
    WON,
    column_width,
    outcome_text,
    results_drawing,
    results_picture,
    reveal_text,
    text_room,
)
from engine.core.i18n import LOCALES, use_locale
from engine.games.gke import GAME
from engine.games.gke import events as ev
from engine.games.gke.data import BACKS, game_data
from tests.bot.pictures import assert_reads_inline

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


def test_every_gem_is_drawn_at_the_round_pictures_scale():
    data = game_data()
    card_id = next(c.id for c in data.cards if data.gems[c.gem].size == 5)
    _, layout = results_drawing([scored(card_id, [(1, "none"), (9, "none"), (4, "piece")])],
                                NAMES)
    lengths = [m.size for m in layout.marks]
    assert lengths == [length_of(size) for size in (5, 1, 9, 4)]


def test_who_won_the_card_or_a_piece_shows_at_a_glance():
    image, layout = results_drawing([scored(0, [(1, "none"), (2, "card"), (3, "piece")])],
                                    NAMES)
    right = round((MARGIN + column_width(1) - 4) * SCALE)
    rows = [m for m in layout.marks if m.what == "gem"]
    row_colour = [image.getpixel((right, round((m.box[1] + m.box[3]) / 2))) for m in rows]
    assert row_colour == [CARD_BACKGROUND, WON["card"], WON["piece"]]


def test_a_column_per_card_and_none_when_nothing_was_scored():
    one = results_picture([scored(0, [(1, "none")])], NAMES)
    three = results_picture([scored(0, [(1, "none")]), scored(1, []),
                             scored(2, [(2, "none"), (3, "none")])], NAMES)
    assert one.width == three.width == 3 * 330
    assert results_picture([], NAMES) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_results_read_at_discords_inline_size_in_every_language(players):
    results = ["card", "piece", "none", "none"][:players]
    cards = [scored(0, [(size, r) for size, r in zip((2, 3, 4, 9), results, strict=False)]),
             scored(1, []), scored(2, [(1, "none")] * players)]
    for tag in LOCALES:
        with use_locale(tag):
            _, layout = results_drawing(cards, ["ann", "Medium AI", "cy", "dee"])
            assert_reads_inline(layout, {"gem": MIN_MARK, "card gem": MIN_MARK})


def test_a_rounds_end_brings_its_results_for_the_rounds_own_message_then_the_next_round():
    state, _ = GAME.new_game(3, 2)
    state, events = GAME.apply(state, -1, GAME.clock(state).action)  # time is up, nothing picked
    view = GAME.view(state, None)
    results, following = GkePresenter().pictures(events, view, NAMES)
    assert results.filename == "gke-results-1.png" and results.closes_turn
    assert following.filename == "gke-round-2.png" and not following.closes_turn
    assert "size" not in following.description


def test_a_players_name_and_every_line_fits_its_column_in_every_language():
    # "Medium AI" beside "a magnifier piece" was cut to "Mediu…" on a phone.
    probe = Canvas(1, 1, SCALE)
    for tag in LOCALES:
        with use_locale(tag):
            room = text_room(3)
            for level in ("easy", "medium", "hard"):
                assert probe.length(ai_seat_name(level), TEXT_SIZE, "bold") <= room, (tag, level)
            for result in ("card", "piece", "none"):
                assert probe.length(outcome_text(result), TEXT_SIZE, "medium") <= room, tag
            assert probe.length(reveal_text("W8", 9), TEXT_SIZE, "regular") <= room, tag
