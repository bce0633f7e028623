"""The self-review benchmark plays the strong AI's game and reviews seat 0 as the issue's check
asks."""

from __future__ import annotations

from benchmarks.coach_self import reviewed


def test_three_strong_esr_seats_choose_their_cards_as_the_ai_run_again_does() -> None:
    row = reviewed("esr", 1, lone=False)
    assert row["judged"] > 5 and row["agreed"] == row["judged"] and not row["findings"]
