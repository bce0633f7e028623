"""Round scoring (ESR-10) with the Scoring cards of ESR-9, checked against the rulebook."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.games.esr.events import ColourScore, EventCardToBottom, RoundScored
from engine.games.esr.scoring import score_round
from engine.games.esr.state import EsrState, EventSlot
from engine.games.esr.table import Table
from tests.engine.games.esr.esr_builders import (
    assert_event_cards_conserved,
    assert_gems_conserved,
    event_id,
    event_ids,
    fresh_state,
    hand_out,
    lapse_turn,
    of_type,
    only,
    put_face_up,
    set_gems,
    take_event,
)

RED, YELLOW, GREEN, BLUE = range(4)
BURGI, CHRIS, MIRIAM, PETER = range(4)

CERTIFICATES = event_ids("certificate")
PER_RED, PER_YELLOW = event_id("per_gem", "red"), event_id("per_gem", "yellow")
BONUS_RED, BONUS_BLUE = event_id("colour_bonus", "red"), event_id("colour_bonus", "blue")
MAJORITY_BONUSES = event_ids("majority_bonus")

# Scoring cards of the rulebook's "Example of a complete scoring".
EXAMPLE_CARDS = {
    BURGI: [PER_RED, CERTIFICATES[0], CERTIFICATES[1]],
    CHRIS: [CERTIFICATES[2]],
    MIRIAM: [BONUS_RED, CERTIFICATES[3]],
    PETER: [PER_YELLOW, BONUS_BLUE],
}


def rulebook_example() -> EsrState:
    """Burgi, Chris, Miriam and Peter just before the rulebook's worked scoring."""
    state = fresh_state(4)
    set_gems(state, [
        [2, 0, 7, 1],  # Burgi
        [2, 7, 3, 1],  # Chris
        [2, 0, 7, 1],  # Miriam
        [2, 4, 2, 2],  # Peter
    ])
    hand_out(state, EXAMPLE_CARDS)
    return state


def scored(state: EsrState) -> tuple[EsrState, RoundScored, list[EventCardToBottom]]:
    """Run score_round on a copy; return the new state, its RoundScored and cards to the bottom."""
    table = Table(state.clone())
    score_round(table)
    return table.state, only(table.events, RoundScored), of_type(table.events, EventCardToBottom)


def score_with(holdings: Sequence[Sequence[int]],
               cards_by_seat: dict[int, list[int]] | None = None) -> tuple[EsrState, RoundScored]:
    """Score a 4-player table with these gemstones and Scoring cards."""
    state = fresh_state(4)
    set_gems(state, holdings)
    hand_out(state, cards_by_seat or {})
    after, event, _ = scored(state)
    return after, event


def paid(row: ColourScore) -> dict[int, tuple[int, int, int, int]]:
    """One scoring-table row as seat -> (share, colour bonus, majority bonus, per gemstone)."""
    return {p.seat: (p.share, p.colour_bonus, p.majority_bonus, p.per_gem) for p in row.payments}


def money(state: EsrState) -> list[int]:
    return [p.money for p in state.players]


# --- The rulebook's complete worked example -------------------------------------------------


def test_esr10_rulebook_example_totals_burgi_20_chris_19_miriam_12_peter_20() -> None:
    after, event, _ = scored(rulebook_example())
    assert money(after) == [20, 19, 12, 20]
    assert event.totals == {BURGI: 20, CHRIS: 19, MIRIAM: 12, PETER: 20}


def test_esr10_rulebook_example_red_four_way_tie_pays_3_each_plus_burgis_per_gem_card() -> None:
    _, event, _ = scored(rulebook_example())
    red = event.colours[RED]
    assert (red.colour, red.base) == ("red", 14)
    assert red.majority == [BURGI, CHRIS, MIRIAM, PETER]
    # Miriam's "sole red majority" card does not trigger on a 4-way tie.
    assert paid(red) == {BURGI: (3, 0, 0, 2), CHRIS: (3, 0, 0, 0), MIRIAM: (3, 0, 0, 0),
                         PETER: (3, 0, 0, 0)}
    assert red.cards_used == {BURGI: [PER_RED]}
    assert red.returned == {BURGI: 2, CHRIS: 2, MIRIAM: 2, PETER: 2}


def test_esr10_rulebook_example_yellow_chris_sole_12_peter_per_gem_4() -> None:
    _, event, _ = scored(rulebook_example())
    yellow = event.colours[YELLOW]
    assert yellow.majority == [CHRIS]
    assert paid(yellow) == {CHRIS: (12, 0, 0, 0), PETER: (0, 0, 0, 4)}
    assert yellow.cards_used == {PETER: [PER_YELLOW]}
    assert yellow.returned == {CHRIS: 4}  # half of 7, rounded up; Peter returns nothing


