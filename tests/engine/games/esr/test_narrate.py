"""Engine narration: a plain readable line for every ESR event, never a secret."""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import pytest

from engine.core.game import GameEvent
from engine.core.record import replay
from engine.core.simulate import play_game
from engine.games.esr import events as ev
from engine.games.esr.narrate import Style, narrate
from engine.games.esr.state import ACTION_NAMES
from tests.engine.games.esr.esr_builders import act, at_instant, event_id

NAMES = ["Annemarie", "Bartholomew", "Cornelius", "Dorothea", "Evangeline"]
ALL_EVENTS = {cls for _, cls in inspect.getmembers(ev, inspect.isclass)
              if issubclass(cls, GameEvent) and cls is not GameEvent}
# Never happened in the random games below (the 39-card event deck rarely runs out).
RARE = {ev.EventDeckShuffled}


def random_games() -> Iterator[tuple[list[str], list[GameEvent]]]:
    """Every event of complete random games with 3, 4 and 5 players (replayed from the log)."""
    for players in (3, 4, 5):
        for seed in range(3):
            played = play_game("esr", seed, ["random"] * players)
            _, events = replay(played.record)
            yield NAMES[:players], events


def test_every_event_of_random_games_gets_one_plain_line() -> None:
    seen: set[type[GameEvent]] = set()
    for names, events in random_games():
        for event in events:
            seen.add(type(event))
            line = narrate(event, names)
            assert isinstance(line, str) and line.strip(), event
            assert "\n" not in line and "None" not in line and "{" not in line, line
            # Plain text for a terminal: no Discord markdown or mentions.
            assert "**" not in line and "<@" not in line, line
            seat = getattr(event, "seat", None)
            if seat is not None:
                assert names[seat] in line, (event, line)
    assert seen == ALL_EVENTS - RARE, "the games above exercise every other event type"


def test_a_secret_choice_is_never_narrated() -> None:
    assert set(ev.ActionChosen.model_fields) == {"type", "seat", "changed"}, \
        "ActionChosen must not carry the chosen card"
    for changed in (False, True):
        line = narrate(ev.ActionChosen(seat=1, changed=changed), NAMES)
        assert line is not None and line.startswith("Bartholomew ")
        assert not any(name in line for name in ACTION_NAMES.values()), line


def test_no_line_before_the_reveal_names_an_action_card() -> None:
    for names, events in random_games():
        choosing = False
        for event in events:
            if isinstance(event, ev.TurnStarted):
                choosing = True
            elif isinstance(event, ev.ActionsRevealed):
                choosing = False
            elif choosing:
                line = narrate(event, names) or ""
                assert not any(f"[{a}]" in line for a in ACTION_NAMES.values()), line


def test_the_reveal_names_everyones_card_in_plain_text() -> None:
    line = narrate(ev.ActionsRevealed(choices={0: "money", 1: "gems", 2: "event", 3: "free"}),
                   NAMES)
    assert line == ("Reveal: Annemarie [Money], Bartholomew [Gemstones], "
                    "Cornelius [Event], Dorothea [Free Choice]")


def test_gemstones_are_told_in_words() -> None:
    offer = ev.OfferMade(action="gems", seat=0, gems=[2, 0, 0, 1], how="quantity")
    assert narrate(offer, NAMES) == "Annemarie raises (more gemstones) to 2 red, 1 blue."
    short = ev.GemsTaken(seat=2, wanted=[0, 3, 0, 0], received=[0, 1, 0, 0])
    assert narrate(short, NAMES) == ("Cornelius takes 1 yellow "
                                     "(the supply ran short of 3 yellow).")


def test_an_instant_lists_every_change() -> None:
    line = narrate(ev.InstantCarriedOut(seat=0, card=29, effect="exchange", target=1,
                                        changes={0: [1, 0, 0, -1], 1: [-1, 0, 0, 1]}), NAMES)
    assert line == ('Annemarie carries out "Exchange" with Bartholomew: '
                    "Annemarie +1 red, -1 blue; Bartholomew -1 red, +1 blue.")


def half_scored(holdings: list[list[int]], colour: str) -> ev.InstantCarriedOut:
    """The event of seat 0 carrying out Half scoring on `colour` at this 4-player table."""
    state = at_instant(event_id("half_scoring"), holdings)
    _, events = act(state, {"type": "carry_out"}, {"type": "colour", "colour": colour})
    (done,) = [e for e in events if isinstance(e, ev.InstantCarriedOut)]
    return done


def test_a_half_scoring_tells_the_money_paid_and_the_gemstones_returned() -> None:
    sole = half_scored([[5, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "red")
    assert narrate(sole, NAMES) == ('Annemarie carries out "Half scoring" and scores red at '
                                    "half proceeds: Annemarie +7 million, returns 3 red.")
    tied = half_scored([[0, 0, 1, 0], [0, 0, 4, 0], [0, 0, 4, 0], [0, 0, 0, 0]], "green")
    assert narrate(tied, NAMES) == ('Annemarie carries out "Half scoring" and scores green at '
                                    "half proceeds: Bartholomew +2 million, returns 2 green; "
                                    "Cornelius +2 million, returns 2 green.")
    nobody = half_scored([[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "blue")
    assert narrate(nobody, NAMES) == ('Annemarie carries out "Half scoring" and scores blue at '
                                      "half proceeds: nobody holds any, so nothing is paid.")


def test_scoring_and_the_end_of_the_game_are_told() -> None:
    scored = ev.RoundScored(round=1, colours=[], totals={0: 12, 1: 0}, money_after={0: 30, 1: 5},
                            certificates=ev.CertificateScore(counts={}, most=[], second=[],
                                                             paid={}),
                            cards_returned={})
    assert narrate(scored, NAMES) == ("Round 1 is scored: Annemarie +12 → 30 million; "
                                      "Bartholomew +0 → 5 million.")
    ended = ev.GameEnded(winners=[1], tiebreak="gemstones", ranking=[1, 0], money={0: 40, 1: 40})
    assert narrate(ended, NAMES) == ("The game is over: Bartholomew wins with 40 million "
                                     "(same money, more gemstones).")


@pytest.mark.parametrize("reason", ["not_taken", "blind_draw", "used", "forgone", "scored"])
def test_a_card_under_the_deck_says_why(reason: str) -> None:
    line = narrate(ev.EventCardToBottom(card=29, reason=reason), NAMES)
    assert line is not None and line.startswith('"Exchange" ')
    assert line.endswith("goes face up under the event deck.")


def test_a_style_changes_only_the_markup() -> None:
    loud = Style(action=str.upper, card=lambda name: f"*{name}*", heading=str.upper,
                 money_mark=" $")
    reveal = ev.ActionsRevealed(choices={0: "money", 1: "free"})
    assert narrate(reveal, NAMES, loud) == "REVEAL: Annemarie MONEY, Bartholomew FREE"
    assert narrate(ev.InstantForgone(seat=1, card=29), NAMES, loud) == \
        "Bartholomew forgoes *Exchange* (chose not to carry it out)."
    assert narrate(ev.InstantForgone(seat=1, card=29, reason="impossible"), NAMES, loud) == \
        "Bartholomew forgoes *Exchange* (it cannot be carried out now: nothing to exchange)."
    assert narrate(ev.MoneyTaken(seat=0, amount=5), NAMES, loud) == \
        "Annemarie takes 5 million. $"


def test_an_event_of_another_game_gets_no_line() -> None:
    assert narrate(GameEvent(type="something_else"), NAMES) is None
