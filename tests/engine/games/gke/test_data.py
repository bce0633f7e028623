"""The gems and cards as data files, validated when loaded (GKE-2, GKE-3, GKE-7, GKE-8)."""

import json
import math
from collections import Counter

import pytest

from engine.core.errors import DataFileError
from engine.games.gke import data
from engine.games.gke.data import KINDS, SYMBOLS, game_data
from tests.engine.games.gke.builders import card_id, gem_id


def test_81_gems_nine_kinds_by_nine_sizes_each_symbol_once_per_kind():
    gems = game_data().gems
    assert len(gems) == 81
    for kind in range(9):
        own = [g for g in gems if g.kind == kind]
        assert sorted(g.size for g in own) == list(range(1, 10))
        assert sorted(g.symbol for g in own) == list(range(9))


def test_the_rulebook_card_aquamarine_5_spider_between_heart_and_moon():
    card = game_data().cards[card_id("aquamarine", 5)]
    assert SYMBOLS[game_data().gems[card.gem].symbol] == "spider"
    assert (SYMBOLS[card.smaller], SYMBOLS[card.larger]) == ("heart", "moon")
    assert SYMBOLS[game_data().gems[gem_id("aquamarine", 6)].symbol] == "moon"


def test_63_cards_21_per_back_every_kind_in_every_back_and_stars_by_size():
    cards = game_data().cards
    assert len(cards) == 63
    assert Counter(c.back for c in cards) == {"pink": 21, "blue": 21, "green": 21}
    for back in ("pink", "blue", "green"):
        kinds = {game_data().gems[c.gem].kind for c in cards if c.back == back}
        assert kinds == set(range(len(KINDS)))
    stars = {game_data().gems[c.gem].size: c.stars for c in cards}
    assert stars == {2: 1, 3: 2, 4: 3, 5: 3, 6: 3, 7: 2, 8: 1}


def test_sizes_grow_by_six_percent_per_step():
    assert math.isclose(data.GROWTH ** 8, 1.06 ** 8)


@pytest.mark.parametrize("breakage", ["drop_a_gem", "swap_symbols", "wrong_stars", "not_json"])
def test_a_broken_data_file_is_refused_naming_the_folder(tmp_path, monkeypatch, breakage):
    source = data.data_dir()
    gems = json.loads((source / "gems.json").read_text())
    cards = json.loads((source / "cards.json").read_text())
    if breakage == "drop_a_gem":
        gems.pop()
    elif breakage == "swap_symbols":
        gems[0]["symbol"], gems[1]["symbol"] = gems[1]["symbol"], gems[0]["symbol"]
    elif breakage == "wrong_stars":
        cards[0]["stars"] = 3
    (tmp_path / "gems.json").write_text(json.dumps(gems))
    (tmp_path / "cards.json").write_text("{" if breakage == "not_json" else json.dumps(cards))
    monkeypatch.setenv("JUWELIER_GKE_DATA", str(tmp_path))
    game_data.cache_clear()
    try:
        with pytest.raises(DataFileError, match=str(tmp_path)):
            game_data()
    finally:
        monkeypatch.delenv("JUWELIER_GKE_DATA")
        game_data.cache_clear()
    assert len(game_data().gems) == 81


def test_the_files_are_what_the_generator_writes(tmp_path, monkeypatch):
    monkeypatch.setenv("JUWELIER_GKE_DATA", str(tmp_path))
    from engine.games.gke import generate

    generate.main()
    for name in ("gems.json", "cards.json"):
        monkeypatch.delenv("JUWELIER_GKE_DATA")
        committed = (data.data_dir() / name).read_text()
        monkeypatch.setenv("JUWELIER_GKE_DATA", str(tmp_path))
        assert (tmp_path / name).read_text() == committed
