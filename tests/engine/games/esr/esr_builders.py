"""Small helpers that build exact ESR situations by editing a fresh game's state.

Only the public API (new_game / apply / pending) moves a game forward; these helpers merely
arrange gemstones, money and event cards beforehand, keeping every invariant intact:
22 gemstones per colour (ESR-14) and each of the 39 event cards in exactly one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import get_kind
from engine.core.game import Action, GameEvent
from engine.games.esr.cards import cards
from engine.games.esr.gems import SUPPLY_PER_COLOUR
from engine.games.esr.state import EsrState, EventSlot, InstantStep

KIND = get_kind("esr")
TAKER = 0  # the seat that takes the Event card in the instant helpers


def event_ids(effect: str, colour: str | None = None) -> list[int]:
    """Ids of the event cards with this effect (and colour, for per-colour cards)."""
    return [
        c.id for c in cards().event
        if c.effect == effect and (colour is None or getattr(c, "colour", None) == colour)
    ]


def event_id(effect: str, colour: str | None = None) -> int:
    """The first event card with this effect (and colour)."""
    return event_ids(effect, colour)[0]


def one_plus_one_id(colours: set[str]) -> int:
    """The 1+1 card naming exactly these two colours."""
    return next(c.id for c in cards().event
                if c.effect == "one_plus_one" and set(c.colours) == colours)  # type: ignore[union-attr]


def fresh_state(players: int = 4, seed: int = 11) -> EsrState:
    """A new game at its first action choice."""
    state, _ = KIND.new_game(seed, players)
    return state


def set_gems(state: EsrState, holdings: Sequence[Sequence[int]]) -> None:
    """Give every seat exactly these gemstones; the supply holds the rest of the 22 per colour."""
    assert len(holdings) == state.num_players
    for player, gems in zip(state.players, holdings, strict=True):
        player.gems = list(gems)
    state.supply = [SUPPLY_PER_COLOUR - sum(h[c] for h in holdings) for c in range(4)]
    assert min(state.supply) >= 0, "more than 22 gemstones of a colour"


def hand_out(state: EsrState, cards_by_seat: dict[int, list[int]]) -> None:
    """Put Scoring cards in front of players, taking them out of the event deck / face-up spot."""
    wanted = {c for ids in cards_by_seat.values() for c in ids}
    state.event_deck = [slot for slot in state.event_deck if slot.card not in wanted]
    if state.face_up_event in wanted:
        state.face_up_event = state.event_deck.pop(0).card
    for seat, ids in cards_by_seat.items():
        state.players[seat].scoring_cards.extend(ids)


def put_face_up(state: EsrState, card: int) -> None:
    """Make `card` the face-up event card (it swaps places with the current one)."""
    if state.face_up_event == card:
        return
    deck = state.event_deck
    index = next((i for i, slot in enumerate(deck) if slot.card == card), None)
    assert index is not None, f"event card {card} is not in the deck"
    deck[index] = EventSlot(card=state.face_up_event, face_up=deck[index].face_up)  # type: ignore[arg-type]
    state.face_up_event = card


def put_on_top(state: EsrState, card: int) -> None:
    """Make `card` the top (face-down) card of the event deck."""
    index = next(i for i, slot in enumerate(state.event_deck) if slot.card == card)
    state.event_deck.pop(index)
    state.event_deck.insert(0, EventSlot(card=card))


def choose_all(state: EsrState, choices: Sequence[str]) -> tuple[EsrState, list[GameEvent]]:
    """Every seat places its action card (in seat order) through apply()."""
    events: list[GameEvent] = []
    for seat, card in enumerate(choices):
        state, more = KIND.apply(state, seat, {"type": "choose", "card": card})
        events.extend(more)
    return state, events


def lapse_turn(state: EsrState) -> tuple[EsrState, list[GameEvent]]:
    """A turn in which everyone picks Money, so it lapses (3 or more) and nothing changes."""
    assert state.num_players >= 3
    return choose_all(state, ["money"] * state.num_players)


def take_event(state: EsrState, source: str = "face_up") -> tuple[EsrState, list[GameEvent]]:
    """Seat 0 alone chooses Event (the others' Money lapses) and takes the card from `source`."""
    assert state.num_players >= 4, "three others on Money make it lapse"
    state, events = choose_all(state, ["event"] + ["money"] * (state.num_players - 1))
    state, more = KIND.apply(state, TAKER, {"type": "event_source", "source": source})
    return state, events + more


def at_instant(card: int, holdings: Sequence[Sequence[int]]) -> EsrState:
    """A 4-player game where seat 0 has just taken Instant `card` face up: use or forgo it?"""
    state = fresh_state(4)
    set_gems(state, holdings)
    put_face_up(state, card)
    state, _ = take_event(state)
    assert isinstance(state.step, InstantStep) and state.step.card == card
    return state


def act(state: EsrState, *actions: Action, seat: int = TAKER) -> tuple[EsrState, list[GameEvent]]:
    """Apply several actions of one seat in a row, collecting the events."""
    events: list[GameEvent] = []
    for action in actions:
        state, more = KIND.apply(state, seat, action)
        events.extend(more)
    return state, events


def colour(name: str) -> Action:
    """The action naming a colour."""
    return {"type": "colour", "colour": name}


def of_type(events: Sequence[GameEvent], kind: type[Any]) -> list[Any]:
    """The events of one class."""
    return [e for e in events if isinstance(e, kind)]


def only(events: Sequence[GameEvent], kind: type[Any]) -> Any:
    """The single event of one class."""
    found = of_type(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {len(found)}"
    return found[0]


def assert_gems_conserved(state: EsrState) -> None:
    """ESR-14: supply + all players = 22 per colour, nothing negative."""
    for c in range(4):
        assert state.supply[c] + sum(p.gems[c] for p in state.players) == SUPPLY_PER_COLOUR
        assert state.supply[c] >= 0 and all(p.gems[c] >= 0 for p in state.players)


def assert_event_cards_conserved(state: EsrState) -> None:
    """Each of the 39 event cards is in exactly one place: deck, face up, in front of a player,
    or being carried out."""
    places = [slot.card for slot in state.event_deck]
    if state.face_up_event is not None:
        places.append(state.face_up_event)
    for player in state.players:
        places.extend(player.scoring_cards)
    if isinstance(state.step, InstantStep):
        places.append(state.step.card)
    assert sorted(places) == list(range(len(cards().event)))


def gem_changes(before: EsrState, after: EsrState) -> dict[int, list[int]]:
    """Every seat whose gemstones changed, with the change per colour."""
    changes = {}
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        diff = [new.gems[c] - old.gems[c] for c in range(4)]
        if any(diff):
            changes[seat] = diff
    return changes
