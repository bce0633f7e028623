"""EM-12: a gold card's value only to its owner, the cards under the tops and in the box to
nobody. Changing anything hidden from a seat changes neither its view nor any AI's choice."""

from __future__ import annotations

import random

import pytest

from engine.core.ai import get_policy
from engine.games.emerald.state import EmeraldState
from tests.engine.games.emerald.builders import GAME

LEVELS = ["random", "greedy", "strong"]


def scramble(state: EmeraldState, seat: int, rng: random.Random) -> EmeraldState:
    """The same game with everything hidden from `seat` dealt anew into the same places."""
    new = state.clone()
    slots: list[tuple[list[int], int]] = []
    for other, hand in enumerate(new.hands):
        if other != seat:
            slots += [(hand, i) for i in range(len(hand))]
    for pile in new.gold_piles:
        slots += [(pile, i) for i in range(len(pile) - 1)]  # the top one is face up
    slots += [(new.box_gold, i) for i in range(len(new.box_gold))]
    slots += [(new.removed, i) for i in range(len(new.removed))]
    values = [where[i] for where, i in slots]
    rng.shuffle(values)
    for (where, i), value in zip(slots, values, strict=True):
        where[i] = value
    gem_slots = [(pile, i) for pile in new.gem_piles for i in range(len(pile) - 1)]
    gem_slots += [(new.box_gems, i) for i in range(len(new.box_gems))]
    gems = [where[i] for where, i in gem_slots]
    rng.shuffle(gems)
    for (where, i), gem in zip(gem_slots, gems, strict=True):
        where[i] = gem
    return new


def midgame_states(players: int, seed: int, every: int = 9) -> list[EmeraldState]:
    state, _ = GAME.new_game(seed, players)
    rng = random.Random(seed)
    found = []
    while not GAME.is_over(state):
        (decision,) = GAME.pending(state)
        if state.step % every == 0 or decision.kind == "emerald.bribe":
            found.append(state)
        state, _ = GAME.apply(state, decision.player, rng.choice(decision.options).action)
    return found


@pytest.mark.parametrize("players", [2, 3, 5])
def test_em12_views_show_only_the_owners_gold_values_and_no_hidden_card(players):
    for state in midgame_states(players, 3):
        for seat in range(players):
            hidden = scramble(state, seat, random.Random(seat))
            assert GAME.view(hidden, seat) == GAME.view(state, seat)
            assert GAME.view(hidden, None) == GAME.view(scramble(state, -1, random.Random(1)),
                                                        None)
        view = GAME.view(state, None)
        assert "hand" not in view and "gold_piles" not in str(view)


def test_the_scramble_really_changes_what_is_hidden():
    state = midgame_states(4, 5)[6]
    assert GAME.dump(scramble(state, 0, random.Random(2))) != GAME.dump(state)


@pytest.mark.parametrize("level", LEVELS)
def test_em12_no_ai_level_reads_what_its_seat_cannot_see(level):
    policy = get_policy(level)
    checked = 0
    for state in midgame_states(3, 11, every=13)[:8]:
        (decision,) = GAME.pending(state)
        if len(decision.options) < 2:
            continue
        hidden = scramble(state, decision.player, random.Random(checked))
        chosen = policy(GAME, state, decision, random.Random(7))
        assert policy(GAME, hidden, GAME.pending(hidden)[0], random.Random(7)) == chosen
        checked += 1
    assert checked >= 4


def test_the_view_says_who_is_awaited_also_for_the_bribe():
    from tests.engine.games.emerald.builders import move
    from tests.engine.games.emerald.test_dragon import board

    state = board(knights={0: {"M6": 1, "T1": 4}, 1: {"C2": 1, "T1": 4}}, dragon=3, roll=1,
                  hands={1: [2]})
    assert GAME.view(state, None)["waiting_for"] == [{"seat": 0, "kind": "emerald.move"}]
    state, _ = move(state, "M6")
    assert GAME.view(state, 2)["waiting_for"] == [{"seat": 1, "kind": "emerald.bribe"}]
