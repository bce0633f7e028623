"""The round's picture: the cards' gems and the pool at one scale, sizes faithful in pixels,
every gem and label apart, labels legible on a phone's full screen, nothing hidden in it."""

import itertools
import math
import random

import pytest
from PIL import Image, ImageDraw, ImageStat

from bot.core.drawing import BACKGROUND, DISPLAY_WIDTH, TEXT, font
from bot.games.gke import picture
from bot.games.gke.closer import (
    CLOSER_BASE,
    CLOSER_LABEL,
    CLOSER_WIDTH,
    closer_layout,
    closer_picture,
)
from bot.games.gke.gems import extent, sprite
from bot.games.gke.picture import (
    LABEL,
    LABEL_HEIGHT,
    WIDTH,
    length_of,
    place,
    round_picture,
    round_png,
)
from bot.games.gke.shapes import COLOURS
from engine.games.gke import GAME
from engine.games.gke.data import KINDS
from tests.bot.pictures import discord_capital_height, ink_height
from tests.engine.games.gke.test_hidden_information import hide_differently

PHONE_FULL_SCREEN = 360  # px: Discord's full-screen view fits the picture to the phone's width


def drawn_size(kind: str, size: int, angle: int) -> float:
    """The square root of a gem's drawn area: its covered pixels, edges counted partly."""
    alpha = sprite(kind, length_of(size), angle).getchannel("A")
    covered = ImageStat.Stat(alpha).sum[0] / 255
    return math.sqrt(covered)


@pytest.mark.parametrize("kind", KINDS)
def test_each_size_is_six_percent_larger_than_the_one_before(kind):
    for angle in (0, 37, 90, 211):
        measured = [drawn_size(kind, size, angle) for size in range(1, 10)]
        for small, large in itertools.pairwise(measured):
            assert 1.05 <= large / small <= 1.07


def test_the_cards_gems_are_drawn_at_the_pools_scale():
    view = GAME.view(GAME.new_game(4, 3)[0], 0)
    for card in view["cards"]:
        pool_gem = next(g for g in view["pool"] if g["kind"] == card["kind"]
                        and round(math.log(g["drawn"]) / math.log(1.06)) + 1 == card["size"])
        assert math.isclose(picture.length_from_drawn(pool_gem["drawn"]),
                            length_of(card["size"]), rel_tol=1e-3)


def pool_layout(seed: int, players: int = 2):
    view = GAME.view(GAME.new_game(seed, players)[0], None)
    gems = [(g["kind"], picture.length_from_drawn(g["drawn"]), g["label"]) for g in view["pool"]]
    rng = random.Random(seed)
    rng.shuffle(gems)
    spots, bottom = place(gems, 200, rng)
    return gems, spots, bottom


def drawn_boxes(gems, spots):
    """Each gem's turned outline and each label's text box, as drawn."""
    face = font(LABEL, "bold")
    boxes = []
    for (kind, length, label), (x, y, angle, label_x, label_y) in zip(gems, spots, strict=True):
        left, up, right, down = extent(kind, length, angle)
        boxes.append(("gem", (x + left, y + up, x + right, y + down)))
        half = face.getlength(label) / 2
        boxes.append(("label", (label_x - half, label_y - LABEL_HEIGHT / 2, label_x + half,
                                label_y + LABEL_HEIGHT / 2)))
    return boxes


def test_no_gem_or_label_overlaps_another_and_all_stay_inside():
    gems, spots, bottom = pool_layout(8)
    boxes = drawn_boxes(gems, spots)
    assert len(boxes) == 2 * 81
    for i, (_, a) in enumerate(boxes):
        assert a[0] >= 0 and a[2] <= WIDTH and a[1] >= 200 and a[3] <= bottom + 1
        for _, b in boxes[i + 1:]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])


def test_a_label_sits_the_same_gap_under_every_gem_and_nearer_it_than_any_other():
    """The label's distance is no ruler of size, and a label belongs to one gem only."""
    gems, spots, _ = pool_layout(9)
    boxes = drawn_boxes(gems, spots)
    gaps = set()
    for i in range(0, len(boxes), 2):
        gem, label = boxes[i][1], boxes[i + 1][1]
        gaps.add(round(label[1] - gem[3], 6))
        own = label[1] - gem[3]
        for j in range(0, len(boxes), 2):
            other = boxes[j][1]
            if j != i and other[0] < label[2] and label[0] < other[2]:  # above or below it
                assert min(abs(other[1] - label[3]), abs(label[1] - other[3])) > own
    assert len(gaps) == 1


