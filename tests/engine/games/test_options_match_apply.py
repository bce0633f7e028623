"""Every registered game offers exactly the moves its referee accepts: in states sampled from
random games, every option of every seat's decision applies cleanly, and every action apply
accepts from a seat is one of its options (or leads to the same state as one: Emerald names a
knight's colour in its options, and accepts the move without it where only one colour stands).

The actions tried are each game's whole action space as the test reads it from the rules, not
from the decision code: every space and colour, every card and label, every colour and seat.
Free-form answers a decision takes beyond its options are left out of the second check (Edel,
Stein & Reich's raises, which the offer builder drafts and `check` validates).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import tests.toygame  # noqa: F401  (registers Sealed Bid: every registered game runs)
from engine.core.errors import EngineError
from engine.core.game import Action, Decision, GameKind
from engine.core.registry import get_kind, kinds
from engine.games.emerald.board import CODES
from engine.games.esr.gems import COLOURS
from engine.games.esr.state import ACTION_ORDER
from engine.games.gke.data import game_data as gke_data
from engine.games.gke.rules import LABELS, card_kind

Candidates = Callable[[Any, int, random.Random], Iterator[Action]]


def emerald_actions(state: Any, seat: int, rng: random.Random) -> Iterator[Action]:
    """Every move of every colour from every space (with and without the colour), the end of
    the turn, both piles, every victim and every bribe."""
    for code in CODES:
        yield {"type": "move", "space": code}
        for colour in range(state.colours):
            yield {"type": "move", "space": code, "colour": colour}
    yield {"type": "end_turn"}
    yield from ({"type": "take", "pile": pile} for pile in ("gold", "gem"))
    for colour in range(state.colours):
        yield from ({"type": "victim", "colour": colour, "moved": moved} for moved in (0, 1))
    yield from ({"type": "bribe", "card": value} for value in (None, 1, 2, 3, 4, 5))


def gke_actions(state: Any, seat: int, rng: random.Random) -> Iterator[Action]:
    """For each card, every label of its kind, a few of other kinds and one no gem bears;
    every release."""
    kinds_of = {label: gke_data().gems[gem].kind for label, gem in state.labels.items()}
    for card in range(3):
        kind = card_kind(state, card)
        mine = [label for label, k in kinds_of.items() if k == kind]
        others = rng.sample([label for label, k in kinds_of.items() if k != kind], 3)
        unused = next(label for label in LABELS if label not in kinds_of)
        for label in [*mine, *others, unused]:
            yield {"type": "pick", "card": card, "label": label}
        yield {"type": "release", "card": card}


def esr_actions(state: Any, seat: int, rng: random.Random) -> Iterator[Action]:
    """Every action card, every offer of up to two gemstones, acceptance, every colour and
    seat, both event sources, carrying out and forgoing."""
    yield from ({"type": "choose", "card": card} for card in ACTION_ORDER)
    yield {"type": "accept"}
    for first in range(4):
        for second in range(first, 5):
            gems = [0, 0, 0, 0]
            for colour in (first, second):
                if colour < 4:
                    gems[colour] += 1
            yield {"type": "offer", "gems": gems}
    yield {"type": "offer", "gems": [0, 0, 0, 0]}
    yield from ({"type": "colour", "colour": colour} for colour in COLOURS)
    yield from ({"type": "player", "seat": other} for other in range(len(state.players)))
    yield from ({"type": "event_source", "source": source} for source in ("face_up", "blind"))
    yield {"type": "carry_out"}
    yield {"type": "forgo"}


def esr_free_form(decision: Decision, action: Action) -> bool:
    """A raise: the negotiator may offer any gemstones that beat the offer (ESR-4); the
    options list ready-made ones, the offer builder drafts the rest."""
    offer = decision.constraints.get("offer")
    return bool(offer) and action.get("type") == "offer" and any(action["gems"]) \
        and not offer["exactly_one"]


def sealed_actions(state: Any, seat: int, rng: random.Random) -> Iterator[Action]:
    """Every bid, both judgements, every duel move."""
    yield from ({"type": "bid", "amount": amount} for amount in range(-1, 7))
    yield from ({"type": "judge", "allow": allow} for allow in (True, False))
    yield from ({"type": "duel", "move": move} for move in ("yield", "press", "split"))


def none_free_form(decision: Decision, action: Action) -> bool:
    """Every answer the decision takes is among its options."""
    return False


# name → (its action space, the free-form answers left out of the completeness check)
SPACES: dict[str, tuple[Candidates, Callable[[Decision, Action], bool]]] = {
    "esr": (esr_actions, esr_free_form),
    "emerald": (emerald_actions, none_free_form),
    "gke": (gke_actions, none_free_form),
    "sealed": (sealed_actions, none_free_form),
}


def test_every_registered_game_has_its_action_space_here() -> None:
    assert {kind.name for kind in kinds()} <= set(SPACES), \
        "add the new game's action space to this test"


def sampled_states(kind: GameKind, players: int, count: int, seed: int) -> Iterator[Any]:
    """`count` states met in random games, about one in three of each game's."""
    rng = random.Random(seed)
    for game in range(10**6):
        state, _ = kind.new_game(seed * 1000 + game, players)
        rngs = [random.Random(rng.random()) for _ in range(players)]
        while not kind.is_over(state):
            if rng.random() < 0.3:
                yield state
                count -= 1
                if not count:
                    return
            seat, action = kind.random_action(state, rngs)
            state, _ = kind.apply(state, seat, action)