def test_esr10_rulebook_example_green_burgi_and_miriam_tie_5_each_and_give_2() -> None:
    _, event, _ = scored(rulebook_example())
    green = event.colours[GREEN]
    assert green.majority == [BURGI, MIRIAM]
    assert paid(green) == {BURGI: (5, 0, 0, 0), MIRIAM: (5, 0, 0, 0)}
    assert green.returned == {BURGI: 2, MIRIAM: 2}


def test_esr9_rulebook_example_blue_peter_sole_2_gets_8_plus_5_and_gives_1() -> None:
    _, event, _ = scored(rulebook_example())
    blue = event.colours[BLUE]
    assert blue.majority == [PETER]
    assert paid(blue) == {PETER: (8, 5, 0, 0)}
    assert blue.cards_used == {PETER: [BONUS_BLUE]}
    assert blue.returned == {PETER: 1}


def test_esr10_rulebook_example_certificates_2_1_1_0_pay_10_4_4() -> None:
    _, event, _ = scored(rulebook_example())
    certificates = event.certificates
    assert certificates.counts == {BURGI: 2, CHRIS: 1, MIRIAM: 1, PETER: 0}
    assert certificates.most == [BURGI]
    assert certificates.second == [CHRIS, MIRIAM]
    assert certificates.paid == {BURGI: 10, CHRIS: 4, MIRIAM: 4}


def test_esr10_rulebook_example_returns_leave_exactly_these_gemstones() -> None:
    before = rulebook_example()
    after, _, _ = scored(before)
    assert [p.gems for p in after.players] == [
        [0, 0, 5, 1],  # Burgi gave 2 red, 2 green
        [0, 3, 3, 1],  # Chris gave 2 red, 4 yellow
        [0, 0, 5, 1],  # Miriam gave 2 red, 2 green
        [0, 4, 2, 1],  # Peter gave 2 red, 1 blue
    ]
    assert [after.supply[c] - before.supply[c] for c in range(4)] == [8, 4, 4, 1]
    assert_gems_conserved(after)


def test_esr9_every_scoring_card_goes_face_up_to_the_bottom_even_if_it_did_not_pay() -> None:
    before = rulebook_example()
    after, event, to_bottom = scored(before)
    all_cards = [c for seat in (BURGI, CHRIS, MIRIAM, PETER) for c in EXAMPLE_CARDS[seat]]
    assert all(p.scoring_cards == [] for p in after.players)
    assert after.event_deck[:len(before.event_deck)] == before.event_deck
    assert after.event_deck[len(before.event_deck):] == [
        EventSlot(card=c, face_up=True) for c in all_cards
    ]
    assert [(e.card, e.reason) for e in to_bottom] == [(c, "scored") for c in all_cards]
    assert event.cards_returned == EXAMPLE_CARDS  # Miriam's unused red bonus included
    assert_event_cards_conserved(after)


def test_esr10_rulebook_example_scored_through_apply_at_the_end_of_the_round() -> None:
    state = rulebook_example()
    events = []
    while not of_type(events, RoundScored):
        assert state.round == 1, "the round should end with a scoring"
        state, events = lapse_turn(state)  # 7 turns of lapsed Money change nothing
    event = only(events, RoundScored)
    assert (event.round, state.round, state.turn) == (1, 2, 1)
    assert event.totals == {BURGI: 20, CHRIS: 19, MIRIAM: 12, PETER: 20}
    assert event.money_after == {BURGI: 20, CHRIS: 19, MIRIAM: 12, PETER: 20}
    assert money(state) == [20, 19, 12, 20]
    assert [p.gems for p in state.players] == [[0, 0, 5, 1], [0, 3, 3, 1], [0, 0, 5, 1],
                                               [0, 4, 2, 1]]
    assert all(p.scoring_cards == [] for p in state.players)
    returned = [slot for slot in state.event_deck if slot.card in event.cards_returned[BURGI]
                + event.cards_returned[CHRIS] + event.cards_returned[MIRIAM]
                + event.cards_returned[PETER]]
    assert len(returned) == 8 and all(slot.face_up for slot in returned)
    assert state.event_deck[-8:] == returned  # at the very bottom
    assert_gems_conserved(state)
    assert_event_cards_conserved(state)


def test_esr9_certificate_taken_in_the_last_turn_scores_and_returns_through_apply() -> None:
    state = fresh_state(4)
    set_gems(state, [[0] * 4] * 4)  # so that only the certificate pays
    while state.gem_deck:  # play up to the round's last turn
        state, _ = lapse_turn(state)
    certificate = CERTIFICATES[5]
    put_face_up(state, certificate)
    state, events = take_event(state)
    scoring = only(events, RoundScored)
    assert scoring.certificates.paid == {0: 10}
    assert scoring.cards_returned == {0: [certificate]}
    assert state.players[0].money == 10 and state.players[0].scoring_cards == []
    assert EventSlot(card=certificate, face_up=True) in state.event_deck
    assert_event_cards_conserved(state)