def label_capital(size: int, shown_at: float, weight: str = "bold") -> int:
    """A label's capital height at `size` px, as a picture scaled by `shown_at` shows it."""

    def label(text: str) -> Image.Image:
        image = Image.new("RGB", (4 * size, size * 2), BACKGROUND)
        ImageDraw.Draw(image).text((4, size * 1.5), text, fill=TEXT, font=font(size, weight),
                                   anchor="ls")
        scaled = (round(image.width * shown_at), round(image.height * shown_at))
        return image.resize(scaled, Image.Resampling.LANCZOS).convert("L")

    return ink_height(label("EH"), label("E"))


def test_a_label_is_as_tall_as_discords_text_on_a_phones_full_screen():
    assert label_capital(LABEL, PHONE_FULL_SCREEN / WIDTH) >= discord_capital_height()


def test_the_picture_is_the_same_whatever_is_hidden_and_new_each_round():
    state = GAME.new_game(9, 3)[0]
    first = round_png(GAME.view(state, 0))
    assert round_png(GAME.view(hide_differently(state), 0)) == first
    assert round_png(GAME.view(state, 1)) == first  # every seat sees one picture
    later, _ = GAME.apply(state, -1, GAME.clock(state).action)
    assert round_png(GAME.view(later, 0)) != first


def test_the_picture_is_a_tall_portrait_of_the_whole_pool():
    image = round_picture(GAME.view(GAME.new_game(10, 4)[0], 0))
    assert image.width == WIDTH and 1.5 * WIDTH < image.height < 4.5 * WIDTH
    # every kind's colour is in it (a kind left out would be missing)
    colours = {colour for _, colour in image.getcolors(1 << 20)}
    for kind in KINDS:
        assert COLOURS[kind] in colours


def test_where_a_gem_lies_tells_nothing_of_its_size():
    """Over many rounds, the pool's upper and lower halves hold gems of the same mean size."""
    upper, lower = [], []
    for seed in range(12):
        view = GAME.view(GAME.new_game(seed, 3)[0], None)
        gems = [(g["kind"], picture.length_from_drawn(g["drawn"]), g["label"])
                for g in view["pool"]]
        rng = random.Random(seed)
        rng.shuffle(gems)
        spots, bottom = place(gems, 0, rng)
        for (_, length, _), (_, y, *_) in zip(gems, spots, strict=True):
            (upper if y < bottom / 2 else lower).append(length)
    mean_up, mean_low = sum(upper) / len(upper), sum(lower) / len(lower)
    assert abs(mean_up - mean_low) / mean_up < 0.03


def test_look_closer_shows_the_cards_kind_free_to_the_viewer_larger_and_alone():
    state = GAME.new_game(11, 3)[0]
    view = GAME.view(state, 0)
    kind = view["cards"][1]["kind"]
    others = next(g for g in view["pool"] if g["kind"] == kind)
    state, _ = GAME.apply(state, 2, {"type": "pick", "card": 1, "label": others["label"]})
    view = GAME.view(state, 0)
    layout = closer_layout(view, 1)
    shown = {gem["label"] for gem, *_ in layout}
    expected = {g["label"] for g in view["pool"] if g["kind"] == kind} - {others["label"]}
    assert shown == expected  # the one seat 2 holds is on its board, not in the pool
    assert CLOSER_BASE > 1.9 * picture.BASE
    image = closer_picture(view, 1)
    assert image.width == CLOSER_WIDTH and image.height < 2 * image.width
    # No card beside them: none of the card board's frame colours is drawn.
    colours = {colour for _, colour in image.getcolors(1 << 20)}
    assert not colours & set(picture.BACK_COLOURS.values())


def test_look_closer_labels_are_legible_in_a_phones_message_column():
    assert label_capital(CLOSER_LABEL, DISPLAY_WIDTH / CLOSER_WIDTH) >= discord_capital_height()
