"""Pending decisions: who must decide what, with the legal options spelled out for any front end."""

from __future__ import annotations

from functools import cache, lru_cache

from engine.core import i18n
from engine.core.game import Decision, DecisionUI, Option
from engine.core.seats import seat_label, seat_ref
from engine.games.esr import instants
from engine.games.esr.cards import cards
from engine.games.esr.catalog import _, ngettext
from engine.games.esr.forecast import ColourForecast, half_scoring_now
from engine.games.esr.gems import (
    COLOURS,
    best_offer_of_size,
    colour_count,
    colour_name,
    describe,
)
from engine.games.esr.negotiation import must_answer_single
from engine.games.esr.state import (
    EsrState,
    EventSourceStep,
    FreeChoiceStep,
    InstantStep,
    NegotiationStep,
    action_name,
)
from engine.games.esr.table import Table

# The caches below keep built text: each takes the language (i18n.current()) in its key.


def _key(state: EsrState, what: str) -> str:
    return f"r{state.round}t{state.turn}s{state.step_no}:{what}"


def _colour_options(colours: list[int], note: dict[int, str] | None = None) -> list[Option]:
    note = note or {}
    return [Option(label=colour_name(c).capitalize(),
                   action={"type": "colour", "colour": COLOURS[c]},
                   detail=note.get(c, "")) for c in colours]


def _in_supply(count: int) -> str:
    # Translators: how many gemstones of a colour are left in the supply
    return _("{count} in the supply").format(count=count)


def half_scoring_note(scored: ColourForecast, seat: int) -> str:
    """What scoring a colour at half would pay `seat` and cost them in returns, and whom else
    it would pay (ESR-8), e.g. 'You get 7 million and return 3 red.'"""
    if not scored.leaders:
        return _("Nobody holds any: nothing is paid.")
    colour = COLOURS.index(scored.colour)
    parts = [] if seat in scored.leaders else [_("You get nothing.")]
    for leader in sorted(scored.leaders, key=lambda s: s != seat):  # the reader first
        amount = scored.paid[leader]
        returned = colour_count(colour, scored.returns[leader])
        if leader == seat:
            # Translators: {gems} is what you give back to the supply, e.g. "3 red"
            text = ngettext("You get {amount} million and return {gems}.",
                            "You get {amount} million and return {gems}.", amount)
        else:
            # Translators: {seat} is "Seat 2" (the bot shows the player's name instead);
            # {gems} is what they give back to the supply, e.g. "2 red"
            text = ngettext("{seat} gets {amount} million and returns {gems}.",
                            "{seat} gets {amount} million and returns {gems}.", amount)
        # The seat begins its sentence: the label's form ("Seat 2"), capitalised in every
        # language, not the in-sentence "seat 2".
        parts.append(text.format(amount=amount, gems=returned, seat=seat_label(leader)))
    return " ".join(parts)


def action_preview(state: EsrState, seat: int, card: str) -> str:
    """What an action card would do for this seat this turn, if they carry it out."""
    return _preview(card, state.players[seat].gem_card, state.face_up_event, i18n.current())


@cache
def _preview(card: str, gem_card_id: int | None, face_up_id: int | None, locale: str) -> str:
    """The preview in the current language (`locale`, the current one, is the cache key's)."""
    deck = cards()
    gem_card = deck.gem[gem_card_id]  # type: ignore[index]
    if card == "money":
        return ngettext("Take {amount} million.", "Take {amount} million.",
                        gem_card.money).format(amount=gem_card.money)
    if card == "gems":
        # Translators: {gems} is e.g. "1 red, 1 yellow, 1 green"
        return _("Take {gems} from the supply.").format(gems=describe(gem_card.counts))
    if card == "event":
        face_up = _(deck.event[face_up_id].name)  # type: ignore[index]
        # Translators: {card} is the face-up event card's name
        return _("Take the face-up card ({card}) or draw blind.").format(card=face_up)
    return _("Alone: swap one of your gemstones for any two. Shared: everyone takes one.")


@cache
def _choose_options(hand: tuple[str, ...], gem_card_id: int | None,
                    face_up_id: int | None, locale: str) -> list[Option]:
    # Options are never changed once built, so one list serves every decision alike (in one
    # language: `locale`, the current one, is part of the key).
    return [Option(label=action_name(c), action={"type": "choose", "card": c},
                   detail=_preview(c, gem_card_id, face_up_id, locale)) for c in hand]


