"""Thousands of random games at every player count keep the invariants: 49 cards all accounted
for, knights conserved, the rail never moving back, the dragon always on a cave; replaying the
log gives the same state, and a stored state loads back equal."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.record import GameRecord, LoggedAction, replay
from engine.games.emerald.board import CHAMBER, NEST, game_data
from engine.games.emerald.state import EmeraldState
from tests.engine.games.emerald.builders import GAME

GOLD = Counter(game_data().gold_cards)


def cards_accounted(state: EmeraldState) -> None:
    """Every one of the 25 gold and 24 gem cards in exactly one place (by value and type)."""
    gold = Counter(c for p in state.gold_piles for c in p)
    gold.update(state.box_gold + state.removed + [c for h in state.hands for c in h])
    assert gold == GOLD
    gems = Counter(c for p in state.gem_piles for c in p)
    gems.update(state.box_gems)
    for held in state.gems:
        gems.update({t: n for t, n in enumerate(held)})
    assert gems == Counter(dict.fromkeys(range(4), 6))


def check(state: EmeraldState, knights: int, rail: int, out: list[int]) -> None:
    """The invariants that must hold after every step (cheap enough for every step)."""
    cards = sum(map(len, state.gold_piles)) + len(state.box_gold) + len(state.removed)
    assert cards + sum(map(len, state.hands)) == 25
    gems = sum(map(len, state.gem_piles)) + len(state.box_gems) + sum(map(sum, state.gems))
    assert gems == 24
    assert sum(state.total) == knights == sum(map(sum, state.at))  # knights conserved
    assert 1 <= state.dragon <= 9 and state.rail >= rail  # the rail never moves back
    assert state.treasures_left + sum(state.treasures) == 4
    now = [row[CHAMBER] + row[NEST] for row in state.at]
    assert all(a >= b for a, b in zip(now, out, strict=True))  # nobody comes back out


CHUNKS = [(players, first) for players in (2, 3, 4, 5) for first in range(0, 1000, 250)]


@pytest.mark.parametrize(("players", "first"), CHUNKS)
def test_a_thousand_random_games_per_player_count_keep_every_invariant(players, first):
    ends = Counter()
    for seed in range(first, first + 250):
        state, _ = GAME.new_game(seed, players)
        rng = random.Random(seed)
        knights = sum(state.total)
        while not GAME.is_over(state):
            rail, out = state.rail, [row[CHAMBER] + row[NEST] for row in state.at]
            decision = GAME.next_decision(state)
            state, _ = GAME.advance(state, decision.player, rng.choice(decision.options).action,
                                    quiet=True)
            check(state, knights, rail, out)
            if state.step % 16 == 0:
                cards_accounted(state)
        cards_accounted(state)
        ends[state.end_reason] += 1
        assert state.results is not None and state.results.winners
    assert set(ends) == {"last_treasure", "one_knight"}  # both endings happen


@pytest.mark.parametrize(("players", "seed"), [(p, s) for p in (2, 3, 4, 5) for s in range(4)])
def test_replaying_the_log_gives_the_same_state_and_stored_states_load_back(players, seed):
    state, _ = GAME.new_game(seed, players)
    record = GameRecord(kind="emerald", seed=seed, seats=[f"p{i}" for i in range(players)],
                        rules_revision=GAME.rules_revision)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        (decision,) = GAME.pending(state)
        if len(record.actions) % 7 == 0:
            assert GAME.load(GAME.dump(state)) == state
            for option in decision.options:  # every listed option is accepted as it is
                GAME.apply(state, decision.player, option.action)
        action = rng.choice(decision.options).action
        before = GAME.dump(state)
        new, events = GAME.apply(state, decision.player, action)
        assert GAME.dump(state) == before and events  # apply never changes the given state
        record.actions.append(LoggedAction(player=decision.player, action=action))
        state = new
    replayed, _ = replay(record)
    assert GAME.dump(replayed) == GAME.dump(state)
    assert GAME.load(GAME.dump(state)) == state


def test_quiet_and_told_play_reach_the_same_state():
    told, _ = GAME.new_game(9, 4)
    quiet = told.clone()
    rng = random.Random(9)
    while not GAME.is_over(told):
        action = rng.choice(GAME.pending(told)[0].options).action
        player = GAME.pending(told)[0].player
        told, events = GAME.advance(told, player, action)
        quiet, none = GAME.advance(quiet, player, action, quiet=True)
        assert events and none == []
    assert GAME.dump(told) == GAME.dump(quiet)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_wrong_actions_at_random_moments_are_refused_and_change_nothing(players):
    from engine.core.errors import IllegalAction

    rng = random.Random(players)
    wrong = [{"type": t, "space": s, "colour": c, "pile": p, "card": v, "moved": m}
             for t in ("move", "take", "victim", "bribe", "end_turn", "fly")
             for s, c, p, v, m in [("M3", 0, "gem", 9, True), ("C9", 7, "gold", 2, False),
                                   ("nest", None, None, True, None)]]
    for seed in range(6):
        state, _ = GAME.new_game(seed, players)
        while not GAME.is_over(state):
            (decision,) = GAME.pending(state)
            legal = [o.action for o in decision.options]
            for action in rng.sample(wrong, 4):
                seat = rng.randrange(-1, players + 1)
                if seat == decision.player and any(
                        {k: action.get(k) for k in option} == option for option in legal):
                    continue
                before = GAME.dump(state)
                try:
                    GAME.apply(state, seat, action)
                except IllegalAction as refused:
                    assert refused.message.endswith(".")
                assert GAME.dump(state) == before
            state, _ = GAME.apply(state, decision.player, rng.choice(legal))
