"""The round's scoring (the rulebook's table, player by player), its notes, the final results."""

from __future__ import annotations

import pytest

from bot.games.esr.narrate import COLOUR_EMOJI, event_name, gem_text
from bot.games.esr.scoring import final_results, legend, scoring_notes, scoring_table
from engine.games.esr import scoring_text
from engine.games.esr.events import GameEnded, RoundScored
from engine.games.esr.flow import end_game
from engine.games.esr.scoring import score_round
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


def plain(text: str) -> str:
    """The channel's text with the gem symbols spelt out, to compare with the rulebook."""
    for colour, emoji in COLOUR_EMOJI.items():
        text = text.replace(f"{emoji}\u2060", f"{colour} ")
    return text


def test_the_rulebook_example_reads_player_by_player() -> None:
    text = plain(scoring_table(rulebook_example(), NAMES))
    assert text.splitlines() == [  # the rulebook's table, one block per player
        "**Burgi**: +20 → 20 million",
        "└ red 2 → 5 (3 + 2 from cards) · yellow 0 · green 7 → 5 · blue 1",
        "└ 2 certificates → 10 · returns red 2, green 2",
        "**Chris**: +19 → 19 million",
        "└ red 2 → 3 · yellow 7 → 12 · green 3 · blue 1",
        "└ 1 certificate → 4 · returns red 2, yellow 4",
        "**Miriam**: +12 → 12 million",
        "└ red 2 → 3 · yellow 0 · green 7 → 5 · blue 1",
        "└ 1 certificate → 4 · returns red 2, green 2",
        "**Peter**: +20 → 20 million",
        "└ red 2 → 3 · yellow 4 → 4 from cards · green 2 · blue 2 → 13 (8 + 5 from cards)",
        "└ returns red 2, blue 1",
    ]


def test_the_terminal_gets_the_same_blocks_in_words() -> None:
    lines = scoring_text.scoring_table(rulebook_example(), NAMES).splitlines()
    assert lines[0] == "Scoring of round 1 (gemstones held → millions paid):"
    assert lines[1:4] == ["Burgi: +20 → 20 million",
                          "  red 2 → 5 (3 + 2 from cards) · yellow 0 · green 7 → 5 · blue 1",
                          "  2 certificates → 10 · returns red 2, green 2"]


def test_the_legend_names_every_symbol_with_its_colour() -> None:
    text = legend()
    assert text.startswith("-# ")  # small print under the heading
    for colour, emoji in COLOUR_EMOJI.items():
        assert f"{emoji} {colour}" in text
    assert "held → millions paid" in text


def test_each_colour_has_its_own_shape_and_a_count_never_wraps_from_its_symbol() -> None:
    shapes = {"🔺": "triangle", "🟡": "circle", "🟩": "square", "🔷": "diamond"}
    assert sorted(COLOUR_EMOJI.values()) == sorted(shapes)
    assert gem_text([2, 0, 0, 1]) == "🔺\u20602 🔷\u20601"


def test_the_rulebook_example_notes_name_the_cards_that_paid() -> None:
    notes = scoring_notes(rulebook_example(), NAMES).splitlines()
    assert notes == [
        "Burgi: **1 million per red gemstone** paid for red.",
        "Peter: **1 million per yellow gemstone** paid for yellow.",
        "Peter: **Sole blue majority +5** paid for blue.",
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
    message = f"**Scoring of round {scored.round}**\n{legend()}\n{table}\n{notes}"

    assert len(message) < 2000
    paid = {c for colour in scored.colours for ids in colour.cards_used.values() for c in ids}
    assert len(paid) >= 8
    assert all(event_name(card) in notes for card in paid), "every card that paid is named"
    assert "```" not in message, "nothing that scrolls sideways on a phone"
    for seat, name in enumerate(LONG_NAMES):
        assert f"**{name}**: +{scored.totals[seat]} → {scored.money_after[seat]} million" in table


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


def test_the_last_scoring_sends_no_card_under_the_deck() -> None:
    last = rulebook_example().model_copy(update={"round": 3})
    assert "under the event deck" not in scoring_notes(last, NAMES)


def test_public_narration_cites_no_ruling_ids() -> None:
    notes = scoring_notes(rulebook_example(), NAMES) + final_results(
        GameEnded(winners=[0], tiebreak="money", ranking=[0, 1, 2, 3],
                  money={0: 9, 1: 8, 2: 7, 3: 6}), NAMES)
    assert "ESR-" not in notes


def test_places_after_the_medals_are_not_markdown_list_numbers() -> None:
    text = final_results(GameEnded(winners=[0], tiebreak="money", ranking=[0, 1, 2, 3, 4],
                                   money={0: 9, 1: 8, 2: 7, 3: 6, 4: 5}),
                         ["Ann", "Bob", "Cem", "Dan", "Eve"])
    lines = text.splitlines()
    assert lines[3] == "4️⃣ **Dan** — 6 million" and lines[4] == "5️⃣ **Eve** — 5 million"
    assert not any(line[:1].isdigit() and line[1:3] == ". " for line in lines)


def test_option_texts_show_gem_counts_in_the_same_notation() -> None:
    from bot.games.esr.narrate import restyle_gems

    assert restyle_gems("Take 1 red, 2 blue from the supply.") == \
        "Take 🔺\u20601, 🔷\u20602 from the supply."
    assert restyle_gems("Raise to 2 yellow") == "Raise to 🟡\u20602"
    assert restyle_gems("Take 1+1 red and blue") == "Take 1+1 red and blue", "a card's name"
