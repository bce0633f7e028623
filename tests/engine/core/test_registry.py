"""The registry of game kinds."""

import pytest

from engine import get_kind, kinds
from engine.core.errors import IllegalAction, UnknownGame


def test_esr_is_registered_with_its_player_counts_and_settings_schema() -> None:
    esr = get_kind("esr")
    assert esr.title == "Edel, Stein & Reich"
    assert (esr.min_players, esr.max_players) == (3, 5)
    assert esr.settings_model.model_json_schema()["type"] == "object"
    assert esr in kinds()


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match="esr"):
        get_kind("chess")


def test_wrong_player_count_is_refused_with_a_clear_message() -> None:
    with pytest.raises(IllegalAction, match="needs 3 to 5 players, not 2"):
        get_kind("esr").new_game(1, 2)


def test_unknown_settings_are_refused_with_a_message() -> None:
    with pytest.raises(IllegalAction, match="rounds"):
        get_kind("esr").new_game(1, 3, {"rounds": 9})


def test_a_bool_is_not_a_seat() -> None:
    esr = get_kind("esr")
    state, _ = esr.new_game(1, 3)
    with pytest.raises(IllegalAction):
        esr.apply(state, True, {"type": "choose", "card": "money"})


def test_a_viewer_without_a_seat_sees_the_spectator_view() -> None:
    esr = get_kind("esr")
    state, _ = esr.new_game(1, 3)
    assert esr.view(state, 7) == esr.view(state, None)


def test_built_in_games_come_from_the_entry_points_and_lead_the_list() -> None:
    from engine.core.registry import builtin_packages

    assert "engine.games.esr" in builtin_packages()
    assert kinds()[0].name == "esr"


def test_esr_decisions_carry_their_ui_hint() -> None:
    from engine.core.game import DecisionUI

    esr = get_kind("esr")
    state, _ = esr.new_game(1, 3)
    assert {d.ui for d in esr.pending(state)} == {DecisionUI.SECRET}
    assert all(d.partner is None for d in esr.pending(state))


@pytest.mark.parametrize("first", ["engine.games.esr", "engine.games.emerald"])
def test_the_order_of_games_does_not_depend_on_which_is_imported_first(first) -> None:
    import subprocess
    import sys

    shown = subprocess.run(
        [sys.executable, "-c", f"import {first}\nfrom engine.core.registry import kinds\n"
                               "print(','.join(k.name for k in kinds()))"],
        capture_output=True, text=True, check=True).stdout.strip()
    assert shown == "esr,emerald,gke"
