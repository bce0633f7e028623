"""The standings' text lines count points as a reader would say them, in every language."""

from __future__ import annotations

import pytest

from bot.core.tournaments.texts import standings_lines
from engine.core.i18n import use_locale
from engine.tournament.standings import Standing
from tests.bot.core.tournaments.test_standings_picture import tournament


def line(points: float) -> Standing:
    """A first place with `points`."""
    return Standing(user_id=1, rank=1, points=points, buchholz=2.0, score=7.0, played=2,
                    dropped=False)


@pytest.mark.parametrize("points,shown", [(1, "1 pt ·"), (1.5, "1.5 pts ·"), (0, "0 pts ·"),
                                          (3, "3 pts ·")])
def test_one_point_is_singular_and_half_points_plural(points: float, shown: str) -> None:
    (text,) = standings_lines(tournament(1), [line(points)])
    assert shown in text


@pytest.mark.parametrize("language,shown", [("de", "1 Pkt. ·"), ("da", "1 point ·")])
def test_one_point_in_german_and_danish(language: str, shown: str) -> None:
    with use_locale(language):
        (text,) = standings_lines(tournament(1), [line(1)])
    assert shown in text
