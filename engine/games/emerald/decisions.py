"""What Emerald asks and of whom: the mover's knight and card, the roller's victim, and the
victim owner's bribe, a decision of another player in the middle of a turn (EM-7)."""

from __future__ import annotations

from functools import cache

from engine.core.game import Decision, Option
from engine.core.i18n import current
from engine.core.seats import seat_ref
from engine.games.emerald.board import CHAMBER, FIRST_CAVE, destination, space_cave, space_code
from engine.games.emerald.catalog import _
from engine.games.emerald.rules import movable, top_card
from engine.games.emerald.state import EmeraldState
from engine.games.emerald.words import card_name, cave_name, colour_name, space_name


def key(state: EmeraldState) -> str:
    """A decision point's stable id: it changes with every accepted action."""
    return f"t{state.turn}s{state.step}:{state.phase}"


def decide_seat(state: EmeraldState) -> int | None:
    """The seat that must decide now (the bribe falls to the victim's owner)."""
    if state.phase == "over":
        return None
    if state.phase == "bribe":
        return state.owner(state.victim[0])
    return state.seat


def outcome(state: EmeraldState, to: int) -> int:
    """What happens where a knight lands, as bits: 1 a card, 2 the dragon, 4 the chamber."""
    if to == CHAMBER:
        return 4
    cave = to - FIRST_CAVE + 1
    if cave < 1:
        return 0
    cards = 1 if state.gold_piles[cave - 1] or state.gem_piles[cave - 1] else 0
    return cards + (2 if state.rail <= cave <= state.rail + 3 or cave == state.dragon else 0)


def consequence(bits: int) -> str:
    """An outcome in words: "treasure", "take a card, wakes the dragon" (or "")."""
    if bits & 4:
        return _("treasure")
    parts = []
    if bits & 1:
        parts.append(_("take a card"))
    if bits & 2:
        parts.append(_("wakes the dragon"))
    return ", ".join(parts)


# Move options by (language, two players, colour, origin, landing, outcome): the same few
# hundred come back all game, and building one is most of a simulated action's cost. Nothing
# changes an Option once made.
_OPTIONS: dict[tuple[str, bool, int, int, int, int], Option] = {}


def move_option(state: EmeraldState, colour: int, origin: int, language: str) -> Option:
    """A move's option, named by where the knight stands, where it lands and what happens
    there: "M3 → C2 · take a card", "C7 → chamber · treasure" (with two players the colour
    first: "Red M3 → C2")."""
    to = destination(origin, state.total[origin])
    bits = outcome(state, to)
    two = state.num_players == 2
    cache_key = (language, two, colour, origin, to, bits)
    found = _OPTIONS.get(cache_key)
    if found is None:
        # No-break spaces: a phone's narrow button wraps "M3 → C2" only as a whole.
        label = f"{space_name(origin)}\u00a0→\u00a0{space_name(to)}"
        if two:
            label = f"{colour_name(colour).capitalize()} {label}"
        if bits:
            label = f"{label} · {consequence(bits)}"
        found = _OPTIONS[cache_key] = Option(label=label, action={
            "type": "move", "space": space_code(origin), "colour": colour})
    return found


@cache
def end_turn_option(language: str) -> Option:
    """The End turn option, in `language` (the current one; the argument keys the cache)."""
    return Option(label=_("End turn"), action={"type": "end_turn"},
                  detail=_("Keep your other knights where they stand."))


def move_decision(state: EmeraldState) -> Decision:
    """One option per movable kind of knight; after a first move also End turn (EM-10)."""
    language = current()
    options = [move_option(state, colour, origin, language)
               for colour, origin in movable(state, state.seat)]
    if state.moves:
        options.append(end_turn_option(current()))
        prompt = _("Move a second knight, or end your turn.")
    else:
        prompt = _("Move a knight: as many steps as knights stand on its space.")
    return Decision(player=state.seat, kind="emerald.move", key=key(state), prompt=prompt,
                    options=options)


def card_decision(state: EmeraldState) -> Decision:
    """Both piles beside the cave have cards: take the gold or the gem (EM-5)."""
    cave = space_cave(state.moved[1])
    options = [
        # Translators: a button: take the face-up card {card} ("gold 3", "ruby")
        Option(label=_("Take {card}").format(card=card_name(top_card(state, cave, pile))),
               action={"type": "take", "pile": pile},
               detail=_("gold pile") if pile == "gold" else _("gem pile"))
        for pile in ("gold", "gem")]
    return Decision(player=state.seat, kind="emerald.card", key=key(state), options=options,
                    prompt=_("Take a card from beside {cave}.").format(cave=cave_name(cave)))


def knight_text(state: EmeraldState, colour: int) -> str:
    """'seat 2's knight' (with two players: 'seat 2's red knight')."""
    owner = seat_ref(state.owner(colour))
    if state.num_players == 2:
        # Translators: {owner} is a player; {colour} a knight colour ("red")
        return _("{owner}'s {colour} knight").format(owner=owner, colour=colour_name(colour))
    # Translators: {owner} is a player
    return _("{owner}'s knight").format(owner=owner)


def victim_decision(state: EmeraldState) -> Decision:
    """The roller picks the dragon's victim among the knights on its cave (EM-7, EM-18)."""
    options = []
    pairs = state.victims
    for i in range(0, len(pairs), 2):
        colour, moved = pairs[i], pairs[i + 1]
        text = knight_text(state, colour)
        if any(pairs[j] == colour for j in range(0, len(pairs), 2) if j != i):
            # Translators: {knight} is e.g. "seat 2's knight"
            text = (_("{knight}, the one that just moved") if moved
                    else _("{knight}, the one that has not moved")).format(knight=text)
        options.append(Option(label=text, action={"type": "victim", "colour": colour,
                                                  "moved": bool(moved)}))
    return Decision(player=state.seat, kind="emerald.victim", key=key(state), options=options,
                    prompt=_("The dragon is on {cave}: choose the knight it catches.").format(
                        cave=cave_name(state.dragon)))


def bribe_decision(state: EmeraldState) -> Decision:
    """The victim's owner pays any one gold card or lets the knight go to the nest (EM-7)."""
    colour = state.victim[0]
    seat = state.owner(colour)
    options = [
        # Translators: a button: pay a gold card of this value to the dragon
        Option(label=_("Pay gold {value}").format(value=value),
               action={"type": "bribe", "card": value})
        for value in sorted(set(state.hands[seat]))]  # the prompt's header lists the hand
    options.append(Option(label=_("Let it go to the nest"), action={"type": "bribe",
                                                                    "card": None},
                          detail=_("The knight is out of the game.")))
    prompt = _("The dragon caught your knight on {cave}. Bribe it with a gold card?").format(
        cave=cave_name(state.dragon))
    return Decision(player=seat, kind="emerald.bribe", key=key(state), prompt=prompt,
                    options=options)


def pending(state: EmeraldState) -> list[Decision]:
    """The one decision owed now (none once the game is over)."""
    if state.phase == "move":
        return [move_decision(state)]
    if state.phase == "card":
        return [card_decision(state)]
    if state.phase == "victim":
        return [victim_decision(state)]
    if state.phase == "bribe":
        return [bribe_decision(state)]
    return []
