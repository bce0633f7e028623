"""Carrying out an action card (ESR-6): alone after the reveal, or by whoever a negotiation
leaves with the action. Its own module, so flow and negotiation both use it without importing
each other."""

from __future__ import annotations

from engine.games.esr.events import GemsTaken, MoneyTaken
from engine.games.esr.state import EventSourceStep
from engine.games.esr.table import Table


def carry_out(table: Table, action: str, seat: int) -> None:
    """Carry out Money, Event or Gemstones for `seat` with their own gemstone card (ESR-6)."""
    state = table.state
    card = table.gem_card(state.players[seat].gem_card)  # type: ignore[arg-type]
    if action == "money":
        state.players[seat].money += card.money
        table.emit(MoneyTaken, seat=seat, amount=card.money)
    elif action == "gems":
        wanted = card.counts
        received = [table.move_gems(c, n, to_seat=seat) for c, n in enumerate(wanted)]
        table.emit(GemsTaken, seat=seat, wanted=wanted, received=received)
    elif action == "event":
        state.step = EventSourceStep(seat=seat)
        table.next_step()
