"""Pending decisions: who must decide what, with the legal options spelled out for any front end."""

from __future__ import annotations

from functools import cache, lru_cache

from engine.core.game import Decision, DecisionUI, Option
from engine.games.esr import instants
from engine.games.esr.cards import cards
from engine.games.esr.gems import COLOURS, best_offer_of_size, describe
from engine.games.esr.negotiation import must_answer_single
from engine.games.esr.state import (
    ACTION_NAMES,
    EsrState,
    EventSourceStep,
    FreeChoiceStep,
    InstantStep,
    NegotiationStep,
)
from engine.games.esr.table import Table


def _key(state: EsrState, what: str) -> str:
    return f"r{state.round}t{state.turn}s{state.step_no}:{what}"


def _colour_options(colours: list[int], note: dict[int, str] | None = None) -> list[Option]:
    note = note or {}
    return [Option(label=COLOURS[c].capitalize(), action={"type": "colour", "colour": COLOURS[c]},
                   detail=note.get(c, "")) for c in colours]


def action_preview(state: EsrState, seat: int, card: str) -> str:
    """What an action card would do for this seat this turn, if they carry it out."""
    return _preview(card, state.players[seat].gem_card, state.face_up_event)


@cache
def _preview(card: str, gem_card_id: int | None, face_up_id: int | None) -> str:
    deck = cards()
    gem_card = deck.gem[gem_card_id]  # type: ignore[index]
    if card == "money":
        return f"Take {gem_card.money} million."
    if card == "gems":
        return f"Take {describe(gem_card.counts)} from the supply."
    if card == "event":
        face_up = deck.event[face_up_id].name  # type: ignore[index]
        return f"Take the face-up card ({face_up}) or draw blind."
    return "Alone: swap one of your gemstones for any two. Shared: everyone takes one."


@cache
def _choose_options(hand: tuple[str, ...], gem_card_id: int | None,
                    face_up_id: int | None) -> list[Option]:
    # Options are never changed once built, so one list serves every decision alike.
    return [Option(label=ACTION_NAMES[c], action={"type": "choose", "card": c},
                   detail=_preview(c, gem_card_id, face_up_id)) for c in hand]


def choose_decision(state: EsrState, seat: int) -> Decision:
    """The secret action choice; it may be changed until the last player has chosen."""
    current = state.players[seat].choice
    return Decision(
        player=seat, kind="esr.choose_action", ui=DecisionUI.SECRET, key=_key(state, "choose"),
        prompt="Choose your action card for this turn.",
        options=_choose_options(state.hand(), state.players[seat].gem_card,
                                state.face_up_event),
        current={"type": "choose", "card": current} if current else None,
    )


def _offer_option(gems: list[int], label: str) -> Option:
    return _cached_offer(tuple(gems), label)


@lru_cache(maxsize=4096)
def _cached_offer(gems: tuple[int, ...], label: str) -> Option:
    return Option(label=f"{label} {describe(gems)}", action={"type": "offer", "gems": list(gems)})


@lru_cache(maxsize=4096)
def _accept_option(offer: tuple[int, ...]) -> Option:
    return Option(label=f"Accept {describe(offer)}", action={"type": "accept"})


NOTHING = Option(label="Offer nothing", action={"type": "offer", "gems": [0, 0, 0, 0]})
OPEN_WITH_NOTHING = Option(label="Offer nothing", action={"type": "offer", "gems": [0, 0, 0, 0]},
                           detail="Your partner may then offer you one gemstone.")
SINGLE = [_cached_offer(tuple(int(i == c) for i in range(4)), "Offer") for c in range(4)]


def quick_offers(own: list[int], current: list[int] | None) -> list[Option]:
    """Ready-made offers: the cheapest raise by quantity and by value, or one-gem openings."""
    return list(_quick_offers(tuple(own), tuple(current) if current is not None else None))


@lru_cache(maxsize=4096)
def _quick_offers(own: tuple[int, ...], current: tuple[int, ...] | None) -> tuple[Option, ...]:
    return tuple(_build_quick_offers(list(own), list(current) if current is not None else None))


