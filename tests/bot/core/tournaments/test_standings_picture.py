"""The standings picture reads inline at every size of tournament, and says what it shows."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from bot.core.tournaments.picture import draw_standings, standings_picture
from engine.store.tournaments import Entrant, TournamentInfo
from engine.tournament.standings import Standing
from tests.bot.pictures import assert_reads_inline, overlapping


def tournament(players: int) -> TournamentInfo:
    """A running tournament with members named after their number (long names too)."""
    names = ["Maximiliane von Hohenberg-Schillingsfürst", "Bo", "Søren", "Jürgen"]
    return TournamentInfo(
        id=3, guild_id=1, channel_id=2, organiser_id=9, kind="emerald", format="swiss",
        rounds=3, table_size=4, status="running", round=2, told_round=1, created_at=0.0,
        updated_at=0.0, entrants=[Entrant(user_id=u, name=f"{names[u % 4]} {u}", joined=u)
                                  for u in range(1, players + 1)])


def lines(players: int) -> list[Standing]:
    """Standings with double-digit points and scores."""
    return [Standing(user_id=u, rank=u, points=12.5 - u / 8, buchholz=40.5, score=123.0,
                     played=3, dropped=u == 2) for u in range(1, players + 1)]


@pytest.mark.parametrize("players", [3, 8, 12, 13, 24, 64])
def test_the_standings_picture_reads_inline(players: int) -> None:
    data, layout = draw_standings(tournament(players), "Emerald tournament #3: standings after "
                                                       "round 2 of 3", lines(players))
    assert_reads_inline(layout)
    with Image.open(io.BytesIO(data)) as image:
        assert image.size == (layout.width, layout.height)
    names = [t for t in layout.texts if t.what == "name"]
    assert len(names) == min(players, 12)
    texts = [t for t in layout.texts if t.what != "heading"]
    for a, b in itertools.combinations(texts, 2):
        assert not overlapping(a.box, b.box), (a, b)
    assert any(t.what == "more" for t in layout.texts) == (players > 12)


def test_the_alt_text_names_the_leaders_and_their_points() -> None:
    picture = standings_picture(tournament(5), "heading", lines(5))
    assert "1. Bo 1 (12.375)" in picture.description
    assert picture.filename.endswith(".png") and picture.png.startswith(b"\x89PNG")
