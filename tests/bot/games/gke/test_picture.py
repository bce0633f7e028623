"""The round's picture: the cards' gems and the pool at one scale, sizes faithful in pixels,
every gem and label apart, legible at Discord's inline size, nothing hidden in it."""

import itertools
import math
import random

import pytest
from PIL import ImageStat

from bot.core.drawing import ASPECT, INLINE_WIDTH, MIN_MARK
from bot.games.gke import picture
from bot.games.gke.closer import CLOSER_BASE, closer_drawing, closer_layout, closer_picture
from bot.games.gke.gems import sprite
from bot.games.gke.picture import (
    length_of,
    round_drawing,
    round_picture,
    round_png,
)
from bot.games.gke.shapes import COLOURS
from engine.games.gke import GAME
from engine.games.gke.data import KINDS
from tests.bot.pictures import (
    assert_reads_inline,
    overlapping,
)
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


def drawn(seed: int, players: int = 2, state=None):
    """The first round's picture of a new game, and its layout."""
    state = state if state is not None else GAME.new_game(seed, players)[0]
    return round_drawing(GAME.view(state, None))


def pool_boxes(layout):
    """(gem box, label box) per pool gem, in drawing order."""
    gems = [m for m in layout.marks if m.what == "gem"]
    labels = [t for t in layout.texts if t.what == "label"]
    assert len(gems) == len(labels)
    return list(zip(gems, labels, strict=True))


def test_no_gem_or_label_overlaps_another_and_all_stay_inside():
    image, layout = drawn(8)
    pairs = pool_boxes(layout)
    assert len(pairs) == 81
    boxes = [b.box for pair in pairs for b in pair] + [m.box for m in layout.marks
                                                         if m.what == "card gem"]
    for i, a in enumerate(boxes):
        assert a[0] >= 0 and a[2] <= image.width and a[1] >= 0 and a[3] <= image.height
        for b in boxes[i + 1:]:
            assert not overlapping(a, b), (a, b)


def test_a_label_sits_the_same_gap_under_every_gem_and_nearer_it_than_any_other():
    """The label's distance is no ruler of size, and a label belongs to one gem only."""
    _, layout = drawn(9)
    pairs = pool_boxes(layout)
    gaps = set()
    for i, (gem, label) in enumerate(pairs):
        own = label.box[1] - gem.box[3]
        gaps.add(round(own / 3))  # in design pixels, a glyph's box rounded to whole pixels
        for j, (other, _) in enumerate(pairs):
            if j != i:
                assert distance(label.box, other.box) > own, (label, other)
    assert len(gaps) <= 2, gaps


def distance(a, b) -> float:
    """How far apart two boxes are (0 if they touch)."""
    dx = max(0.0, b[0] - a[2], a[0] - b[2])
    dy = max(0.0, b[1] - a[3], a[1] - b[3])
    return math.hypot(dx, dy)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_round_reads_at_discords_inline_size(players):
    """Landscape; fitted into 550×350 and into 330 px, the smallest gem is at least 12 px long
    and a label's capital at least 8 px: the first round's whole pool of 81 gems in many games,
    and the smaller pools of later rounds (as many gems as later rounds leave)."""
    for seed in range(12):
        view = GAME.view(GAME.new_game(seed, players)[0], None)
        for left in (81, 75, 66, 54, 40):
            pool = random.Random(seed).sample(view["pool"], left)
            _, layout = round_drawing({**view, "pool": pool})
            assert_reads_inline(layout, {"gem": MIN_MARK, "card gem": MIN_MARK})


def test_the_labels_layout_tells_their_drawn_size():
    """The layout's capital is the one drawn: the ink of a label (capitals and digits) is as
    tall as the layout says."""
    image, layout = drawn(5)
    grey = image.convert("L")
    labels = [t for t in layout.texts if t.what == "label"]
    measured = 0
    for label in labels:
        crop = grey.crop(tuple(round(v) for v in label.box)).point(lambda v: 255 if v > 150 else 0)
        box = crop.getbbox()
        assert box is not None
        ink = box[3] - box[1]
        assert label.size - 1 <= ink <= label.size + 9, (label, ink)  # Q's tail, a 6's bulge
        measured += ink <= label.size + 2
    assert measured > len(labels) / 2  # most stand on the baseline as capitals do


def test_the_picture_is_the_same_whatever_is_hidden_and_new_each_round():
    state = GAME.new_game(9, 3)[0]
    first = round_png(GAME.view(state, 0))
    assert round_png(GAME.view(hide_differently(state), 0)) == first
    assert round_png(GAME.view(state, 1)) == first  # every seat sees one picture
    later, _ = GAME.apply(state, -1, GAME.clock(state).action)
    assert round_png(GAME.view(later, 0)) != first


def test_the_picture_is_landscape_and_shows_every_kind():
    image = round_picture(GAME.view(GAME.new_game(10, 4)[0], 0))
    assert image.width == 3 * INLINE_WIDTH and ASPECT[0] <= image.width / image.height <= ASPECT[1]
    colours = {colour for _, colour in image.getcolors(1 << 20)}
    for kind in KINDS:  # a kind left out would be missing
        assert COLOURS[kind] in colours


def test_where_a_gem_lies_tells_nothing_of_its_size():
    """Over many rounds, the pool's upper and lower halves, and its left and right halves, hold
    gems of the same mean size."""
    halves = {"upper": [], "lower": [], "left": [], "right": []}
    for seed in range(16):
        image, layout = drawn(seed, 3)
        gems = [m for m in layout.marks if m.what == "gem"]
        top = min(m.box[1] for m in gems)
        middle = (top + image.height) / 2
        for gem in gems:
            x, y = (gem.box[0] + gem.box[2]) / 2, (gem.box[1] + gem.box[3]) / 2
            halves["upper" if y < middle else "lower"].append(gem.size)
            halves["left" if x < image.width / 2 else "right"].append(gem.size)
    mean = {k: sum(v) / len(v) for k, v in halves.items()}
    assert abs(mean["upper"] - mean["lower"]) / mean["upper"] < 0.03, mean
    assert abs(mean["left"] - mean["right"]) / mean["left"] < 0.03, mean


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
    assert CLOSER_BASE > 2.4 * picture.BASE
    image = closer_picture(view, 1)
    assert image.width == 3 * INLINE_WIDTH
    # No card beside them: none of the card board's frame colours is drawn.
    colours = {colour for _, colour in image.getcolors(1 << 20)}
    assert not colours & set(picture.BACK_COLOURS.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_look_closer_reads_at_discords_inline_size(players):
    """Landscape, its gems at least 2.4 times the round's 12 px and its labels' capitals at
    least 8 px, fitted into 550×350 and into 330 px."""
    for seed in range(6):
        view = GAME.view(GAME.new_game(seed, players)[0], 0)
        for card in range(3):
            _, layout = closer_drawing(view, card)
            assert_reads_inline(layout, {"gem": 2.4 * MIN_MARK})
            no_overlaps([m.box for m in [*layout.marks, *layout.texts]])


def no_overlaps(boxes) -> None:
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not overlapping(a, b), (a, b)


def test_look_closers_description_names_the_card_and_its_labels_never_a_size():
    from bot.games.gke.components import card_title, closer_text

    view = GAME.view(GAME.new_game(12, 2)[0], 0)
    text = closer_text(view, 2)
    shown = sorted(gem["label"] for gem, _ in closer_layout(view, 2))
    assert text.startswith(card_title(view, 2)) and ", ".join(shown) in text
    assert "size" not in text and len(text) <= 1024