def gke_states(players: int, count: int, seed: int) -> Iterator[Any]:
    """Rounds of Große kleine Edelsteine part-picked at random, with two or three of the
    round's cards showing one kind in most of them (rare in play, built here on purpose)."""
    kind, rng, data = get_kind("gke"), random.Random(seed), gke_data()
    by_back_and_kind: dict[tuple[int, int], list[int]] = {}
    for card in data.cards:
        by_back_and_kind.setdefault((("pink", "blue", "green").index(card.back),
                                     data.gems[card.gem].kind), []).append(card.id)
    made = 0
    while made < count:
        state, _ = kind.new_game(rng.randrange(10**6), players)
        same = rng.choice((1, 2, 3))  # how many cards share one kind
        if same > 1:
            shared = rng.randrange(9)
            for back in rng.sample(range(3), same):
                state.face_up[back] = rng.choice(by_back_and_kind[back, shared])
        for _ in range(rng.randrange(3 * players + 1)):
            seat = rng.randrange(players)
            decision = kind.decision_for(state, seat)
            if decision is None or not decision.options:
                continue
            after, _ = kind.apply(state, seat, rng.choice(decision.options).action)
            if kind.is_over(after) or after.round != state.round:
                break  # the round closed: keep the open one
            state = after
        made += 1
        yield state


def check_state(kind: GameKind, state: Any, players: int, rng: random.Random,
                space: Candidates, free_form: Callable[[Decision, Action], bool]) -> int:
    """Assert options == accepted for every seat of `state`; the number of moves checked."""
    checked = 0
    for seat in range(players):
        decision = kind.decision_for(state, seat)
        offered: dict[str, Action] = {}
        for option in (decision.options if decision else []):
            after, _ = kind.apply(state, seat, option.action)  # every option applies cleanly
            offered[kind.dump(after)] = option.action
        for action in space(state, seat, rng):
            try:
                after, _ = kind.apply(state, seat, action)
            except EngineError:
                continue
            if decision is not None and free_form(decision, action):
                continue
            assert kind.dump(after) in offered, (
                f"{kind.name}: seat {seat} may play {action} but its decision "
                f"{decision.kind if decision else None} does not offer it")
            checked += 1
    return checked


CASES = [("esr", 3), ("esr", 4), ("esr", 5), ("emerald", 2), ("emerald", 3), ("emerald", 4),
         ("emerald", 5), ("sealed", 2), ("sealed", 4)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_options_are_exactly_the_moves_apply_accepts(name: str, players: int) -> None:
    kind, (space, free_form) = get_kind(name), SPACES[name]
    rng = random.Random(players)
    states = list(sampled_states(kind, players, 250, seed=players))
    checked = sum(check_state(kind, state, players, rng, space, free_form)
                  for state in states)
    assert checked >= len(states)  # someone may always do something


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gke13_every_pick_apply_accepts_is_offered_also_moving_a_held_gem_to_an_empty_card(
        players: int) -> None:
    kind, rng = get_kind("gke"), random.Random(players)
    checked = sum(check_state(kind, state, players, rng, gke_actions, none_free_form)
                  for state in gke_states(players, 700, seed=players))
    assert checked > 700


def test_gke13_a_four_player_seat_holding_both_picks_may_move_one_to_the_empty_card() -> None:
    # The pink and blue cards show one kind; the seat holds a gem of it for pink and one for
    # green: it may move the pink one to the empty blue card (GKE-13).
    kind, data = get_kind("gke"), gke_data()
    state, _ = kind.new_game(3, 4)
    shared = data.gems[data.cards[state.face_up[0]].gem].kind
    state.face_up[1] = next(c.id for c in data.cards if c.back == "blue"
                            and data.gems[c.gem].kind == shared)
    labels = {data.gems[gem].kind: label for label, gem in state.labels.items()}
    green = data.gems[data.cards[state.face_up[2]].gem].kind
    mine = next(label for label, gem in state.labels.items() if data.gems[gem].kind == shared)
    state, _ = kind.apply(state, 0, {"type": "pick", "card": 0, "label": mine})
    state, _ = kind.apply(state, 0, {"type": "pick", "card": 2, "label": labels[green]})
    decision = kind.decision_for(state, 0)
    assert {"type": "pick", "card": 1, "label": mine} in [o.action for o in decision.options]
    moved, _ = kind.apply(state, 0, {"type": "pick", "card": 1, "label": mine})
    assert moved.picks[0][1] == state.labels[mine] and moved.picks[0][0] is None
