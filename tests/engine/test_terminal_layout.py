"""The terminal game as a player reads it: every line within 80 columns in every language and
at every table size, the board redrawn only where it changed, and malformed answers told what
is wrong while nothing is played."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine import get_kind
from engine.cli.terminal import play
from engine.core.game import GameKind
from engine.core.i18n import use_locale
from engine.core.plaintext import width
from engine.core.seats import seat_pattern
from engine.games.esr.text import board, board_changes

NAMES = ["Maximiliane Theodora von Gruenau",  # 32 characters, the longest a Discord name has
         "💎 Ruby 🔺 Queen of All the Gems 💎",  # 32 characters, 36 columns
         "Bartholomäus-Friedrich-Wilhelmse"]  # 32 characters and no space to break at
OPTION = re.compile(r"^  (\d+)\. ", re.MULTILINE)
EXAMPLE = "0 1 0 2"  # the typed-offer example, the same in every language


@dataclass
class Transcript:
    """What the terminal said, and each answer with how much had been said when it was asked."""

    said: list[str] = field(default_factory=list)
    asks: list[tuple[int, str]] = field(default_factory=list)

    def between(self, ask: int) -> list[str]:
        """What was said after answer `ask` was typed, up to the next question."""
        start = self.asks[ask][0]
        end = self.asks[ask + 1][0] if ask + 1 < len(self.asks) else len(self.said)
        return self.said[start:end]

    def prompt(self) -> str:
        """The last prompt with numbered options."""
        return next(text for text in reversed(self.said) if OPTION.search(text))


Answer = Callable[[Transcript], str]


async def scripted(tmp_path: Path, answer: Answer, players: int = 4, language: str = "en",
                   seed: int = 3, name: str = "Ada", resume: bool = False) -> Transcript:
    """A whole game (or until `answer` says q) against greedy seats, in `language`."""
    transcript = Transcript()

    def ask(prompt: str) -> str:
        assert prompt == "> "
        assert len(transcript.asks) < 3000, "the scripted player is stuck"
        reply = answer(transcript)
        transcript.asks.append((len(transcript.said), reply))
        return reply

    with use_locale(language):
        code = await play(players, ask=ask, say=transcript.said.append, ai_level="greedy",
                          db=tmp_path / "t.db", seed=seed, name=name, resume=resume)
    assert code == 0
    return transcript


def random_player(seed: int) -> Answer:
    """Any option, now and then the whole board, a malformed offer or a typed one."""
    rng = random.Random(seed)

    def answer(transcript: Transcript) -> str:
        prompt = transcript.prompt()
        roll = rng.random()
        if roll < 0.08 or not transcript.asks:
            return "b"
        if EXAMPLE in prompt and roll < 0.2:
            return rng.choice(["1 0 0", "0 0 0 1", "1 0 0 0 0", "-1 0 0 0", "x 1 0 0"])
        return str(rng.randint(1, max(int(n) for n in OPTION.findall(prompt))))

    return answer


def always(reply: str, first: tuple[str, ...] = ()) -> Answer:
    """The answers in `first`, then `reply` for ever."""
    return lambda transcript: first[len(transcript.asks)] if len(transcript.asks) < len(
        first) else reply


CASES = [(language, players) for language in ("en", "de", "da") for players in (3, 4, 5)]


@pytest.mark.parametrize(("language", "players"), CASES)
async def test_every_line_of_a_whole_game_fits_80_columns(tmp_path: Path, language: str,
                                                          players: int) -> None:
    case = CASES.index((language, players))
    name = NAMES[case % len(NAMES)]
    transcript = await scripted(tmp_path, random_player(case), players, language, seed=case,
                                name=name)
    lines = [line for text in transcript.said for line in text.split("\n")]
    too_wide = [f"{width(line)}: {line}" for line in lines if width(line) > 80]
    assert not too_wide, "\n".join(too_wide)
    text = "\n".join(lines)
    assert "→" in text, "a round's scoring was shown"
    assert transcript.said[-1].count(name) == 1 + (name in transcript.said[-1].splitlines()[-1]), \
        "the final standings name the player whole"
    assert any(answer == "b" for _, answer in transcript.asks)
    with use_locale(language):
        assert not seat_pattern().search(text), "players are named, never 'seat 3'"


async def test_fellow_players_are_named_as_on_the_board_not_by_seat(tmp_path: Path) -> None:
    # Seed 21: Ada sits third, and the face-up card is Exchange; take it and swap with AI 1.
    transcript = await scripted(tmp_path, always("q", first=("2", "1", "1", "1", "3", "1")),
                                seed=21, name="Ada Lovelace")
    text = "\n".join(transcript.said)
    assert ("Exchange: with which fellow player?\n  1. AI 1 — 3 red, 3 yellow, 3 green, 3 blue\n"
            "  2. AI 2 — 3 red, 3 yellow, 3 green, 3 blue\n"
            "  3. AI 3 — 3 red, 3 yellow, 3 green, 3 blue") in text
    assert "Exchange: which gemstone do you take from AI 3?" in text
    assert not re.search(r"\b[Ss]eat \d", text)


def test_the_board_of_five_long_names_fits_in_every_language_all_game_long() -> None:
    esr = get_kind("esr")
    names = [NAMES[seat % len(NAMES)][: 32 - seat] + str(seat) for seat in range(5)]
    state, _ = esr.new_game(11, 5)
    rng = random.Random(11)
    before: dict[str, dict] = {}
    while not esr.is_over(state):
        decision = esr.next_decision(state)
        assert decision is not None
        for language in ("en", "de", "da"):
            with use_locale(language):
                view = esr.view(state, decision.player)
                text = board(view, names)
                changes = board_changes(before.get(language, view), view, names) or ""
                before[language] = view
            for line in (text + "\n" + changes).split("\n"):
                assert width(line) <= 80, line
        state, _ = esr.apply(state, decision.player, esr.sample_action(state, decision, rng))


async def test_the_board_is_redrawn_only_where_it_changed(tmp_path: Path) -> None:
    transcript = await scripted(tmp_path, always("1", first=("x", "b")))
    # A malformed answer is told so and nothing else is printed.
    assert transcript.between(0) == ["Please type one of the numbers shown."]
    # "b" shows the whole board again, then the question.
    shown = transcript.between(1)
    assert shown[0].startswith("\n=== Round 1/3 · turn 1/7 ===") and "Supply:" in shown[0]
    assert shown[1].startswith("Choose your action card")
    # Otherwise the whole board comes once per turn, at its start ...
    headings = [text.split("\n")[1] for text in transcript.said if text.startswith("\n=== Round")]
    assert headings.count("=== Round 1/3 · turn 1/7 ===") == 2
    assert len(headings) == len(set(headings)) + 1 and len(headings) >= 3 * 7
    # ... and later questions in the turn get only what changed: no unchanged turn card, and
    # the offer just made when the player is to answer it.
    changes = [text for text in transcript.said if ": what changed ---" in text]
    assert changes and all("turn card:" not in text for text in changes)
    answered = 0
    for ask in range(len(transcript.asks) - 1):
        said = transcript.between(ask)
        offered = re.match(r"Your partner offers (.+?) for ", said[-1]) if said else None
        if offered:
            table = " ".join(said[-2].split())
            assert table.startswith("--- Round") and "what changed" in table
            assert f"offer on the table: {offered.group(1)};" in table
            answered += 1
    assert answered >= 1


def test_a_change_shows_only_the_changed_rows_under_their_headings() -> None:
    esr = get_kind("esr")
    names = ["Ada", "Bo", "Cy", "Di"]
    state, _ = esr.new_game(3, 4)
    view = esr.view(state, 0)
    assert board_changes(view, view, names) is None
    after, _ = esr.apply(state, 0, {"type": "choose", "card": "money"})
    mine = board_changes(view, esr.view(after, 0), names)
    assert mine is not None
    assert mine.splitlines()[0] == "--- Round 1/3 · turn 1/7: what changed ---"
    assert [line.split()[0] for line in mine.splitlines()[1:]] == ["money", "Ada"]
    assert "[Money] (secret)" in mine
    theirs = board_changes(esr.view(state, 1), esr.view(after, 1), names)
    assert theirs is not None and [line.split()[0] for line in theirs.splitlines()[1:]] == [
        "money", "Ada"]
    assert "has chosen" in theirs and "[Money]" not in theirs
    next_turn = esr.view(_lapse_turn(esr, after), 0)
    assert board_changes(view, next_turn, names) == board(next_turn, names), \
        "a new turn shows the whole board"


def _lapse_turn(esr: GameKind, state: Any) -> Any:
    """Play the turn out with every seat's first option."""
    turn = state.turn
    while state.turn == turn:
        decision = esr.next_decision(state)
        state, _ = esr.apply(state, decision.player, decision.options[0].action)
    return state


