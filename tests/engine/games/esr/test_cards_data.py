"""The ESR card lists in data/esr: the shipped files match RULINGS, broken files are refused."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import DataFileError
from engine.games.esr.cards import Cards, cards, data_dir, load_cards

REPO_DATA = Path(__file__).resolve().parents[4] / "data"
GEM_FILE, EVENT_FILE = "gem_cards.json", "event_cards.json"

# RULINGS "ESR gemstone cards (30)": money -> the gems on each card.
RULED_GEM_CARDS = {
    7: ["RY", "RY", "RG", "RB", "YG", "YB", "GB", "GB"],
    6: ["RYG", "RYB", "RGB", "YGB", "RRG", "YYB", "GGB"],
    5: ["RYG", "RYB", "RGB", "YGB", "BBR", "GGY", "BBY"],
    4: ["RYGB", "RYGB", "RYGB", "RRYY", "RRYY", "RRGG", "YYBB", "RGGB"],
}
# ESR-8 and ESR-9: the event deck.
RULED_EFFECTS = {
    "colour_bonus": 4, "majority_bonus": 2, "per_gem": 4, "certificate": 15,
    "one_plus_one": 2, "half_scoring": 2, "exchange": 4, "remove": 2, "trio": 2, "halve_all": 2,
}
SCORING_EFFECTS = {"colour_bonus", "majority_bonus", "per_gem", "certificate"}


def normalised(gems: str) -> str:
    """Gem letters in scoring-card order, so 'BBR' and 'RBB' compare equal."""
    return "".join(sorted(gems, key="RYGB".index))


@pytest.fixture(scope="module")
def shipped() -> Cards:
    return load_cards(REPO_DATA)


# --- The shipped data -----------------------------------------------------------------------


def test_shipped_data_is_what_the_engine_loads_by_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUWELIER_DATA_DIR", raising=False)
    assert data_dir().resolve() == REPO_DATA
    assert cards() == load_cards(REPO_DATA)


def test_shipped_gem_cards_are_exactly_the_ruled_deck_of_30(shipped: Cards) -> None:
    assert [c.id for c in shipped.gem] == list(range(30))
    by_money: dict[int, list[str]] = {}
    for card in shipped.gem:
        by_money.setdefault(card.money, []).append(normalised(card.gems))
    assert {m: sorted(g) for m, g in by_money.items()} == {
        m: sorted(normalised(g) for g in gs) for m, gs in RULED_GEM_CARDS.items()
    }


def test_shipped_gem_cards_hold_22_or_23_of_each_colour(shipped: Cards) -> None:
    per_colour = Counter("".join(c.gems for c in shipped.gem))
    assert dict(per_colour) == {"R": 23, "Y": 23, "G": 22, "B": 22}


def test_shipped_gem_cards_show_2_3_3_4_gems_for_7_6_5_4_million(shipped: Cards) -> None:
    for card in shipped.gem:
        assert len(card.gems) == {7: 2, 6: 3, 5: 3, 4: 4}[card.money]
        assert sum(card.counts) == len(card.gems)


def test_shipped_event_deck_has_39_cards_with_the_ruled_counts(shipped: Cards) -> None:
    assert [c.id for c in shipped.event] == list(range(39))
    assert dict(Counter(c.effect for c in shipped.event)) == RULED_EFFECTS
    for card in shipped.event:
        assert card.kind == ("scoring" if card.effect in SCORING_EFFECTS else "instant")
        assert card.name.strip() and card.text.strip()


def test_esr9_shipped_colour_bonus_amounts_are_8_7_6_5_one_per_colour(shipped: Cards) -> None:
    bonuses = [(c.colour, c.amount) for c in shipped.event if c.effect == "colour_bonus"]
    assert sorted(bonuses) == sorted([("red", 8), ("yellow", 7), ("green", 6), ("blue", 5)])


def test_esr9_shipped_majority_and_per_gem_cards(shipped: Cards) -> None:
    assert [c.amount for c in shipped.event if c.effect == "majority_bonus"] == [4, 4]
    per_gem = [(c.colour, c.amount) for c in shipped.event if c.effect == "per_gem"]
    assert sorted(per_gem) == sorted([("red", 1), ("yellow", 1), ("green", 1), ("blue", 1)])


def test_esr8_shipped_one_plus_one_cards_are_red_blue_and_yellow_green(shipped: Cards) -> None:
    pairs = [set(c.colours) for c in shipped.event if c.effect == "one_plus_one"]
    assert sorted(pairs, key=sorted) == [{"red", "blue"}, {"yellow", "green"}]


# --- Malformed files ------------------------------------------------------------------------


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A writable copy of the shipped data: tmp_path/esr/{gem,event}_cards.json."""
    shutil.copytree(REPO_DATA / "esr", tmp_path / "esr")
    return tmp_path


def edit(folder: Path, name: str, change: Callable[[dict[str, Any]], None]) -> None:
    """Load one data file of the copy, change it, write it back."""
    path = folder / "esr" / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def refused(folder: Path, file_name: str) -> str:
    """load_cards must refuse the copy with a DataFileError naming the broken file."""
    with pytest.raises(DataFileError) as caught:
        load_cards(folder)
    message = caught.value.message
    assert str(folder / "esr" / file_name) in message
    assert str(caught.value) == message
    return message


def test_copied_data_loads_so_every_refusal_below_is_caused_by_its_edit(folder: Path) -> None:
    assert load_cards(folder) == load_cards(REPO_DATA)


@pytest.mark.parametrize("name", [GEM_FILE, EVENT_FILE])
def test_invalid_json_is_refused_naming_the_file(folder: Path, name: str) -> None:
    (folder / "esr" / name).write_text('{"game": "esr", "gem_cards": [', encoding="utf-8")
    assert "not valid JSON" in refused(folder, name)


