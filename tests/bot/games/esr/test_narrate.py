"""Channel narration: one line for every public event of a game, nothing for what stays secret."""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import pytest

from bot.games.esr.narrate import narrate
from engine.core.game import GameEvent
from engine.core.record import replay
from engine.core.simulate import play_game
from engine.games.esr import events as ev

NAMES = ["Annemarie", "Bartholomew", "Cornelius", "Dorothea", "Evangeline"]

# Events the channel does not narrate line by line: the table message shows them (turns,
# who has chosen, where event cards went), the scoring and final messages print the rest.
SHOWN_ELSEWHERE: set[type[GameEvent]] = {
    ev.GameStarted, ev.TurnStarted, ev.ActionChosen, ev.TurnEnded, ev.EventCardToBottom,
    ev.RoundScored, ev.GameEnded,
}
ALL_EVENTS = {cls for _, cls in inspect.getmembers(ev, inspect.isclass)
              if issubclass(cls, GameEvent) and cls is not GameEvent}
# Never happened in the random games below (the 39-card event deck rarely runs out).
RARE = {ev.EventDeckShuffled}


def random_games() -> Iterator[tuple[list[str], list[GameEvent]]]:
    """Every event of complete random games with 3, 4 and 5 players (replayed from the log)."""
    for players in (3, 4, 5):
        for seed in range(5):
            played = play_game("esr", seed, ["random"] * players)
            _, events = replay(played.record)
            yield NAMES[:players], events


def check_line(event: GameEvent, names: list[str]) -> None:
    """A narrated event gets one finished line naming the player it is about."""
    line = narrate(event, names)
    assert isinstance(line, str) and line.strip(), event
    assert "\n" not in line and "None" not in line and "{" not in line, line
    seat = getattr(event, "seat", None)
    if seat is not None:
        assert names[seat] in line, (event, line)


def test_every_public_event_of_random_games_gets_a_line_and_nothing_else_does() -> None:
    seen: set[type[GameEvent]] = set()
    for names, events in random_games():
        for event in events:
            seen.add(type(event))
            if type(event) in SHOWN_ELSEWHERE:
                assert narrate(event, names) is None, event
            else:
                check_line(event, names)
    assert seen == ALL_EVENTS - RARE, "the games above exercise every other event type"


def test_a_secret_choice_is_never_narrated() -> None:
    assert set(ev.ActionChosen.model_fields) == {"type", "seat", "changed"}, \
        "ActionChosen must not carry the chosen card"
    for changed in (False, True):
        assert narrate(ev.ActionChosen(seat=1, changed=changed), NAMES) is None


def test_the_reveal_names_everyones_card() -> None:
    line = narrate(ev.ActionsRevealed(choices={0: "money", 1: "gems", 2: "event", 3: "free"}),
                   NAMES)
    assert line == ("**Reveal:** Annemarie 💰 Money, Bartholomew 💎 Gemstones, "
                    "Cornelius 🃏 Event, Dorothea 🎁 Free Choice")


def test_a_reshuffled_event_deck_is_announced() -> None:
    assert narrate(ev.EventDeckShuffled(size=31), NAMES) == "The event deck is shuffled (31 cards)."


@pytest.mark.parametrize("reason", ["three_or_more", "nobody_offered", "no_gemstones",
                                    "supply_empty"])
def test_every_reason_for_a_lapsed_action_is_explained(reason: str) -> None:
    line = narrate(ev.ActionLapsed(action="gems", seats=[0, 2, 4], reason=reason), NAMES)
    assert line is not None and line.startswith("💎 Gemstones")
    assert "lapses" in line


def test_a_round_start_with_a_supply_top_up_says_who_returned_what() -> None:
    line = narrate(ev.RoundStarted(round=2, laid_aside_visible=[], laid_aside_hidden=0,
                                   top_up={1: ["red"], 3: ["red", "blue"]}), NAMES)
    assert line is not None and line.startswith("**Round 2 begins.**")
    assert "Bartholomew returns 🔺 red" in line and "Dorothea returns 🔺 red, 🔷 blue" in line
