"""`python -m engine simulate` and `replay`."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.core.ai import POLICIES, SEAT_LEVELS


def test_simulate_prints_a_summary_with_wins_per_seat(capsys) -> None:
    assert main(["simulate", "--players", "3", "--games", "4", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "4 games, 3 players" in out
    rows = [line for line in out.splitlines() if line.strip().startswith(("1 ", "2 ", "3 "))]
    assert len(rows) == 3
    assert sum(int(row.split()[2]) for row in rows) >= 4  # every game has at least one winner
    assert "games per CPU-second" in out


def test_simulate_is_deterministic_for_a_seed(capsys) -> None:
    main(["simulate", "--players", "4", "--games", "3", "--seed", "8"])
    first = capsys.readouterr().out.splitlines()[:-1]  # the last line is the speed
    main(["simulate", "--players", "4", "--games", "3", "--seed", "8"])
    assert capsys.readouterr().out.splitlines()[:-1] == first


def test_export_then_replay_prints_the_same_final_standings(tmp_path: Path, capsys) -> None:
    assert main(["simulate", "--players", "5", "--games", "2", "--seed", "20",
                 "--export", str(tmp_path)]) == 0
    capsys.readouterr()
    files = sorted(tmp_path.glob("esr-*.json"))
    assert [f.name for f in files] == ["esr-20.json", "esr-21.json"]
    record = json.loads(files[0].read_text())
    assert record["seed"] == 20 and len(record["seats"]) == 5 and record["actions"]
    assert main(["replay", str(files[0])]) == 0
    out = capsys.readouterr().out
    assert out.count(" million, ") == 5
    assert "winner:" in out


def test_bad_player_count_and_policy_list_fail_with_exit_code_2(capsys) -> None:
    assert main(["simulate", "--players", "6", "--games", "1"]) == 2
    assert "needs 3 to 5 players" in capsys.readouterr().err
    assert main(["simulate", "--players", "4", "--policy", "random,random", "--games", "1"]) == 2
    assert main(["simulate", "--players", "3", "--policy", "genius", "--games", "1"]) == 2
    assert "Unknown AI level" in capsys.readouterr().err


def test_python_dash_m_engine_runs() -> None:
    out = subprocess.run([sys.executable, "-m", "engine", "simulate", "--players", "3",
                          "--games", "1"], capture_output=True, text=True, check=True)
    assert "1 games, 3 players" in out.stdout


def test_simulate_can_show_a_seat_to_the_others_as_a_person(capsys, monkeypatch) -> None:
    seen: list[tuple] = []

    def spy(kind, state, decision, rng):
        seen.append(SEAT_LEVELS.get())
        return decision.options[0].action

    monkeypatch.setitem(POLICIES, "spy", spy)
    assert main(["simulate", "--players", "3", "--games", "1", "--policy",
                 "spy,random,greedy", "--people", "2"]) == 0
    assert seen and set(seen) == {("spy", None, "greedy")}
    out = capsys.readouterr().out
    assert "random*" in out and "as a person" in out


def test_simulate_refuses_people_outside_the_table(capsys) -> None:
    assert main(["simulate", "--players", "3", "--games", "1", "--people", "4"]) == 2
    assert "outside 1..3" in capsys.readouterr().err
    assert main(["simulate", "--players", "3", "--games", "1", "--people", "two"]) == 2
    assert "seat numbers" in capsys.readouterr().err


def test_games_lists_every_registered_game(capsys) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "esr" in out and "Edel, Stein & Reich (3–5 players)" in out


def test_an_unknown_game_is_refused_by_name(capsys) -> None:
    assert main(["simulate", "--game", "chess", "--games", "1"]) == 2
    assert "no game called 'chess'" in capsys.readouterr().err
    assert main(["play", "--game", "chess"]) == 2
    assert "no game called 'chess'" in capsys.readouterr().err


def test_play_help_describes_every_option(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for words in ("seats at the table, you included", "random (any legal move)",
                  "strong (the hardest", "play the same deal again", "--resume", "--db FILE"):
        assert words in out