def _build_quick_offers(own: list[int], current: list[int] | None) -> list[Option]:
    if current is None:
        return [_offer_option([int(i == c) for i in range(4)], "Offer") for c in (3, 2, 1, 0)
                if own[c]]
    options = []
    size = sum(current)
    if sum(own) > size:
        cheapest = best_offer_of_size(own[::-1], size + 1)[::-1]  # lowest colours first
        options.append(_offer_option(cheapest, "Raise to"))
    value_raise = cheapest_value_raise(own, current)
    if value_raise is not None:
        options.append(_offer_option(value_raise, "Raise to"))
    return options


def cheapest_value_raise(own: list[int], current: list[int]) -> list[int] | None:
    """The lowest offer of as many gemstones as `current` that beats it (ESR-4), or None.

    With the size fixed, offers compare colour by colour from red, so the lowest one that beats
    `current` keeps the longest possible prefix of it, raises the next colour by as little as
    possible, and puts the rest in the lowest colours (found directly, not by enumerating)."""
    size = sum(current)
    for i in range(3, -1, -1):
        if any(current[j] > own[j] for j in range(i)):
            continue  # that prefix of `current` cannot be paid
        prefix = sum(current[:i])
        room_after = sum(own[i + 1:])
        for value in range(current[i] + 1, own[i] + 1):
            rest = size - prefix - value
            if rest < 0:
                break
            if rest <= room_after:
                offer = [*current[:i], value, 0, 0, 0][:4]
                for j in range(3, i, -1):  # the rest as low as it goes: blue first
                    offer[j] = min(own[j], rest)
                    rest -= offer[j]
                return offer
    return None


def negotiation_decision(table: Table, step: NegotiationStep) -> Decision:
    """The negotiator to move: accept, raise (free-form, see constraints) or offer nothing."""
    state = table.state
    seat = step.to_move
    action = ACTION_NAMES[step.action]
    own = table.gems(seat)
    options: list[Option] = []
    if must_answer_single(step):
        prompt = (f"Your partner offered nothing for {action}. Offer them exactly one gemstone "
                  f"(they must accept and you carry out {action}) or offer nothing (it lapses).")
        options = [*(SINGLE[c] for c in range(4) if own[c]), NOTHING]
    elif step.offer is None:
        prompt = f"You open the negotiation for {action}. Offer gemstones, or offer nothing."
        options = [*quick_offers(own, None), OPEN_WITH_NOTHING]
    else:
        prompt = (f"Your partner offers {describe(step.offer)} for {action}. Accept (you take "
                  "the gemstones, they carry out the action) or raise.")
        options = [_accept_option(tuple(step.offer)), *quick_offers(own, step.offer)]
    return Decision(
        player=seat, kind="esr.negotiate", key=_key(state, "negotiate"), prompt=prompt,
        ui=DecisionUI.ROOM, partner=next(s for s in step.seats if s != seat),
        options=options,
        constraints={
            "offer": {
                "own": list(own),
                "current": step.offer,
                "exactly_one": must_answer_single(step),
                "may_offer_nothing": step.offer is None,
                "partner": next(s for s in step.seats if s != seat),
                "action": step.action,
            }
        },
    )


