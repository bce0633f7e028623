"""The command line plays any registered game: Sealed Bid in `simulate` and in the terminal."""

from __future__ import annotations

from pathlib import Path

import tests.toygame  # noqa: F401  (registers Sealed Bid)
from engine.cli import main
from engine.cli.terminal import play
from engine.core.plaintext import width


def test_simulate_and_games_take_the_test_game_by_name(capsys) -> None:
    assert main(["games"]) == 0
    assert "sealed" in capsys.readouterr().out
    assert main(["simulate", "--game", "sealed", "--players", "4", "--games", "5",
                 "--policy", "random,greedy,strong,random"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Sealed Bid: 5 games, 4 players")
    assert main(["simulate", "--game", "sealed", "--players", "5", "--games", "1"]) == 2
    assert "needs 2 to 4 players, not 5" in capsys.readouterr().err


async def test_a_whole_game_of_sealed_bid_in_the_terminal(tmp_path: Path) -> None:
    said: list[str] = []
    answers = iter(["9", "x"] + ["1"] * 200)  # an option that is not there, a word, then 1s
    code = await play(3, ask=lambda _: next(answers), say=said.append, db=tmp_path / "t.db",
                      seed=4, name="Ada", game="sealed")
    text = "\n".join(said)
    assert code == 0
    assert "=== Sealed Bid · round 1/3" in text and "Ada (you)" in text
    assert "Please type one of the numbers shown." in text
    assert "=== Game over ===" in text and "Winner:" in text and " points" in text


async def test_the_terminal_lays_out_the_test_game_within_80_columns(tmp_path: Path) -> None:
    said: list[str] = []
    answers = iter(["b", "1 0 0"] + ["1"] * 200)  # the whole board on request; no free answers
    name = "Maximiliane Theodora von Gruenau"  # 32 characters, as long as a Discord name
    code = await play(4, ask=lambda _: next(answers), say=said.append, db=tmp_path / "t.db",
                      seed=4, name=name, game="sealed")
    assert code == 0
    lines = [line for text in said for line in text.split("\n")]
    assert all(width(line) <= 80 for line in lines), [ln for ln in lines if width(ln) > 80]
    boards = [i for i, text in enumerate(said) if text.startswith("\n=== Sealed Bid · round 1")]
    assert len(boards) == 2 and said[boards[0]] == said[boards[1]], "once, and again for b"
    assert said[boards[1] + 1] == said[boards[0] + 1], "then the same question again"
    assert "Please type one of the numbers shown." in said, "a game with no free answers"
    assert "=== Game over ===" in "\n".join(said)
