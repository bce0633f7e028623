"""The rating update: places, who changes, and the AI levels' measured ratings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.core.components import AI_LEVELS
from engine import get_kind
from engine.core.ai import own_levels
from engine.core.errors import DataFileError
from engine.ratings import ai
from engine.ratings.model import Entrant, Rating, places, rated, update

RANDOM = Rating(10.0, 2.0)


def test_only_a_table_of_two_or_more_people_is_rated() -> None:
    assert not rated([Entrant(0, 1, user_id=1), Entrant(1, 2, level="greedy")])
    assert rated([Entrant(0, 1, user_id=1), Entrant(1, 2, user_id=2)])


def test_a_seat_left_to_the_autopilot_places_last_even_when_it_won() -> None:
    table = [Entrant(0, 1, user_id=1, left=True), Entrant(1, 2, user_id=2),
             Entrant(2, 3, level="random"), Entrant(3, 1, user_id=4, left=True)]
    assert places(table) == [4, 2, 3, 4]


def test_the_winner_rises_the_loser_falls_and_ai_seats_never_change() -> None:
    table = [Entrant(0, 2, user_id=1), Entrant(1, 1, user_id=2), Entrant(2, 3, level="random")]
    changes = {c.user_id: c for c in update(table, {}, {"random": RANDOM})}
    assert set(changes) == {1, 2}
    assert changes[2].after.mu > 25 and changes[2].after.games == 1
    assert changes[1].after.shown < changes[2].after.shown


def test_beating_a_stronger_ai_level_gains_more_than_beating_a_weaker_one() -> None:
    def gain(level: Rating) -> float:
        table = [Entrant(0, 1, user_id=1), Entrant(2, 2, level="ai"), Entrant(1, 3, user_id=2)]
        (mine, _) = update(table, {}, {"ai": level})
        return mine.after.mu - mine.before.mu

    assert gain(Rating(40.0, 2.0)) > gain(Rating(10.0, 2.0))


def test_only_changes_one_persons_rating_from_their_current_one() -> None:
    table = [Entrant(0, 1, user_id=1), Entrant(1, 2, user_id=2)]
    before = {2: Rating(30.0, 4.0, 7)}
    (change,) = update(table, before, {}, only=2)
    assert change.user_id == 2 and change.before == before[2]
    assert change.after.games == 8 and change.after.mu < 30.0


@pytest.mark.parametrize("game", ["esr", "emerald", "gke"])
def test_every_level_a_lobby_offers_has_a_measured_rating(game: str) -> None:
    get_kind(game)
    measured = ai.ai_ratings(game)
    assert set(own_levels(game, list(AI_LEVELS))) <= set(measured)
    # Stronger levels rate higher (Emerald's strong only just above greedy: its edge is head
    # to head, and the ratings' tables seat all three levels, random among them).
    weakest_first = ["random", "easy", "medium", "hard", "greedy", "strong"]
    mus = [measured[level].mu for level in weakest_first if level in measured]
    assert mus == sorted(mus) and len(set(mus)) == len(mus)


def test_a_malformed_ratings_file_is_refused_naming_it(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "esr").mkdir()
    path = tmp_path / "esr" / "ai_ratings.json"
    path.write_text(json.dumps({"game": "esr", "games": 300, "seed": 1, "command": "x",
                                "levels": {"random": {"mu": 20, "sigma": -1}}}))
    monkeypatch.setenv("JUWELIER_DATA_DIR", str(tmp_path))
    ai.ai_ratings.cache_clear()
    try:
        with pytest.raises(DataFileError, match=r"ai_ratings\.json"):
            ai.ai_ratings("esr")
        path.write_text(json.dumps({"game": "gke", "games": 300, "seed": 1, "command": "x",
                                    "levels": {"random": {"mu": 20, "sigma": 1}}}))
        ai.ai_ratings.cache_clear()
        with pytest.raises(DataFileError, match="measured for 'gke'"):
            ai.ai_ratings("esr")
    finally:
        ai.ai_ratings.cache_clear()


def test_a_retired_level_plays_at_the_next_weaker_levels_rating_and_an_unknown_one_is_refused(
        ) -> None:
    esr = ai.ai_ratings("esr")
    assert ai.level_ratings("esr", {"strong-v1", "greedy"}) == {"strong-v1": esr["strong"],
                                                              "greedy": esr["greedy"]}
    with pytest.raises(DataFileError, match="'sage'"):
        ai.level_ratings("esr", {"sage"})
