"""The round's scoring table (like the rulebook's), its notes, and the final results."""

from __future__ import annotations

import pytest

from bot.games.esr.narrate import event_name
from bot.games.esr.scoring import column_headers, final_results, scoring_notes, scoring_table
from engine.games.esr.events import GameEnded, RoundScored
from engine.games.esr.flow import end_game
from engine.games.esr.scoring import score_round
from engine.games.esr.scoring_text import CELL_WIDTH, LABEL_WIDTH
from engine.games.esr.state import EsrState
from engine.games.esr.table import Table
from tests.engine.games.esr.esr_builders import event_id, event_ids, fresh_state, hand_out, set_gems

NAMES = ["Burgi", "Chris", "Miriam", "Peter"]
CERTIFICATES = event_ids("certificate")
LONG_NAMES = [f"{first} of the Gemstone Traders Guild"[:32] for first in
              ("Annemarie", "Bartholomew", "Cornelius", "Dorothea", "Evangeline")]


def score(state: EsrState) -> RoundScored:
    """Score the round of `state` and return the engine's RoundScored event."""
    table = Table(state)
    score_round(table)
    (scored,) = [e for e in table.events if isinstance(e, RoundScored)]
    return scored


def rulebook_example() -> RoundScored:
    """The rulebook's "Example of a complete scoring" (Burgi, Chris, Miriam, Peter)."""
    state = fresh_state(4)
    set_gems(state, [[2, 0, 7, 1], [2, 7, 3, 1], [2, 0, 7, 1], [2, 4, 2, 2]])
    hand_out(state, {
        0: [event_id("per_gem", "red"), CERTIFICATES[0], CERTIFICATES[1]],
        1: [CERTIFICATES[2]],
        2: [event_id("colour_bonus", "red"), CERTIFICATES[3]],
        3: [event_id("per_gem", "yellow"), event_id("colour_bonus", "blue")],
    })
    return score(state)


def rows(table: str, players: int) -> dict[str, list[str]]:
    """The code block's rows as label -> one cell per player (read at the fixed column widths)."""
    lines = table.removeprefix("```\n").removesuffix("\n```").splitlines()
    out: dict[str, list[str]] = {}
    for line in lines:
        label = line[:LABEL_WIDTH].strip()
        cells = [line[LABEL_WIDTH + CELL_WIDTH * i:LABEL_WIDTH + CELL_WIDTH * (i + 1)].strip()
                 for i in range(players)]
        out.setdefault(label, cells)
    return out


def cell(text: str) -> tuple[int, str | None]:
    """A proceeds cell as (gemstones held, money paid or None): '2 → 3+2', '3 → –', '3' or '–'."""
    if text == "–":
        return 0, None
    held, _, paid = text.partition("→")
    paid = paid.strip()
    return int(held), paid if paid and paid != "–" else None


def test_the_rulebook_example_renders_like_the_rulebooks_scoring_table() -> None:
    text = scoring_table(rulebook_example(), NAMES)
    assert text.startswith("```\n") and text.endswith("\n```")
    table = rows(text, 4)
    assert table["Scoring 1"] == NAMES
    expected = {  # the rulebook's table: (gemstones held, proceeds) per player
        "Red 14M": [(2, "3+2"), (2, "3"), (2, "3"), (2, "3")],
        "Yellow 12M": [(0, None), (7, "12"), (0, None), (4, "4")],
        "Green 10M": [(7, "5"), (3, None), (7, "5"), (2, None)],
        "Blue 8M": [(1, None), (1, None), (1, None), (2, "8+5")],
        "Certificates": [(2, "10"), (1, "4"), (1, "4"), (0, None)],
    }
    for label, cells in expected.items():
        assert [cell(c) for c in table[label]] == cells, label
    assert table["Total"] == ["20", "19", "12", "20"]
    assert table["Money now"] == ["20", "19", "12", "20"]
    assert table["gives up"] == ["-2", "-2", "-2", "-2"]  # the red row's returns come first


def test_the_rulebook_example_notes_name_the_cards_that_paid() -> None:
    notes = scoring_notes(rulebook_example(), NAMES).splitlines()
    assert notes == [
        "Burgi: 1 million per red gemstone paid for red.",
        "Peter: 1 million per yellow gemstone paid for yellow.",
        "Peter: Sole blue majority +5 paid for blue.",
        "8 Scoring cards go face up under the event deck.",
    ]  # Miriam's "sole red majority" card did not trigger on the 4-way tie


