"""A random game played to its end in one loop: the answers `GameKind.random_action` would draw
from the decisions' options, in the same order from the same draws, without building a decision
or checking an answer that is legal by construction (random games per CPU-second:
docs/benchmarks.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.game import Action
from engine.games.emerald import rules
from engine.games.emerald.board import SPACES, space_code
from engine.games.emerald.state import EmeraldState

_CODES = tuple(space_code(space) for space in range(SPACES))
_PILES = ("gold", "gem")


def playout(state: EmeraldState, rngs: Sequence[random.Random]
            ) -> tuple[EmeraldState, list[tuple[int, Action]]]:
    """Play random answers to the end, changing `state`; the (seat, action) answered."""
    table = rules.Table(state, quiet=True)
    answers: list[tuple[int, Action]] = []
    append = answers.append
    bits = [rng.getrandbits for rng in rngs]

    def draw(seat: int, n: int) -> int:
        """rngs[seat].randrange(n), as choice() draws it too: the same numbers, less overhead
        (Random._randbelow_with_getrandbits; the playout test checks it draw by draw)."""
        k = n.bit_length()
        r = bits[seat](k)
        while r >= n:
            r = bits[seat](k)
        return r

    movable = rules.movable
    while True:
        phase = state.phase
        state.step += 1  # GameKind.advance counts every accepted action
        if phase == "move":
            seat = state.seat
            knights = movable(state, seat)
            count = len(knights)
            pick = draw(seat, count + 1 if state.moves else count)
            if pick == count:  # the decision lists "End turn" after the knights
                append((seat, {"type": "end_turn"}))
                rules.end_turn(table, "chosen")
            else:
                colour, origin = knights[pick]
                append((seat, {"type": "move", "space": _CODES[origin], "colour": colour}))
                rules.move(table, colour, origin)
        elif phase == "card":
            pile = _PILES[draw(state.seat, 2)]
            append((state.seat, {"type": "take", "pile": pile}))
            rules.take(table, pile)
        elif phase == "victim":
            pairs = state.victims
            pick = 2 * draw(state.seat, len(pairs) // 2)
            colour, moved = pairs[pick], bool(pairs[pick + 1])
            append((state.seat, {"type": "victim", "colour": colour, "moved": moved}))
            rules.catch(table, colour, moved, chosen_by=state.seat)
        elif phase == "bribe":
            seat = state.owner(state.victim[0])
            values: list[int | None] = [*sorted(set(state.hands[seat])), None]
            value = values[draw(seat, len(values))]
            append((seat, {"type": "bribe", "card": value}))
            if value is None:
                rules.to_nest(table, "declined")
            else:
                rules.bribe(table, value)
        else:
            state.step -= 1  # over: nothing was answered
            return state, answers
