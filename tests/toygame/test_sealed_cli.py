"""The command line plays any registered game: Sealed Bid in `simulate` and in the terminal."""

from __future__ import annotations

from pathlib import Path

import tests.toygame  # noqa: F401  (registers Sealed Bid)
from engine.cli import main
from engine.cli.terminal import play


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
