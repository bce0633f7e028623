"""Nothing changes for stored games: every random game of seeds 1–1000 at 3, 4 and 5 players
has the same action log and the same final state as with the engine before its speed rewrite
(tests/fixtures/random_game_hashes_v1.json, made by make_random_game_hashes.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fixtures.make_random_game_hashes import PLAYERS, SEEDS, fingerprint

FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "random_game_hashes_v1.json"


@pytest.mark.parametrize("players", PLAYERS)
def test_every_random_game_plays_and_ends_exactly_as_before(players: int) -> None:
    expected = json.loads(FIXTURE.read_text(encoding="utf-8"))[str(players)]
    assert len(expected) == len(SEEDS)
    changed = [seed for seed in SEEDS if fingerprint(players, seed) != expected[str(seed)]]
    assert changed == []