MALFORMED_EN = {
    "1 0 0": "An offer needs four numbers, one per colour: red yellow green blue (e.g. 0 1 0 "
             "2). You typed 3 numbers.",
    "1 0 0 0 0": "An offer needs four numbers, one per colour: red yellow green blue (e.g. 0 1 "
                 "0 2). You typed 5 numbers.",
    "-1 0 0 0": "An offer cannot hold a negative number of gemstones: type 0 or more for each "
                "colour.",
    "a b c d": "“a” is not a whole number. An offer needs four numbers, one per colour: red "
               "yellow green blue (e.g. 0 1 0 2).",
    "": "Please type one of the numbers shown. or type an offer as four numbers: red yellow "
        "green blue (e.g. 0 1 0 2)",
    "abc": "Please type one of the numbers shown. or type an offer as four numbers: red yellow "
           "green blue (e.g. 0 1 0 2)",
    "99": "There is no option 99: type a number from 1 to 5. or type an offer as four numbers: "
          "red yellow green blue (e.g. 0 1 0 2)",
    "-2": "There is no option -2: type a number from 1 to 5. or type an offer as four numbers: "
          "red yellow green blue (e.g. 0 1 0 2)",
}
THREE_NUMBERS = {
    "en": MALFORMED_EN["1 0 0"],
    "de": "Ein Gebot braucht vier Zahlen, eine pro Farbe: Rot Gelb Grün Blau (z. B. 0 1 0 2). "
          "Du hast 3 Zahlen getippt.",
    "da": "Et bud skal have fire tal, ét for hver farve: rød gul grøn blå (f.eks. 0 1 0 2). Du "
          "skrev 3 tal.",
}