def choose_decision(state: EsrState, seat: int) -> Decision:
    """The secret action choice; it may be changed until the last player has chosen."""
    current = state.players[seat].choice
    return Decision(
        player=seat, kind="esr.choose_action", ui=DecisionUI.SECRET, key=_key(state, "choose"),
        prompt=_("Choose your action card for this turn."),
        options=_choose_options(state.hand(), state.players[seat].gem_card,
                                state.face_up_event, i18n.current()),
        current={"type": "choose", "card": current} if current else None,
    )


def _offer_option(gems: list[int], raising: bool) -> Option:
    return _cached_offer(tuple(gems), raising, i18n.current())


@lru_cache(maxsize=4096)
def _cached_offer(gems: tuple[int, ...], raising: bool, locale: str) -> Option:
    if raising:
        # Translators: a button: raise the offer to these gemstones, e.g. "Raise to 2 red"
        label = _("Raise to {gems}").format(gems=describe(gems))
    else:
        # Translators: a button: offer these gemstones, e.g. "Offer 1 blue"
        label = _("Offer {gems}").format(gems=describe(gems))
    return Option(label=label, action={"type": "offer", "gems": list(gems)})


@lru_cache(maxsize=4096)
def _accept_option(offer: tuple[int, ...], locale: str) -> Option:
    # Translators: a button: accept the partner's offer, e.g. "Accept 2 red, 1 blue"
    return Option(label=_("Accept {gems}").format(gems=describe(offer)), action={"type": "accept"})


@cache
def _offer_nothing(opening: bool, locale: str) -> Option:
    """'Offer nothing' (when opening: with a note on what the partner may do then)."""
    nothing = {"type": "offer", "gems": [0, 0, 0, 0]}
    if opening:
        return Option(label=_("Offer nothing"), action=nothing,
                      detail=_("Your partner may then offer you one gemstone."))
    return Option(label=_("Offer nothing"), action=nothing)


def _single(colour: int) -> Option:
    """Offer one gemstone of `colour`."""
    return _offer_option([int(i == colour) for i in range(4)], raising=False)


def quick_offers(own: list[int], current: list[int] | None) -> list[Option]:
    """Ready-made offers: the cheapest raise by quantity and by value, or one-gem openings."""
    return list(_quick_offers(tuple(own), tuple(current) if current is not None else None,
                              i18n.current()))


@lru_cache(maxsize=4096)
def _quick_offers(own: tuple[int, ...], current: tuple[int, ...] | None,
                  locale: str) -> tuple[Option, ...]:
    return tuple(_build_quick_offers(list(own), list(current) if current is not None else None))


