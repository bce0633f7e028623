"""`python -m engine play`: a whole game in the terminal through the service."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.terminal import play


async def test_a_scripted_player_finishes_a_whole_game(tmp_path: Path) -> None:
    said: list[str] = []
    answers = iter(["x", "1"] + ["1"] * 2000)  # one unreadable answer first
    code = await play(3, ask=lambda _: next(answers), say=said.append, db=tmp_path / "t.db",
                      seed=7)
    text = "\n".join(said)
    assert code == 0
    assert "Please type one of the numbers shown." in text
    assert "=== Game over ===" in text and "Winner:" in text
    assert text.count("=== Round 3/3") >= 1


async def test_quitting_stops_cleanly_and_keeps_the_game(tmp_path: Path) -> None:
    said: list[str] = []
    answers = iter(["1", "q"])
    code = await play(4, ask=lambda _: next(answers), say=said.append, db=tmp_path / "t.db")
    assert code == 0
    assert said[-1].startswith("Bye")
    assert (tmp_path / "t.db").exists()


def test_end_of_input_quits_the_command_line_game() -> None:
    out = subprocess.run([sys.executable, "-m", "engine", "play", "--players", "3"],
                         input="", capture_output=True, text=True, timeout=60)
    assert out.returncode == 0
    assert "Choose your action card" in out.stdout and "Bye" in out.stdout