# --- Base proceeds, ties and returns (ESR-10) -----------------------------------------------


def test_esr10_three_way_tie_for_green_splits_10_rounding_down_to_3_each() -> None:
    after, event = score_with([[0, 0, 4, 0], [0, 0, 4, 0], [0, 0, 4, 0], [0, 0, 1, 0]])
    green = event.colours[GREEN]
    assert green.majority == [0, 1, 2]
    assert paid(green) == {0: (3, 0, 0, 0), 1: (3, 0, 0, 0), 2: (3, 0, 0, 0)}
    assert money(after) == [3, 3, 3, 0]
    assert green.returned == {0: 2, 1: 2, 2: 2}
    assert [p.gems[GREEN] for p in after.players] == [2, 2, 2, 1]


def test_esr10_tied_holders_with_one_gemstone_return_only_that_one() -> None:
    after, event = score_with([[0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 0]])
    blue = event.colours[BLUE]
    assert paid(blue) == {0: (4, 0, 0, 0), 1: (4, 0, 0, 0)}
    assert blue.returned == {0: 1, 1: 1}
    assert [p.gems[BLUE] for p in after.players] == [0, 0, 0, 0]
    assert after.supply[BLUE] == 22


def test_esr10_sole_majority_returns_half_rounded_up() -> None:
    after, event = score_with([[5, 6, 1, 0], [1, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    assert event.colours[RED].returned == {0: 3}
    assert event.colours[YELLOW].returned == {0: 3}
    assert event.colours[GREEN].returned == {0: 1}
    assert after.players[0].gems == [2, 3, 0, 0]
    assert after.players[1].gems == [1, 2, 0, 0]  # not the majority: keeps everything
    assert after.players[0].money == 14 + 12 + 10


def test_esr10_a_colour_nobody_holds_pays_nothing_even_with_cards_for_it() -> None:
    yellow_cards = [event_id("colour_bonus", "yellow"), event_id("per_gem", "yellow")]
    after, event = score_with([[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
                              {1: yellow_cards})
    yellow = event.colours[YELLOW]
    assert yellow.majority == [] and yellow.payments == [] and yellow.returned == {}
    assert yellow.cards_used == {}
    assert after.players[1].money == 0
    assert event.totals == {0: 14, 1: 0, 2: 0, 3: 0}


def test_esr10_nobody_holds_anything_then_nobody_is_paid() -> None:
    after, event = score_with([[0] * 4] * 4)
    assert all(row.payments == [] and row.majority == [] for row in event.colours)
    assert event.certificates.paid == {}
    assert money(after) == [0, 0, 0, 0]


# --- Scoring cards (ESR-9) ------------------------------------------------------------------


def test_esr9_per_gem_card_pays_without_the_majority() -> None:
    after, event = score_with([[3, 0, 0, 0], [5, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
                              {0: [PER_RED]})
    assert paid(event.colours[RED]) == {0: (0, 0, 0, 3), 1: (14, 0, 0, 0)}
    assert after.players[0].money == 3
    assert after.players[0].gems[RED] == 3  # no majority, nothing returned


def test_esr9_per_gem_card_counts_gemstones_before_the_return() -> None:
    after, event = score_with([[6, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
                              {0: [PER_RED]})
    assert paid(event.colours[RED]) == {0: (14, 0, 0, 6)}
    assert after.players[0].money == 20
    assert after.players[0].gems[RED] == 3


def test_esr9_majority_bonus_pays_4_per_sole_majority_but_not_for_ties_or_certificates() -> None:
    # Seat 0: sole red, sole blue, tied yellow, no green; sole most certificates.
    after, event = score_with(
        [[4, 2, 0, 3], [1, 2, 5, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
        {0: [MAJORITY_BONUSES[0], CERTIFICATES[0]]},
    )
    bonuses = {row.colour: paid(row).get(0, (0, 0, 0, 0))[2] for row in event.colours}
    assert bonuses == {"red": 4, "yellow": 0, "green": 0, "blue": 4}
    assert event.certificates.paid == {0: 10}
    assert after.players[0].money == 14 + 4 + 6 + 8 + 4 + 10


def test_esr9_two_majority_bonus_cards_stack() -> None:
    after, event = score_with([[4, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
                              {0: MAJORITY_BONUSES})
    assert paid(event.colours[RED]) == {0: (14, 0, 8, 0)}
    assert event.colours[RED].cards_used == {0: MAJORITY_BONUSES}
    assert after.players[0].money == 22


@pytest.mark.parametrize(("colour", "name", "base", "bonus"), [
    (RED, "red", 14, 8), (YELLOW, "yellow", 12, 7), (GREEN, "green", 10, 6), (BLUE, "blue", 8, 5),
])
def test_esr9_colour_bonus_8_7_6_5_pays_only_the_sole_majority(
        colour: int, name: str, base: int, bonus: int) -> None:
    card = event_id("colour_bonus", name)
    sole = [[0] * 4 for _ in range(4)]
    sole[0][colour], sole[1][colour] = 3, 2
    after, event = score_with(sole, {0: [card]})
    assert paid(event.colours[colour]) == {0: (base, bonus, 0, 0)}
    assert after.players[0].money == base + bonus

    tied = [[0] * 4 for _ in range(4)]
    tied[0][colour], tied[1][colour] = 3, 3
    after, event = score_with(tied, {0: [card]})
    assert paid(event.colours[colour]) == {0: (base // 2, 0, 0, 0), 1: (base // 2, 0, 0, 0)}
    assert event.colours[colour].cards_used == {}
    assert after.players[0].money == base // 2


def test_esr9_colour_bonus_for_another_colour_does_not_pay() -> None:
    after, event = score_with([[3, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
                              {0: [BONUS_BLUE]})
    assert after.players[0].money == 14
    assert all(row.cards_used == {} for row in event.colours)


# --- Certificates (ESR-10) ------------------------------------------------------------------


def certificates_scored(counts: Sequence[int]) -> RoundScored:
    """Score a table without gemstones where seat i holds counts[i] certificates."""
    it = iter(CERTIFICATES)
    hands = {seat: [next(it) for _ in range(n)] for seat, n in enumerate(counts) if n}
    _, event = score_with([[0] * 4] * 4, hands)
    return event


def test_esr10_sole_most_certificates_10_and_every_tied_second_4() -> None:
    event = certificates_scored([1, 3, 1, 0])
    assert event.certificates.most == [1]
    assert event.certificates.second == [0, 2]
    assert event.certificates.paid == {1: 10, 0: 4, 2: 4}
    assert event.totals == {0: 4, 1: 10, 2: 4, 3: 0}


def test_esr10_tied_most_certificates_all_get_10_and_nobody_gets_4() -> None:
    event = certificates_scored([2, 2, 1, 0])
    assert event.certificates.most == [0, 1]
    assert event.certificates.second == []
    assert event.certificates.paid == {0: 10, 1: 10}
    assert event.totals == {0: 10, 1: 10, 2: 0, 3: 0}


def test_esr10_zero_certificates_never_count_as_second_most() -> None:
    event = certificates_scored([0, 1, 0, 0])
    assert event.certificates.paid == {1: 10}
    assert event.certificates.second == []
    assert event.totals == {0: 0, 1: 10, 2: 0, 3: 0}


def test_esr10_no_certificates_at_all_pay_nothing() -> None:
    event = certificates_scored([0, 0, 0, 0])
    assert event.certificates.most == [] and event.certificates.paid == {}


def test_esr10_certificates_work_with_five_players() -> None:
    state = fresh_state(5)
    set_gems(state, [[0] * 4] * 5)
    hand_out(state, {0: CERTIFICATES[:2], 2: CERTIFICATES[2:4], 4: CERTIFICATES[4:5]})
    after, event, _ = scored(state)
    assert event.certificates.paid == {0: 10, 2: 10}
    assert money(after) == [10, 0, 10, 0, 0]


# --- The RoundScored event ------------------------------------------------------------------


def test_esr10_round_scored_event_holds_the_whole_scoring_table() -> None:
    before = rulebook_example()
    after, event, _ = scored(before)
    assert [row.colour for row in event.colours] == ["red", "yellow", "green", "blue"]
    assert [row.base for row in event.colours] == [14, 12, 10, 8]
    assert event.colours[GREEN].counts == {BURGI: 7, CHRIS: 3, MIRIAM: 7, PETER: 2}
    for seat in range(4):
        from_rows = sum(p.total for row in event.colours for p in row.payments if p.seat == seat)
        assert from_rows + event.certificates.paid.get(seat, 0) == event.totals[seat]
        assert event.totals[seat] == after.players[seat].money - before.players[seat].money
        assert event.money_after[seat] == after.players[seat].money
    # Narration and storage need it as JSON, without losing anything.
    assert RoundScored.model_validate_json(event.model_dump_json()) == event


def test_esr10_totals_are_the_money_change_when_players_already_have_money() -> None:
    state = rulebook_example()
    for seat, player in enumerate(state.players):
        player.money = 10 * (seat + 1)
    after, event, _ = scored(state)
    assert event.totals == {BURGI: 20, CHRIS: 19, MIRIAM: 12, PETER: 20}
    assert event.money_after == {BURGI: 30, CHRIS: 39, MIRIAM: 42, PETER: 60}
    assert money(after) == [30, 39, 42, 60]