@pytest.mark.parametrize("name", [GEM_FILE, EVENT_FILE])
def test_missing_file_is_refused_naming_the_file(folder: Path, name: str) -> None:
    (folder / "esr" / name).unlink()
    assert "missing" in refused(folder, name)


def test_missing_data_folder_is_refused(tmp_path: Path) -> None:
    assert "missing" in refused(tmp_path, GEM_FILE)


@pytest.mark.parametrize("name", [GEM_FILE, EVENT_FILE])
def test_file_that_is_not_utf8_text_is_refused_naming_the_file(folder: Path, name: str) -> None:
    (folder / "esr" / name).write_bytes(b"\xff\xfe{\x00")
    refused(folder, name)


def test_gem_deck_with_29_cards_is_refused(folder: Path) -> None:
    edit(folder, GEM_FILE, lambda d: d["gem_cards"].pop())
    assert "gem_cards" in refused(folder, GEM_FILE)


def test_event_deck_with_40_cards_is_refused(folder: Path) -> None:
    def add_certificate(data: dict[str, Any]) -> None:
        extra = dict(data["event_cards"][10], id=39)
        data["event_cards"].append(extra)

    edit(folder, EVENT_FILE, add_certificate)
    assert "event_cards" in refused(folder, EVENT_FILE)


def test_gem_card_whose_gem_count_does_not_match_its_money_is_refused(folder: Path) -> None:
    def three_gems_on_a_7(data: dict[str, Any]) -> None:
        data["gem_cards"][0]["gems"] = "RYG"  # a 7 million card shows 2 gemstones

    edit(folder, GEM_FILE, three_gems_on_a_7)
    message = refused(folder, GEM_FILE)
    assert "card 0" in message and "7 million" in message


def test_gem_card_with_an_unknown_money_value_is_refused(folder: Path) -> None:
    edit(folder, GEM_FILE, lambda d: d["gem_cards"][3].update(money=8))
    refused(folder, GEM_FILE)


def test_gem_card_with_an_unknown_colour_letter_is_refused(folder: Path) -> None:
    edit(folder, GEM_FILE, lambda d: d["gem_cards"][0].update(gems="RX"))
    refused(folder, GEM_FILE)


def test_gem_deck_with_only_21_blue_is_refused(folder: Path) -> None:
    edit(folder, GEM_FILE, lambda d: d["gem_cards"][6].update(gems="GG"))  # was GB
    assert "blue appears 21 times" in refused(folder, GEM_FILE)


def test_gem_card_ids_out_of_order_are_refused(folder: Path) -> None:
    def swap_ids(data: dict[str, Any]) -> None:
        first, second = data["gem_cards"][0], data["gem_cards"][1]
        first["id"], second["id"] = 1, 0

    edit(folder, GEM_FILE, swap_ids)
    refused(folder, GEM_FILE)


def test_event_card_with_an_unknown_effect_is_refused(folder: Path) -> None:
    edit(folder, EVENT_FILE, lambda d: d["event_cards"][29].update(effect="teleport"))
    message = refused(folder, EVENT_FILE)
    assert "event_cards.29" in message and "teleport" in message


def test_event_deck_with_wrong_counts_per_effect_is_refused(folder: Path) -> None:
    edit(folder, EVENT_FILE, lambda d: d["event_cards"][29].update(effect="trio"))  # was exchange
    assert "deck must hold" in refused(folder, EVENT_FILE)


def test_scoring_effect_declared_as_instant_is_refused(folder: Path) -> None:
    edit(folder, EVENT_FILE, lambda d: d["event_cards"][10].update(kind="instant"))
    refused(folder, EVENT_FILE)


def test_data_file_for_another_game_is_refused(folder: Path) -> None:
    edit(folder, GEM_FILE, lambda d: d.update(game="emerald"))
    refused(folder, GEM_FILE)


@pytest.mark.parametrize(("card", "change"), [
    (1, {"amount": 5}),  # yellow +5 instead of +7
    (3, {"colour": "red"}),  # two red bonuses, none for blue
], ids=["wrong-amount", "colour-twice"])
def test_esr9_colour_bonus_cards_other_than_8_7_6_5_one_per_colour_are_refused(
        folder: Path, card: int, change: dict[str, Any]) -> None:
    edit(folder, EVENT_FILE, lambda d: d["event_cards"][card].update(change))
    assert "ESR-9" in refused(folder, EVENT_FILE)


@pytest.mark.parametrize(("card", "change"), [
    (4, {"amount": 5}),  # majority bonus +5 instead of +4
    (6, {"colour": "blue"}),  # two blue per-gemstone cards, none for red
    (9, {"amount": 2}),  # 2 million per blue gemstone
], ids=["majority-bonus-amount", "per-gem-colour-twice", "per-gem-amount"])
def test_esr9_majority_and_per_gem_cards_other_than_ruled_are_refused(
        folder: Path, card: int, change: dict[str, Any]) -> None:
    edit(folder, EVENT_FILE, lambda d: d["event_cards"][card].update(change))
    assert "ESR-9" in refused(folder, EVENT_FILE)


def test_esr8_one_plus_one_cards_other_than_red_blue_and_yellow_green_are_refused(
        folder: Path) -> None:
    edit(folder, EVENT_FILE, lambda d: d["event_cards"][25].update(colours=["red", "yellow"]))
    assert "ESR-8" in refused(folder, EVENT_FILE)


def test_data_dir_override_is_used_by_load_cards(folder: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUWELIER_DATA_DIR", str(folder))
    assert data_dir() == folder
    (folder / "esr" / EVENT_FILE).unlink()
    with pytest.raises(DataFileError, match="missing"):
        load_cards()
