"""`python -m engine simulate|replay|play --game emerald`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.cli import main


def test_simulate_exports_records_that_replay_to_the_same_standings(tmp_path: Path, capsys):
    assert main(["simulate", "--game", "emerald", "--players", "2", "--games", "3", "--seed",
                 "4", "--policy", "greedy,random", "--export", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Emerald: 3 games, 2 players" in out and "gold" in out
    files = sorted(tmp_path.glob("emerald-*.json"))
    assert [f.name for f in files] == ["emerald-4.json", "emerald-5.json", "emerald-6.json"]
    record = json.loads(files[0].read_text())
    assert record["kind"] == "emerald" and len(record["seats"]) == 2
    assert main(["replay", str(files[0])]) == 0
    replayed = capsys.readouterr().out
    assert replayed.count(" gold (") == 2 and "winner:" in replayed


def test_play_in_the_terminal_runs_a_game_to_its_end():
    answers = "1\n" * 400
    done = subprocess.run(
        [sys.executable, "-m", "engine", "play", "--game", "emerald", "--players", "3",
         "--seed", "2", "--ai", "random"], input=answers, capture_output=True, text=True,
        timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "Move a knight: as many steps as knights stand on its space." in done.stdout
    assert "Dragon on C4, heading toward the castle" in done.stdout
    assert "=== Game over ===" in done.stdout
