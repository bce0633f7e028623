"""The round's picture: the cards' gems and the pool at one scale, sizes faithful in pixels,
every gem and label apart, labels legible on a phone's full screen, nothing hidden in it."""

import itertools
import math
import random

import pytest
from PIL import Image, ImageDraw, ImageStat

from bot.core.drawing import BACKGROUND, TEXT, font
from bot.games.gke import picture
from bot.games.gke.picture import (
    LABEL,
    LABEL_HEIGHT,
    WIDTH,
    _item_box,
    _place,
    length_of,
    reach,
    round_picture,
    round_png,
    sprite,
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


def test_no_gem_or_label_overlaps_another_and_all_stay_inside():
    view = GAME.view(GAME.new_game(8, 2)[0], None)
    gems = [(g["kind"], picture.length_from_drawn(g["drawn"]), g["label"]) for g in view["pool"]]
    spots, bottom = _place(gems, 200, random.Random(1))
    face = font(LABEL, "bold")
    boxes = [_item_box(x, y, reach(kind) * length + 3, face.getlength(label) / 2 + 4)
             for (kind, length, label), (x, y, _) in zip(gems, spots, strict=True)]
    assert len(boxes) == 81
    for i, a in enumerate(boxes):
        assert a[0] >= 0 and a[2] <= WIDTH and a[1] >= 200 and a[3] <= bottom + 1
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])


def test_a_label_is_as_tall_as_discords_text_on_a_phones_full_screen():
    scale = PHONE_FULL_SCREEN / WIDTH

    def label(text: str) -> Image.Image:
        image = Image.new("RGB", (120, LABEL_HEIGHT * 2), BACKGROUND)
        ImageDraw.Draw(image).text((4, LABEL_HEIGHT * 1.5), text, fill=TEXT,
                                   font=font(LABEL, "bold"), anchor="ls")
        size = (round(image.width * scale), round(image.height * scale))
        return image.resize(size, Image.Resampling.LANCZOS).convert("L")

    assert ink_height(label("EH"), label("E")) >= discord_capital_height()


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
        spots, bottom = _place(gems, 0, rng)
        for (_, length, _), (_, y, _) in zip(gems, spots, strict=True):
            (upper if y < bottom / 2 else lower).append(length)
    mean_up, mean_low = sum(upper) / len(upper), sum(lower) / len(lower)
    assert abs(mean_up - mean_low) / mean_up < 0.03