def _build_quick_offers(own: list[int], current: list[int] | None) -> list[Option]:
    if current is None:
        return [_single(c) for c in (3, 2, 1, 0) if own[c]]
    options = []
    size = sum(current)
    if sum(own) > size:
        cheapest = best_offer_of_size(own[::-1], size + 1)[::-1]  # lowest colours first
        options.append(_offer_option(cheapest, raising=True))
    value_raise = cheapest_value_raise(own, current)
    if value_raise is not None:
        options.append(_offer_option(value_raise, raising=True))
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
    action = action_name(step.action)
    own = table.gems(seat)
    locale = i18n.current()
    options: list[Option] = []
    if must_answer_single(step):
        # Translators: {action} is the action card being negotiated for
        prompt = _("Your partner offered nothing for {action}. Offer them exactly one gemstone "
                   "(they must accept and you carry out {action}) or offer nothing (it lapses)."
                   ).format(action=action)
        options = [*(_single(c) for c in range(4) if own[c]), _offer_nothing(False, locale)]
    elif step.offer is None:
        # Translators: {action} is the action card being negotiated for
        prompt = _("You open the negotiation for {action}. Offer gemstones, or offer nothing."
                   ).format(action=action)
        options = [*quick_offers(own, None), _offer_nothing(True, locale)]
    else:
        # Translators: {gems} is the partner's offer, e.g. "2 red, 1 blue"; {action} the action
        # card being negotiated for
        prompt = _("Your partner offers {gems} for {action}. Accept (you take the gemstones, "
                   "they carry out the action) or raise.").format(gems=describe(step.offer),
                                                                  action=action)
        options = [_accept_option(tuple(step.offer), locale), *quick_offers(own, step.offer)]
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
            options.append(Option(label=_("Carry it out"), action={"type": "carry_out"}))
        options.append(Option(label=_("Forgo it"), action={"type": "forgo"}))
        # Translators: {card} is an Instant card's name, {text} what the card says
        prompt = _("{card}: {text} Carry it out or forgo it?").format(card=_(card.name),
                                                                      text=_(card.text))
        # The card is public (it is carried out in the open); the AI values it by its id.
        return Decision(player=seat, kind="esr.instant_use", key=key, options=options,
                        prompt=prompt, constraints={"card": step.card})
    if step.stage == "colour":
        gems = [p.gems for p in state.players]
        note = ({c: _in_supply(state.supply[c]) for c in range(4)} if card.effect == "trio"
                else {c: half_scoring_note(half_scoring_now(gems, c), seat) for c in range(4)})
        if card.effect == "trio":
            # Translators: {card} is an Instant card's name
            prompt = _("{card}: which colour do you take 3 of?").format(card=_(card.name))
        else:
            # Translators: {card} is an Instant card's name
            prompt = _("{card}: which colour do you score at half proceeds?").format(
                card=_(card.name))
        return Decision(player=seat, kind="esr.instant_colour", key=key, prompt=prompt,
                        options=_colour_options(list(range(4)), note),
                        constraints={"card": step.card})
    if step.stage == "give":
        own = table.gems(seat)
        return Decision(player=seat, kind="esr.instant_give", key=key,
                        prompt=_("Exchange: which of your gemstones do you give?"),
                        options=_colour_options([c for c in range(4) if own[c]]))
    if step.stage == "target":
        return Decision(player=seat, kind="esr.instant_player", key=key,
                        prompt=_("Exchange: with which fellow player?"),
                        options=[Option(label=seat_label(s), action={"type": "player", "seat": s},
                                        detail=describe(table.gems(s)))
                                 for s in instants.fellows_with_gems(table, seat)])
    target = step.target if step.stage == "take" else step.remove_targets[len(step.removals)]
    theirs = table.gems(target)  # type: ignore[arg-type]
    if step.stage == "take":
        # Translators: {card} is an Instant card's name; {seat} is "seat 2" (the bot shows the
        # player's name instead)
        prompt = _("{card}: which gemstone do you take from {seat}?")
    else:
        # Translators: {card} is an Instant card's name; {seat} is "seat 2" (the bot shows the
        # player's name instead)
        prompt = _("{card}: which gemstone do you remove from {seat}?")
    return Decision(player=seat, kind=f"esr.instant_{step.stage}", key=key,
                    prompt=prompt.format(card=_(card.name), seat=seat_ref(target)),  # type: ignore[arg-type]
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
        options.append(Option(label=_("Forgo"), action={"type": "forgo"}))
        return Decision(player=seat, kind="esr.free_give", key=key, options=options,
                        prompt=_("Free Choice: return one of your gemstones to take any two."))
    supply = state.supply
    if step.alone:
        # Translators: {number} is 1 or 2: the first or second gemstone taken
        prompt = _("Free Choice: take a gemstone from the supply ({number} of 2).").format(
            number=len(step.taken) + 1)
    else:
        prompt = _("Free Choice: take a gemstone from the supply.")
    return Decision(player=seat, kind="esr.free_take", key=key, prompt=prompt,
                    options=_colour_options([c for c in range(4) if supply[c]],
                                            {c: _in_supply(supply[c]) for c in range(4)}))


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
            prompt=_("Event: take the face-up card or draw the top card blind?"),
            options=[
                # Translators: a button: take the face-up event card {card}
                Option(label=_("Take {card}").format(card=_(face_up.name)),
                       action={"type": "event_source", "source": "face_up"},
                       detail=_(face_up.text)),
                Option(label=_("Draw blind"), action={"type": "event_source", "source": "blind"},
                       detail=_("The face-up card goes under the deck.")),
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