def instant_decision(table: Table, step: InstantStep) -> Decision:
    """The next choice an Instant card needs, with only legal options."""
    state = table.state
    card = table.event_card(step.card)
    seat = step.seat
    key = _key(state, f"instant.{step.stage}")
    if step.stage == "use":
        options = []
        if instants.can_carry_out(table, step):
            options.append(Option(label="Carry it out", action={"type": "carry_out"}))
        options.append(Option(label="Forgo it", action={"type": "forgo"}))
        return Decision(player=seat, kind="esr.instant_use", key=key, options=options,
                        prompt=f"{card.name}: {card.text} Carry it out or forgo it?")
    if step.stage == "colour":
        note = {c: f"{state.supply[c]} in the supply" for c in range(4)} \
            if card.effect == "trio" else None
        verb = "take 3 of" if card.effect == "trio" else "score at half proceeds"
        return Decision(player=seat, kind="esr.instant_colour", key=key,
                        prompt=f"{card.name}: which colour do you {verb}?",
                        options=_colour_options(list(range(4)), note))
    if step.stage == "give":
        own = table.gems(seat)
        return Decision(player=seat, kind="esr.instant_give", key=key,
                        prompt="Exchange: which of your gemstones do you give?",
                        options=_colour_options([c for c in range(4) if own[c]]))
    if step.stage == "target":
        return Decision(player=seat, kind="esr.instant_player", key=key,
                        prompt="Exchange: with which fellow player?",
                        options=[Option(label=f"Seat {s + 1}", action={"type": "player", "seat": s},
                                        detail=describe(table.gems(s)))
                                 for s in instants.fellows_with_gems(table, seat)])
    target = step.target if step.stage == "take" else step.remove_targets[len(step.removals)]
    theirs = table.gems(target)  # type: ignore[arg-type]
    verb = "take from" if step.stage == "take" else "remove from"
    return Decision(player=seat, kind=f"esr.instant_{step.stage}", key=key,
                    prompt=f"{card.name}: which gemstone do you {verb} seat {target + 1}?",
                    options=_colour_options([c for c in range(4) if theirs[c]]),
                    constraints={"target": target})


def free_choice_decision(table: Table, step: FreeChoiceStep) -> Decision:
    """The Free Choice pick of the seat whose turn it is (ESR-11)."""
    state = table.state
    seat = step.seats[0]
    key = _key(state, f"free.{step.stage}")
    if step.stage == "give":
        own = table.gems(seat)
        options = _colour_options([c for c in range(4) if own[c]])
        options.append(Option(label="Forgo", action={"type": "forgo"}))
        return Decision(player=seat, kind="esr.free_give", key=key, options=options,
                        prompt="Free Choice: return one of your gemstones to take any two.")
    supply = state.supply
    nth = f" ({len(step.taken) + 1} of 2)" if step.alone else ""
    return Decision(player=seat, kind="esr.free_take", key=key,
                    prompt=f"Free Choice: take a gemstone from the supply{nth}.",
                    options=_colour_options([c for c in range(4) if supply[c]],
                                            {c: f"{supply[c]} in the supply" for c in range(4)}))


def pending(state: EsrState) -> list[Decision]:
    """All decisions owed right now."""
    if state.phase == "over":
        return []
    if state.phase == "choose":
        return [choose_decision(state, s) for s, p in enumerate(state.players) if p.choice is None]
    table = Table(state)
    step = state.step
    if isinstance(step, NegotiationStep):
        return [negotiation_decision(table, step)]
    if isinstance(step, EventSourceStep):
        face_up = table.event_card(state.face_up_event)  # type: ignore[arg-type]
        return [Decision(
            player=step.seat, kind="esr.event_source", key=_key(state, "event_source"),
            prompt="Event: take the face-up card or draw the top card blind?",
            options=[
                Option(label=f"Take {face_up.name}", action={"type": "event_source",
                                                             "source": "face_up"},
                       detail=face_up.text),
                Option(label="Draw blind", action={"type": "event_source", "source": "blind"},
                       detail="The face-up card goes under the deck."),
            ],
        )]
    if isinstance(step, InstantStep):
        return [instant_decision(table, step)]
    if isinstance(step, FreeChoiceStep):
        return [free_choice_decision(table, step)]
    return []


def next_decision(state: EsrState) -> Decision | None:
    """The first of `pending(state)`, without building the others."""
    if state.phase == "choose":
        seat = next((s for s, p in enumerate(state.players) if p.choice is None), None)
        return choose_decision(state, seat) if seat is not None else None
    owed = pending(state)
    return owed[0] if owed else None


def decision_for(state: EsrState, seat: int) -> Decision | None:
    """The decision `seat` may make now, including a choice they may still change."""
    if state.phase == "choose":
        return choose_decision(state, seat)
    return next((d for d in pending(state) if d.player == seat), None)
