"""Große kleine Edelsteine's picks judged for the coach exactly, from what the round's picture
showed the member: the pick of a card's own gem wins the card (its stars), a gem one size off
a magnifier piece (PIECE), any other nothing (GKE-6). The alternatives to a pick are the other
gems of the card's kind still free when it was made. No sampling: the worlds are all alike, so
the estimate has no margin; the note says how many sizes off the pick was instead."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.core.game import Action, Decision, GameKind
from engine.games.gke.catalog import _, ngettext
from engine.games.gke.data import GROWTH, stars_for
from engine.games.gke.events import GemPicked, GemReleased, RoundClosed
from engine.games.gke.state import GkeState
from engine.games.gke.words import back_name

# A piece is a third of a bonus card, whose stars average those of the 63 cards (sizes 2-8,
# each alike often): (1 + 2 + 3 + 3 + 3 + 2 + 1) / 7 / 3, about 0.71 points.
PIECE = sum(stars_for(size) for size in range(2, 9)) / 7 / 3


def size_shown(gem: dict[str, Any]) -> int:
    """A pool gem's size, as its drawn length in the picture gives it (each size 6 % longer)."""
    return round(1 + math.log(gem["drawn"]) / math.log(GROWTH))


def worth(card: dict[str, Any], size: int) -> float:
    """What a gem of `size` picked for `card` wins, in points."""
    off = abs(size - card["size"])
    return float(card["stars"]) if off == 0 else PIECE if off == 1 else 0.0


def _sizes(view: dict[str, Any]) -> dict[str, int]:
    return {gem["label"]: size_shown(gem) for gem in view["pool"]}


def option_values(view: dict[str, Any], decision: Decision, chosen: int, worlds: int
                  ) -> list[list[float]] | None:
    """Per option, what it would have won for the chosen pick's card (options for another
    card, or putting a gem back, count as the chosen one: they are no alternative to it).
    None: not a pick."""
    action = decision.options[chosen].action
    if decision.kind != "gke.pick" or action["type"] != "pick":
        return None
    held = view["me"]["picks"]
    if action["label"] in held:
        # A gem moved from another of the member's cards trades against what that card loses,
        # which no option here stands for: not judged.
        return None
    card, sizes = view["cards"][action["card"]], _sizes(view)
    mine = worth(card, sizes[action["label"]])
    values = []
    for option in decision.options:
        other = option.action
        # The member's own gem for another card is no free alternative: moving it loses there.
        alike = (other["type"] == "pick" and other["card"] == action["card"]
                 and other["label"] not in held)
        values.append([worth(card, sizes[other["label"]]) if alike else mine] * worlds)
    kept = held[action["card"]]
    if kept is not None and worth(card, sizes[kept]) > max(row[0] for row in values):
        # Keeping the gem it replaced was best, and no option stands for keeping: not judged
        # rather than told as a free gem it was not.
        return None
    return values


def stood(kind: GameKind, after: GkeState, seat: int, card: int,
          later: Sequence[tuple[int, Action]]) -> bool:
    """Whether `seat`'s pick for `card` (which gave `after`) was still held when the round
    closed, replaying the later actions (on copies) until it does."""
    if after.phase == "over" or after.picks[seat][card] is None:
        return True  # the pick closed the round (its picks are back in the pool)
    state = after
    for actor, action in later:
        state, events = kind.apply(state, actor, action)
        for event in events:
            if isinstance(event, GemPicked) and event.seat == seat and card in (
                    event.card, event.moved_from):
                return False
            if isinstance(event, GemReleased) and event.seat == seat and event.card == card:
                return False
            if isinstance(event, RoundClosed):
                return True
    return True


def note(view: dict[str, Any], decision: Decision, chosen: int, best: int) -> str:
    """How far the pick was from the card's gem, and what the better one would have won."""
    picked, better = decision.options[chosen].action, decision.options[best].action
    card, sizes = view["cards"][picked["card"]], _sizes(view)
    off = sizes[picked["label"]] - card["size"]
    # Translators: {label} is the gem picked ("K7"), {card} the card it was picked for ("the
    # pink card"), {count} a number of sizes
    first = (ngettext("{label}, picked for {card}, was {count} size smaller than the card's gem.",
                      "{label}, picked for {card}, was {count} sizes smaller than the card's gem.",
                      -off)
             if off < 0 else
             ngettext("{label}, picked for {card}, was {count} size larger than the card's gem.",
                      "{label}, picked for {card}, was {count} sizes larger than the card's gem.",
                      off)
             ).format(label=picked["label"], card=back_name(picked["card"]), count=abs(off))
    if sizes[better["label"]] == card["size"]:
        # Translators: {label} is the card's own gem in the pool ("A4")
        second = ngettext("The exact gem, {label}, was still free: it would have won the card "
                          "and its {stars} star.",
                          "The exact gem, {label}, was still free: it would have won the card "
                          "and its {stars} stars.", card["stars"]).format(
            label=better["label"], stars=card["stars"])
    else:
        second = _("The exact gem was taken already; {label}, one size off, would have won a "
                   "magnifier piece.").format(label=better["label"])
    return f"{first} {second}"
