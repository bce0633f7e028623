"""A mutable working copy of the state plus the events it produced; rules modules act on it."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.game import GameEvent
from engine.games.esr.cards import Cards, EventCard, GemCard, cards
from engine.games.esr.catalog import _
from engine.games.esr.events import EventCardToBottom, EventDeckShuffled
from engine.games.esr.gems import COLOURS, Gems, fewer_gems_order_key
from engine.games.esr.state import EsrState, EventSlot


class Table:
    """Rules act on a Table; apply() builds one over a deep copy so failures leave no trace."""

    def __init__(self, state: EsrState, card_lists: Cards | None = None,
                 quiet: bool = False) -> None:
        self.state = state
        self.cards = card_lists or cards()
        self.events: list[GameEvent] = []
        self.quiet = quiet  # a simulation that reads no events: they are not even built

    def emit(self, kind: type[GameEvent], **fields: Any) -> None:
        """Record an event of this type for the caller (built only if someone will read it)."""
        if not self.quiet:
            self.events.append(kind(**fields))

    def gem_card(self, card_id: int) -> GemCard:
        """Look up a gemstone card."""
        return self.cards.gem[card_id]

    def event_card(self, card_id: int) -> EventCard:
        """Look up an event card."""
        return self.cards.event[card_id]

    def gems(self, seat: int) -> Gems:
        """The seat's gemstone counts (mutable)."""
        return self.state.players[seat].gems

    def move_gems(self, colour: int, count: int, *, to_seat: int | None = None,
                  from_seat: int | None = None) -> int:
        """Move up to `count` gems of a colour between supply and seats; returns how many moved."""
        source = self.state.supply if from_seat is None else self.gems(from_seat)
        target = self.state.supply if to_seat is None else self.gems(to_seat)
        moved = min(count, source[colour])
        source[colour] -= moved
        target[colour] += moved
        return moved

    def event_to_bottom(self, card: int, reason: str) -> None:
        """Put a card face up under the event deck (ESR-7)."""
        self.state.event_deck.append(EventSlot(card=card, face_up=True))
        self.emit(EventCardToBottom, card=card, reason=reason)  # type: ignore[arg-type]

    def draw_event(self) -> int:
        """Take the top event card, shuffling the deck first if a face-up card is on top (ESR-7)."""
        deck = self.state.event_deck
        if not deck:
            raise IllegalAction(_("The event deck is empty."))
        if deck[0].face_up:
            deck[:] = [EventSlot(card=slot.card) for slot in deck]
            self.state.rng.shuffle(deck)
            self.emit(EventDeckShuffled, size=len(deck))
        return deck.pop(0).card

    def turn_order(self, seats: list[int]) -> tuple[list[int], str]:
        """Order seats by ESR-3 (fewer red, yellow, green, blue; then ESR-2); say what decided."""
        players = self.state.players

        def key(seat: int) -> tuple[int, ...]:
            return (*fewer_gems_order_key(players[seat].gems), players[seat].money, seat)

        ordered = sorted(seats, key=key)
        decided_by = "seat"
        if len(ordered) >= 2:
            a, b = key(ordered[0]), key(ordered[1])
            names = (*COLOURS, "money", "seat")
            decided_by = next(names[i] for i in range(len(a)) if a[i] != b[i])
        return ordered, decided_by

    def next_step(self) -> None:
        """Mark that a new decision point has begun (keys of old prompts go stale)."""
        self.state.step_no += 1
