"""Tables set up for Große kleine Edelsteine's tests: a round with chosen cards, picks by gem."""

from __future__ import annotations

from engine.core.game import Action
from engine.games.gke import GAME
from engine.games.gke.data import BACKS, KINDS, SIZES, game_data
from engine.games.gke.rules import label_of
from engine.games.gke.state import GkeState


def gem_id(kind: str, size: int) -> int:
    """The gem of a kind ("aquamarine") and size 1–9."""
    return KINDS.index(kind) * SIZES + size - 1


def card_id(kind: str, size: int) -> int:
    """The card showing that gem (sizes 2–8)."""
    return next(c.id for c in game_data().cards if c.gem == gem_id(kind, size))


def slot_of(card: int) -> int:
    """The card board space a card lies on: its back colour (0 pink, 1 blue, 2 green)."""
    return BACKS.index(game_data().cards[card].back)


def table(players: int = 3, seed: int = 7, cards: list[int] | None = None, **settings: int
          ) -> GkeState:
    """A new game, each of `cards` turned up on its own colour's space this round instead of
    the card there (which goes back under its stack)."""
    state, _ = GAME.new_game(seed, players, settings or None)
    for card in cards or []:
        slot = slot_of(card)
        stack = state.stacks[slot]
        if card in stack:
            stack.remove(card)
            stack.insert(0, state.face_up[slot])
        state.face_up[slot] = card
    return state


def pick(state: GkeState, seat: int, slot: int, gem: int) -> tuple[GkeState, list]:
    """`seat` picks `gem` (by its label this round) for card `slot`."""
    return GAME.apply(state, seat, {"type": "pick", "card": slot, "label": label_of(state, gem)})


def act(state: GkeState, seat: int, action: Action) -> tuple[GkeState, list]:
    """Apply any action."""
    return GAME.apply(state, seat, action)
