"""`python -m engine play`: a whole game in the terminal through the service."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

from engine import get_kind
from engine.cli import main
from engine.cli.terminal import play
from engine.core.game import GameEvent
from engine.core.plaintext import fit
from engine.games.esr import events as ev
from engine.games.esr.state import ACTION_NAMES
from engine.games.esr.text import board

EVENT_TYPES = [cls for _, cls in inspect.getmembers(ev, inspect.isclass)
               if issubclass(cls, GameEvent) and cls is not GameEvent]


async def whole_game(tmp_path: Path, players: int = 4, seed: int = 3) -> list[str]:
    """Everything a scripted player (always option 1, named Ada) is shown in one game."""
    said: list[str] = []
    answers = iter(["1"] * 2000)
    code = await play(players, ask=lambda _: next(answers), say=said.append,
                      db=tmp_path / "t.db", seed=seed, name="Ada")
    assert code == 0
    return said


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


async def test_every_move_is_narrated_in_sentences_not_event_names(tmp_path: Path) -> None:
    text = "\n".join(await whole_game(tmp_path))
    assert "  • Reveal: " in text
    assert "AI 1 has chosen an action card." in text, "AI moves are narrated too"
    assert "Ada has chosen an action card." in text
    assert "Scoring of round 1 " in text and "The game is over: " in text
    for cls in EVENT_TYPES:
        raw = cls.model_fields["type"].default
        assert cls.__name__ not in text and raw not in text and raw.replace("_", " ") not in text


async def test_the_board_never_shows_another_seats_card_before_the_reveal(tmp_path: Path) -> None:
    boards = [s for s in await whole_game(tmp_path) if s.lstrip().startswith("=== Round")]
    choosing = [b for b in boards if "choosing..." in b]  # the human still has to choose
    assert choosing
    cards = [f"[{name}]" for name in ACTION_NAMES.values()]
    for table in choosing:
        for row in table.splitlines():
            if row.startswith("  AI "):
                assert "has chosen" in row and not any(c in row for c in cards), row


def test_the_board_shows_only_the_viewers_own_secret_card() -> None:
    esr = get_kind("esr")
    state, _ = esr.new_game(5, 3)
    state, _ = esr.apply(state, 0, {"type": "choose", "card": "event"})
    state, _ = esr.apply(state, 1, {"type": "choose", "card": "money"})
    rows = board(esr.view(state, 0), ["Ada", "Bo", "Cy"]).splitlines()
    ada, bo, cy = (next(r for r in rows if r.startswith(f"  {n}")) for n in ("Ada", "Bo", "Cy"))
    assert "Ada (you)" in ada and "[Event] (secret)" in ada
    assert "has chosen" in bo and "[Money]" not in bo
    assert "choosing..." in cy


async def test_a_quit_game_goes_on_with_resume(tmp_path: Path) -> None:
    said: list[str] = []
    first = iter(["1", "1", "q"])
    assert await play(4, ask=lambda _: next(first), say=said.append, db=tmp_path / "t.db",
                      seed=5, name="Ada") == 0
    assert "--resume --db" in said[-1]
    more: list[str] = []
    answers = iter(["1"] * 2000)
    assert await play(4, ask=lambda _: next(answers), say=more.append, db=tmp_path / "t.db",
                      resume=True) == 0
    text = "\n".join(more)
    assert text.startswith("Going on with game #1") and "=== Game over ===" in text


async def test_resume_without_a_saved_game_says_so(tmp_path: Path) -> None:
    said: list[str] = []
    assert await play(4, ask=input, say=said.append, db=tmp_path / "empty.db", resume=True) == 2
    assert said == [fit(f"There is no unfinished game in {tmp_path / 'empty.db'}.")]


async def test_ai_seats_are_numbered_in_seat_order(tmp_path: Path) -> None:
    said = await whole_game(tmp_path, players=4, seed=9)
    reveal = next(line for line in said if "Reveal" in line)
    ais = [word for word in reveal.replace(",", " ").split() if word.isdigit()]
    assert ais == sorted(ais)


async def test_each_round_is_scored_with_the_channels_table(tmp_path: Path) -> None:
    text = "\n".join(await whole_game(tmp_path, players=3, seed=3))
    for round_no in (1, 2, 3):
        assert f"Scoring of round {round_no} (gemstones held → millions paid):" in text
    for name in ("Ada", "AI 1", "AI 2"):  # one block per player each round, as in the channel
        assert len(re.findall(rf"\n    {name}: \+\d+ → \d+ million\n", text)) == 3, name
    assert text.count(" · blue ") >= 9


def test_a_name_longer_than_discords_is_refused(capsys) -> None:
    assert main(["play", "--name", "x" * 33]) == 2
    assert "--name takes a name of 1 to 32 characters." in capsys.readouterr().err
    assert main(["--language", "de", "play", "--name", "   "]) == 2
    assert "--name erwartet einen Namen mit 1 bis 32 Zeichen." in capsys.readouterr().err


def test_the_ai_levels_are_the_games_own(capsys, monkeypatch) -> None:
    """Große kleine Edelsteine's seats play easy, medium or hard; a level the game does not
    play its own way is refused with the levels it does, as a lobby offers them."""
    import engine.cli.terminal as terminal

    started = []
    monkeypatch.setattr(terminal, "run", lambda *args, **kwargs: started.append(args) or 0)
    assert main(["play", "--game", "gke", "--players", "2", "--ai", "hard"]) == 0
    assert started and started[0][1] == "hard"
    assert main(["play", "--game", "gke", "--players", "2", "--ai", "strong"]) == 2
    assert ("--ai: Große kleine Edelsteine plays the AI levels easy, hard, medium, random."
            in capsys.readouterr().err)
    assert main(["play", "--players", "3", "--ai", "hard"]) == 2
    assert "greedy, random, strong" in capsys.readouterr().err
    assert main(["--language", "de", "play", "--players", "3", "--ai", "hard"]) == 2
    assert "--ai: Edel, Stein & Reich kennt die KI-Stufen greedy" in capsys.readouterr().err
