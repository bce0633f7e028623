"""Complete random games: invariants at every step, legal options, replay, illegal actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import get_kind
from engine.core.errors import IllegalAction
from engine.core.record import GameRecord, LoggedAction, replay

GAMES = [(players, seed) for players in (3, 4, 5) for seed in range(12)]


def check_invariants(state: Any, before: Any, event_cards: Any) -> None:
    for colour in range(4):  # ESR-14
        assert state.supply[colour] + sum(p.gems[colour] for p in state.players) == 22
        assert state.supply[colour] >= 0 and all(p.gems[colour] >= 0 for p in state.players)
    assert all(p.money >= b.money for p, b in zip(state.players, before.players, strict=True))
    assert event_cards(state) == list(range(39))  # ESR-7: every card in exactly one place


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_random_game_keeps_invariants_and_replays_exactly(esr, event_cards, players, seed):
    state, _ = esr.new_game(seed, players)
    record = GameRecord(kind="esr", seed=seed, seats=[f"p{i}" for i in range(players)])
    rng = random.Random(f"{players}:{seed}")
    while not esr.is_over(state):
        pending = esr.pending(state)
        assert pending and len({d.player for d in pending}) == len(pending)
        if len(record.actions) % 9 == 0:  # every listed option is accepted as it is
            assert esr.load(esr.dump(state)) == state
            for decision in pending:
                for option in decision.options:
                    esr.apply(state, decision.player, option.action)
        decision = rng.choice(pending)
        action = esr.sample_action(state, decision, rng)
        before_json = esr.dump(state)
        new_state, _ = esr.apply(state, decision.player, action)
        assert esr.dump(state) == before_json  # apply never changes the given state
        check_invariants(new_state, state, event_cards)
        record.actions.append(LoggedAction(player=decision.player, action=action))
        state = new_state
    results = esr.results(state)
    assert results is not None and results.winners
    best = max(p.money for p in state.players)
    assert all(state.players[w].money == best for w in results.winners)
    assert sorted(s.player for s in results.standings) == list(range(players))
    assert esr.pending(state) == []
    assert esr.load(esr.dump(state)) == state
    replayed, _ = replay(record)
    assert esr.dump(replayed) == esr.dump(state)


def wrong_actions(rng: random.Random, players: int) -> list[tuple[int, Any]]:
    """A mix of malformed, misplaced and out-of-turn actions."""
    values: dict[str, list[Any]] = {
        "card": ["money", "event", "gems", "free", "joker", None, 3],
        "gems": [[1, 0, 0, 0], [0, 0, 0, 0], [9, 9, 9, 9], [-1, 0, 0, 0], [1, 2], "red",
                 {"red": 1}, {"purple": 1}, [None, 0, 0, 0]],
        "source": ["face_up", "blind", "bottom", None],
        "colour": ["red", "blue", "purple", None, 3],
        "seat": [0, 1, players, -1, None, "1"],
    }
    kinds = ["choose", "offer", "accept", "event_source", "carry_out", "forgo", "colour",
             "player", "bogus", None]
    actions: list[tuple[int, Any]] = []
    for _ in range(12):
        action: Any = {"type": rng.choice(kinds)}
        for key, pool in values.items():
            if rng.random() < 0.5:
                action[key] = rng.choice(pool)
        actions.append((rng.randrange(-1, players + 1), action))
    actions += [(0, None), (0, "accept"), (players, {"type": "accept"}), (-1, {"type": "forgo"})]
    return actions


@pytest.mark.parametrize("players", [3, 4, 5])
def test_illegal_actions_leave_the_state_untouched(esr, players):
    rng = random.Random(players)
    refused = 0
    for seed in range(4):
        state, _ = esr.new_game(seed, players)
        while not esr.is_over(state):
            snapshot = state.to_dict()
            for seat, action in wrong_actions(rng, players):
                try:
                    esr.apply(state, seat, action)
                except IllegalAction as error:
                    assert error.message
                    refused += 1
                assert state.to_dict() == snapshot
            decision = rng.choice(esr.pending(state))
            state, _ = esr.apply(state, decision.player, esr.sample_action(state, decision, rng))
    assert refused > 1000


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_simulation_path_reaches_the_same_states_as_apply(players: int) -> None:
    # advance() changes the state in place and, quiet, builds no events; next_decision() builds
    # only the first pending decision. None of that may change what happens.
    esr = get_kind("esr")
    for seed in range(8):
        rng = random.Random(seed)
        state, _ = esr.new_game(seed, players)
        fast = esr.load(esr.dump(state))
        told = 0
        while not esr.is_over(state):
            decision = esr.pending(state)[0]
            assert esr.next_decision(fast) == decision
            action = esr.sample_action(state, decision, rng)
            state, events = esr.apply(state, decision.player, action)
            fast, quiet_events = esr.advance(fast, decision.player, action, quiet=True)
            told += len(events)
            assert quiet_events == []
            assert esr.dump(fast) == esr.dump(state)
        assert told > 100, "apply tells what the quiet path leaves out"


def test_a_states_dict_is_a_snapshot_that_does_not_move_on_with_it() -> None:
    # The checks that a refused move changes nothing compare such snapshots.
    state, _ = get_kind("esr").new_game(1, 4)
    snapshot = state.to_dict()
    state.players[0].gems[0] += 1
    state.supply[1] -= 1
    state.rng.next_u64()
    after = state.to_dict()
    assert snapshot["players"][0]["gems"] != after["players"][0]["gems"]
    assert snapshot["supply"] != after["supply"] and snapshot["rng"] != after["rng"]
