"""Invariants over many random games at every player count, with players who also put gems
back, move and replace them; a replay of the log gives the same state."""

import random

import pytest

from engine.core.game import CLOCK
from engine.games.gke import GAME
from engine.games.gke.state import PIECES


def play_randomly(seed: int, players: int, changes: float = 0.2, time_ups: float = 0.05):
    """A game where seats choose any offered option now and then (put back, move, replace),
    else a free gem for an empty card; the clock sometimes ends a round early. Yields each
    state; returns the log."""
    rng = random.Random(seed)
    state, _ = GAME.new_game(seed, players, {"cards_per_colour": rng.randint(3, 9)})
    log = []
    yield state, log
    while not GAME.is_over(state):
        if rng.random() < time_ups:
            player, action = CLOCK, GAME.clock(state).action
        else:
            decision = GAME.next_decision(state)
            player = decision.player
            action = (rng.choice(decision.options).action if rng.random() < changes
                      else GAME.sample_action(state, decision, rng))
        state, _ = GAME.apply(state, player, action)
        log.append((player, action))
        yield state, log


def check(state):
    if state.phase == "pick":
        assert sorted(state.labels.values()) == list(range(81))  # every gem in the pool…
        held = [g for row in state.picks for g in row if g is not None]
        assert len(held) == len(set(held))  # …and at most one player's pick
        for seat in range(state.players):
            assert state.held(seat) <= state.picks_per_round
    cards = (sum(map(len, state.stacks)) + len(state.bonus) + len(state.removed)
             + sum(map(len, state.won)) + sum(map(len, state.bonus_won))
             + sum(1 for c in state.face_up if c is not None))
    assert cards == 63
    assert state.supply + sum(state.pieces) == PIECES and max(state.pieces) <= 2


@pytest.mark.parametrize("chunk", range(4))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_gem_card_and_piece(players, chunk):
    for seed in range(chunk * 100, chunk * 100 + 100):  # 1,200 games in all
        for state, _log in play_randomly(seed, players):
            check(state)
        assert GAME.is_over(state) and state.round == state.rounds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_option_offered_is_legal(players):
    for seed in range(15):
        for step, (state, _log) in enumerate(play_randomly(500 + seed, players)):
            if GAME.is_over(state) or step % 4:
                continue
            for seat in range(players):
                decision = GAME.decision_for(state, seat)
                for option in decision.options:
                    GAME.apply(state, decision.player, option.action)  # raises if illegal


@pytest.mark.parametrize("players", [2, 4])
def test_replaying_the_log_gives_the_same_state(players):
    for seed in range(20):
        *_, (state, log) = play_randomly(1000 + seed, players)
        replayed, _ = GAME.new_game(1000 + seed, players, {"cards_per_colour": state.rounds})
        for player, action in log:
            replayed, _ = GAME.apply(replayed, player, action)
        assert GAME.dump(replayed) == GAME.dump(state)
        assert GAME.load(GAME.dump(state)) == state
