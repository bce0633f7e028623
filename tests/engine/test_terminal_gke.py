"""`python -m engine play --game gke`: the person races the AI seats in the terminal; each
round's picture is written to a file and the terminal says where."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.cli.terminal import play
from engine.games.gke.game import GkeGame


def pick_for_an_empty_card(said: list[str]) -> str:
    """The number of the last prompt's first option for a card the player holds no gem for,
    of a gem they do not hold for another card (which would only move it)."""
    options = re.findall(r"^  (\d+)\. (.+?) — (.+)$", said[-1], re.M)
    backs = [(label.split()[-1], card) for _, label, card in options
             if label.startswith("Put back")]
    cards, gems = {card for _, card in backs}, {gem for gem, _ in backs}
    return next((number for number, label, card in options
                 if not label.startswith("Put back") and card not in cards
                 and label not in gems), "1")


async def test_a_person_races_ai_seats_through_a_whole_game_with_pictures(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The AI seats think a hundredth of a second, so the game runs at a test's pace.
    monkeypatch.setattr(GkeGame, "think_time", lambda *args: 0.01)
    said: list[str] = []
    code = await play(3, ask=lambda _: pick_for_an_empty_card(said), say=said.append,
                      ai_level="hard",
                      db=tmp_path / "t.db", seed=5, name="Ada", game="gke")
    text = "\n".join(said)
    assert code == 0
    assert "Round 1 of 6" in text and "Round 6 of 6" in text
    pictures = re.findall(r"The picture of the table:\s+(\S+)", text)
    assert len(pictures) == 6  # one per round
    for path in pictures:
        assert Path(path).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "AI 1 (seat 2)" in text or "points" in text  # the final standings
