"""Constructed games with one planted blunder, for the coach's tests and benchmark."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import get_kind
from engine.core.game import Action, Decision
from engine.core.rng import Rng
from engine.games.emerald.ai import apply_action, dragon_reach, greedy_policy, value
from engine.games.emerald.board import CHAMBER, CODES, destination, space_cave
from engine.games.emerald.determinize import sample
from engine.games.emerald.rules import has_cards, wakes_dragon
from engine.games.emerald.strong import ENDGAME, play_out


@dataclass
class Planted:
    """A finished game's log with the step of its one planted blunder by `seat`."""

    seed: int
    players: int
    seat: int
    log: list[tuple[int, Action]]
    step: int


def _walks_into_the_dragon(state, decision: Decision) -> int | None:
    """An option that moves a knight onto a cave without cards where the dragon may land, and
    wakes it: a risk for nothing (None if there is none)."""
    reach = set(dragon_reach(state))
    for index, option in enumerate(decision.options):
        if option.action.get("type") != "move":
            continue
        origin = CODES[option.action["space"]]
        to = destination(origin, state.total[origin])
        if to != CHAMBER and space_cave(to) and not has_cards(state, to) and to in reach \
                and wakes_dragon(state, to):
            return index
    return None


def _worth_it_in_the_end(state, decision: Decision, walk: int, rounds: int = 40) -> bool:
    """In the endgame, where the strong AI plays close calls out, whether no other answer is
    clearly better than the walk: played out from worlds of the seat's view, none ends better
    by two standard errors. Near the end a knight by the dragon may be worth the risk (a walk
    planted before this check won 2.9 gold more than the review's own pick over 60 worlds)."""
    if state.treasures_left > ENDGAME:
        return False
    seat = decision.player
    view, rng = get_kind("emerald").view(state, seat), random.Random(seat)
    ends: list[list[float]] = [[] for _ in decision.options]
    for _ in range(rounds):
        world, dice = sample(view, rng), rng.getrandbits(64)
        for index, option in enumerate(decision.options):
            start = world.clone()
            start.rng = Rng.from_seed(dice)
            end = play_out(apply_action(start, seat, option.action), random.Random(dice))
            ends[index].append(value(end, seat))
    for index in range(len(ends)):
        gains = [a - b for a, b in zip(ends[index], ends[walk], strict=True)]
        mean = sum(gains) / rounds
        if mean > 2 * (sum((g - mean) ** 2 for g in gains) / (rounds - 1) / rounds) ** 0.5:
            return False
    return True


def emerald_blunder(seed: int, players: int = 3, seat: int = 0,
                    after_turn: int = 0) -> Planted | None:
    """Greedy seats play Emerald; once, after `after_turn`, `seat`'s second move of a turn walks
    a knight into the dragon's reach for nothing (ending the turn was free; in the endgame,
    only where played out another answer is clearly better). None when no such chance
    came."""
    kind = get_kind("emerald")
    state, _ = kind.new_game(seed, players)
    rng = random.Random(seed)
    log: list[tuple[int, Action]] = []
    planted = None
    while not kind.is_over(state):
        decision = kind.next_decision(state)
        action = None
        # The turn's second move: after it the turn ends, with the risk and without a card.
        if planted is None and decision.player == seat and state.turn > after_turn \
                and state.moves == 1:
            index = _walks_into_the_dragon(state, decision)
            if index is not None and not _worth_it_in_the_end(state, decision, index):
                action, planted = decision.options[index].action, len(log)
        if action is None:
            action = greedy_policy(kind, state, decision, rng)
        log.append((decision.player, action))
        state, _ = kind.advance(state, decision.player, action, quiet=True)
    return None if planted is None else Planted(seed, players, seat, log, planted)


def esr_blunder(seed: int, players: int = 3, seat: int = 0, margin: float = 8.0,
                from_round: int = 2, worlds: int = 16) -> Planted | None:
    """Greedy seats play Edel, Stein & Reich; once, from `from_round` on, `seat` plays the
    action card the strong look-ahead (`worlds` worlds from its own view) finds at least
    `margin` million worse than greedy's card instead. None when no turn offered one."""
    from engine.core.ai import seated
    from engine.games.esr.ai import greedy_policy as esr_greedy
    from engine.games.esr.coach import option_values

    kind = get_kind("esr")
    state, _ = kind.new_game(seed, players)
    rng = random.Random(seed)
    log: list[tuple[int, Action]] = []
    planted = None
    levels = ["greedy"] * players
    with seated(levels):
        while not kind.is_over(state):
            decision = kind.next_decision(state)
            action = esr_greedy(kind, state, decision, rng)
            if planted is None and decision.player == seat and state.round >= from_round \
                    and decision.kind == "esr.choose_action":
                values = option_values(kind, kind.view(state, seat), seat, decision,
                                       random.Random(seed), worlds)
                means = [sum(v) / len(v) for v in values]
                greedy_index = next(i for i, o in enumerate(decision.options)
                                    if o.action == action)
                worst = min(range(len(means)), key=means.__getitem__)
                if means[greedy_index] - means[worst] >= margin:
                    action, planted = decision.options[worst].action, len(log)
            log.append((decision.player, action))
            state, _ = kind.advance(state, decision.player, action, quiet=True)
    return None if planted is None else Planted(seed, players, seat, log, planted)


def _two_sizes_off(view: dict, decision: Decision) -> int | None:
    """A pick two sizes off a three-star card whose own gem is still free (None if none)."""
    from engine.games.gke.coach import size_shown

    sizes = {gem["label"]: size_shown(gem) for gem in view["pool"]}
    mine = view["me"]["picks"]
    for card, shown in enumerate(view["cards"]):
        if shown is None or mine[card] is not None or shown["stars"] != 3:
            continue
        free = {o.action["label"]: i for i, o in enumerate(decision.options)
                if o.action["type"] == "pick" and o.action["card"] == card}
        exact = [label for label in free if sizes[label] == shown["size"]]
        off = [label for label in free if abs(sizes[label] - shown["size"]) == 2]
        if exact and off:
            return free[off[0]]
    return None


def gke_blunder(seed: int, players: int = 3, seat: int = 0, from_round: int = 2
                ) -> Planted | None:
    """Hard seats play Große kleine Edelsteine; once, from `from_round` on, `seat` picks a gem
    two sizes off a three-star card while its exact gem lies free. None when none came."""
    from engine.games.gke.ai import policy_for

    kind = get_kind("gke")
    state, _ = kind.new_game(seed, players)
    hard, rng = policy_for("hard"), random.Random(seed)
    log: list[tuple[int, Action]] = []
    planted = None
    while not kind.is_over(state):
        decision = kind.next_decision(state)
        action = None
        if planted is None and decision.player == seat and state.round >= from_round:
            index = _two_sizes_off(kind.view(state, seat), decision)
            if index is not None:
                action, planted = decision.options[index].action, len(log)
        if action is None:
            action = hard(kind, state, decision, rng)
        log.append((decision.player, action))
        state, _ = kind.advance(state, decision.player, action, quiet=True)
    return None if planted is None else Planted(seed, players, seat, log, planted)