def test_five_players_with_32_character_names_fit_one_message() -> None:
    state = fresh_state(5)
    set_gems(state, [[9, 1, 1, 1], [1, 9, 1, 1], [1, 1, 9, 1], [1, 1, 1, 9], [2, 2, 2, 2]])
    hand_out(state, {
        0: [event_id("per_gem", "red"), event_id("colour_bonus", "red"),
            event_ids("majority_bonus")[0], *CERTIFICATES[0:3]],
        1: [event_id("per_gem", "yellow"), event_id("colour_bonus", "yellow"),
            event_ids("majority_bonus")[1], *CERTIFICATES[3:6]],
        2: [event_id("per_gem", "green"), event_id("colour_bonus", "green"), *CERTIFICATES[6:9]],
        3: [event_id("per_gem", "blue"), event_id("colour_bonus", "blue"), *CERTIFICATES[9:12]],
        4: CERTIFICATES[12:15],
    })
    scored = score(state)
    assert all(len(name) == 32 for name in LONG_NAMES)

    table = scoring_table(scored, LONG_NAMES)
    notes = scoring_notes(scored, LONG_NAMES)
    message = f"**Scoring of round {scored.round}**\n{table}\n{notes}"  # as the publisher sends it

    assert len(message) < 2000
    paid = {c for colour in scored.colours for ids in colour.cards_used.values() for c in ids}
    assert len(paid) >= 8
    assert all(event_name(card) in notes for card in paid), "every card that paid is named"
    width = LABEL_WIDTH + CELL_WIDTH * 5
    body = table.removeprefix("```\n").removesuffix("\n```").splitlines()
    assert all(len(line) <= width for line in body), "long names are shortened, columns hold"
    assert rows(table, 5)["Total"] == [str(scored.totals[s]) for s in range(5)]


def ended(money: list[int], gems: list[list[int]]) -> GameEnded:
    """The engine's GameEnded for a 3-player table with this money and these gemstones."""
    state = fresh_state(3)
    set_gems(state, gems)
    for player, amount in zip(state.players, money, strict=True):
        player.money = amount
    table = Table(state)
    end_game(table)
    (event,) = [e for e in table.events if isinstance(e, GameEnded)]
    return event


def test_final_results_name_the_winner_and_the_tiebreak() -> None:
    event = ended([40, 40, 12], [[3, 3, 3, 3], [3, 3, 3, 4], [1, 1, 1, 1]])
    assert event.tiebreak == "gemstones"
    lines = final_results(event, ["Ann", "Bob", "Cem"]).splitlines()
    assert lines[0] == "🥇 **Bob** — 40 million"
    assert lines[1] == "🥈 **Ann** — 40 million"
    assert lines[2] == "🥉 **Cem** — 12 million"
    assert lines[-1] == "🏆 Bob wins (same money, more gemstones)."


def test_a_complete_tie_is_a_shared_win() -> None:
    event = ended([40, 40, 12], [[3, 3, 3, 3], [3, 3, 3, 3], [1, 1, 1, 1]])
    text = final_results(event, ["Ann", "Bob", "Cem"])
    assert text.splitlines()[-1] == "🏆 Ann and Bob win (a complete tie: the win is shared)."


@pytest.mark.parametrize(("gems", "tiebreak"), [
    ([[3, 3, 3, 3], [1, 1, 1, 1]], "money"),
    ([[4, 3, 3, 2], [3, 3, 3, 3]], "red"),
    ([[3, 4, 3, 2], [3, 3, 3, 3]], "yellow"),
    ([[3, 3, 4, 2], [3, 3, 3, 3]], "green"),
])
def test_every_tiebreak_the_engine_reports_is_explained_in_words(gems: list[list[int]],
                                                                  tiebreak: str) -> None:
    money = [40, 40 if tiebreak != "money" else 30, 12]
    event = ended(money, [*gems, [1, 1, 1, 1]])
    assert event.tiebreak == tiebreak and event.winners == [0]
    last = final_results(event, ["Ann", "Bob", "Cem"]).splitlines()[-1]
    assert last.startswith("🏆 Ann wins (")
    assert last != f"🏆 Ann wins ({tiebreak}).", "the raw engine key is not an explanation"


def test_names_that_look_alike_when_shortened_get_their_seat_number() -> None:
    headers = column_headers(["Alexander the Great", "Alexander Hamilton", "Bo"])
    assert len(set(headers)) == 3
    assert headers[0].startswith("1.Alex") and headers[1].startswith("2.Alex")
    assert headers[2] == "Bo"
    assert all(len(h) <= 10 for h in headers)


def test_the_last_scoring_sends_no_card_under_the_deck() -> None:
    last = rulebook_example().model_copy(update={"round": 3})
    assert "under the event deck" not in scoring_notes(last, NAMES)


def test_public_narration_cites_no_ruling_ids() -> None:
    notes = scoring_notes(rulebook_example(), NAMES) + final_results(
        GameEnded(winners=[0], tiebreak="money", ranking=[0, 1, 2, 3],
                  money={0: 9, 1: 8, 2: 7, 3: 6}), NAMES)
    assert "ESR-" not in notes