def until_an_offer_then(answers: list[str]) -> Answer:
    """Option 1 until a prompt takes a typed offer, then `answers`, then q."""
    queue: list[str] = []

    def answer(transcript: Transcript) -> str:
        if not queue and EXAMPLE not in transcript.prompt():
            return "1"
        if not queue:
            queue.extend([*answers, "q"])
        return queue.pop(0)

    return answer


@pytest.mark.parametrize("language", ["en", "de", "da"])
async def test_malformed_answers_are_told_what_is_wrong_and_change_nothing(
        tmp_path: Path, language: str) -> None:
    typed = list(MALFORMED_EN)
    transcript = await scripted(tmp_path, until_an_offer_then(typed), language=language)
    first = len(transcript.asks) - len(typed) - 1
    asked = transcript.prompt()
    told = {}
    for i, answer in enumerate(typed):
        said = transcript.between(first + i)
        assert len(said) == 1, f"{answer!r}: only the message, no move: {said}"
        assert all(width(line) <= 80 for line in said[0].split("\n"))
        told[answer] = " ".join(said[0].split())
    assert told["1 0 0"] == THREE_NUMBERS[language]
    if language == "en":
        assert told == MALFORMED_EN
    else:
        assert all(told[a] != MALFORMED_EN[a] for a in typed), "every message is translated"
    # Nothing was played: going on with the saved game asks the very same question.
    again = await scripted(tmp_path, always("q"), language=language, resume=True)
    assert again.prompt() == asked
