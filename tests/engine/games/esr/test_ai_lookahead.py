"""The strong AI's look-ahead: a lone strong seat plays each card to the scoring."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import get_kind
from engine.core.ai import budgeted, seated
from engine.games.esr import ai, bargain, lookahead
from engine.games.esr.state import EventSlot

ESR = get_kind("esr")
ALONE = ("strong", "greedy", "greedy", "greedy")


def _choices(count: int, seed: int = 11) -> list[Any]:
    """States of greedy games where seat 0 chooses its action card."""
    found: list[Any] = []
    rng = random.Random(seed)
    game = 0
    while len(found) < count:
        state, _ = ESR.new_game(seed * 100 + game, 4)
        game += 1
        while not ESR.is_over(state) and len(found) < count:
            decision = ESR.next_decision(state)
            if decision.kind == "esr.choose_action" and decision.player == 0 \
                    and rng.random() < 0.3:
                found.append(state.clone())
            state, _ = ESR.apply(state, decision.player,
                                 ai.greedy_policy(ESR, state, decision, rng))
    return found


def _card(state: Any, levels: tuple[str | None, ...] = ALONE, seed: int = 1) -> str:
    decision = ESR.next_decision(state)
    with seated(levels):
        return bargain.strong_policy(ESR, state, decision, random.Random(seed))["card"]


def test_the_look_ahead_never_plays_by_hidden_information() -> None:
    for state in _choices(4):
        hidden = state.clone()
        hidden.gem_deck.reverse()
        hidden.event_deck = [EventSlot(card=s.card) for s in reversed(hidden.event_deck)]
        hidden.rng.state ^= 0xBEEF
        assert _card(hidden) == _card(state)


def test_only_the_single_strong_seat_looks_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    original = lookahead.best_card

    def recording(*args: Any, **kwargs: Any) -> str:
        asked.append(args[2])
        return original(*args, **kwargs)

    monkeypatch.setattr(lookahead, "best_card", recording)
    state = _choices(1)[0]
    _card(state)
    assert asked == [0]
    asked.clear()
    # Among strong seats each would search alone and chase the same cards: the convention.
    for levels in (("strong", "strong", "greedy", None), ("strong",) * 4):
        view = ESR.view(state, 0)
        cards = [o.action["card"] for o in ESR.next_decision(state).options]
        assert _card(state, levels) == bargain.strong_spread(view, cards, levels, 0)[0]
    assert asked == []


def test_the_card_played_is_the_one_whose_rounds_end_best(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    # Score each world by the card played in it: the look-ahead must follow the scores, and a
    # card the others are expected on is still found when it ends best.
    played: list[tuple[int, str]] = []
    worlds: dict[str, list[list[str]]] = {}
    original = lookahead._play_round

    def recording(kind: Any, world: Any, seat: int, card: str, policies: Any,
                  sample: int) -> Any:
        worlds.setdefault(card, []).append(list(world.gem_deck))
        played.append((sample, card))
        return original(kind, world, seat, card, policies, sample)

    monkeypatch.setattr(lookahead, "_play_round", recording)
    state = _choices(1, seed=12)[0]
    cards = [o.action["card"] for o in ESR.next_decision(state).options]
    for favourite in cards:
        monkeypatch.setattr(lookahead, "standing",
                            lambda kind, ended, seat, fav=favourite: float(
                                played[-1][1] == fav))
        assert _card(state) == favourite
    # Common random numbers: every card met the same sampled worlds.
    assert all(decks == worlds[cards[0]] for decks in worlds.values())


def test_a_tie_keeps_the_spread_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lookahead, "standing", lambda kind, ended, seat: 0.0)
    for state in _choices(3, seed=13):
        view = ESR.view(state, 0)
        cards = [o.action["card"] for o in ESR.next_decision(state).options]
        assert _card(state) == bargain.strong_spread(view, cards, ALONE, 0)[0]


def test_standing_counts_gemstones_only_while_rounds_remain() -> None:
    state = _choices(1)[0]
    for seat, (money, gems) in enumerate([(30, [2, 0, 0, 0]), (31, [0, 0, 0, 0]),
                                          (20, [5, 5, 5, 5]), (0, [0, 0, 0, 0])]):
        state.players[seat].money, state.players[seat].gems = money, gems
    # Seat 2's twenty gemstones are worth 20 more millions in the rounds to come.
    assert lookahead.standing(ESR, state, 0) == 30 + 2 * lookahead.GEM_WORTH - 40
    state.phase = "over"
    assert ESR.is_over(state)
    assert lookahead.standing(ESR, state, 0) == 30 - 31


def test_a_busy_servers_smaller_budget_samples_fewer_worlds(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    samples: list[int] = []
    original = lookahead.best_card
    monkeypatch.setattr(lookahead, "best_card",
                        lambda *args: samples.append(args[-2]) or original(*args))
    state = next(s for s in _choices(12) if s.turn == 5)  # three turns left, scoring included
    _card(state)
    with budgeted(0.25):
        _card(state)
    assert samples == [lookahead.PLAYED_TURNS // 3, lookahead.PLAYED_TURNS // 4 // 3]


def test_no_further_world_is_begun_past_the_step_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    begun: list[int] = []
    original = lookahead._play_round

    def recording(kind: Any, world: Any, seat: int, card: str, policies: Any,
                  sample: int) -> Any:
        begun.append(sample)
        return original(kind, world, seat, card, policies, sample)

    monkeypatch.setattr(lookahead, "_play_round", recording)
    state = next(s for s in _choices(12) if s.turn == 5)  # five worlds at full budget
    _card(state)
    assert sorted(set(begun)) == [0, 1, 2, 3, 4]
    for limit, worlds in ((10**9, 5), (1, 1)):
        begun.clear()
        monkeypatch.setattr(lookahead, "MOST_STEPS", limit)
        _card(state)
        # The limit is only looked at between worlds: each world begun is played for every card.
        assert sorted(set(begun)) == list(range(worlds))
        assert len(begun) == 3 * worlds


def test_a_round_with_more_turns_left_is_played_out_in_fewer_worlds() -> None:
    view = ESR.view(_choices(1)[0], 0)
    counts = [lookahead.worlds({**view, "turn": turn}) for turn in range(1, 8)]
    assert counts == sorted(counts) and counts[0] < counts[-1]
    # Each choice plays about the same number of turns out, whatever the turn.
    assert all(n * (8 - turn) <= lookahead.PLAYED_TURNS for turn, n in enumerate(counts, 1))


@pytest.mark.parametrize("players", [3, 5])
def test_the_look_ahead_plays_a_legal_card_at_every_table_size(players: int) -> None:
    state, _ = ESR.new_game(players, players)
    decision = ESR.next_decision(state)
    levels = ("strong",) + ("greedy",) * (players - 1)
    levels = levels[-decision.player:] + levels[:-decision.player] if decision.player else levels
    with seated(levels):
        action = bargain.strong_policy(ESR, state, decision, random.Random(0))
    assert action in [o.action for o in decision.options]
