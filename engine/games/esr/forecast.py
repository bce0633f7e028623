"""What a round scoring would pay right now, and what an action would add to it.

Worked out from a view's public facts only — every player's gemstones and face-up Scoring cards,
the turn cards, the supply and the face-up event card — so it can be shown in the channel and to
any player; nothing hidden is read. The money comes from the round scoring's own pure rules
(scoring.colour_result, certificate_result), so a forecast pays exactly what the scoring would.

Not part of `view()`: the AI builds views thousands of times a turn and never reads this, so a
front end asks for it where it shows it (docs/benchmarks.md has the cost of each).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from engine.games.esr.cards import cards
from engine.games.esr.gems import COLOURS
from engine.games.esr.scoring import (
    BASE_PROCEEDS,
    certificate_counts,
    certificate_result,
    colour_result,
)


class ColourForecast(NamedTuple):
    """One colour as a scoring now would settle it."""

    colour: str
    counts: list[int]  # per seat
    leaders: list[int]  # the sole leader, the tied seats, or nobody
    share: int  # the base proceeds each leader gets (split and rounded down when tied)
    paid: dict[int, int]  # per seat paid for this colour: the share plus Scoring cards
    returns: dict[int, int]  # gemstones each leader gives back

    @property
    def tied(self) -> bool:
        """Several seats share the majority."""
        return len(self.leaders) > 1


class CertificateForecast(NamedTuple):
    """The certificates as a scoring now would settle them."""

    counts: list[int]
    most: list[int]
    second: list[int]
    paid: dict[int, int]


class Forecast(NamedTuple):
    """A whole round scoring now: each colour, the certificates, and every seat's total."""

    colours: list[ColourForecast]
    certificates: CertificateForecast
    totals: list[int]


def scoring_now(gems: Sequence[Sequence[int]], held: Sequence[Sequence[int]]) -> Forecast:
    """The round scoring of these gemstones (per seat, red to blue) and Scoring cards (per
    seat, card ids), worked out by the scoring's own rules without changing anything. The
    result is shared between callers (cached): read it, never change it."""
    return _scoring_now(tuple(map(tuple, gems)), tuple(map(tuple, held)))


# One change of the game is drawn several times (the table, each prompt, the room, the builder)
# and most changes leave every gemstone and card where it was, so the same forecast recurs.
@lru_cache(maxsize=1024)
def _scoring_now(gems: tuple[tuple[int, ...], ...],
                 held: tuple[tuple[int, ...], ...]) -> Forecast:
    deck = cards().event
    totals = [0] * len(gems)
    colours = []
    for colour, name in enumerate(COLOURS):
        counts = [g[colour] for g in gems]
        result = colour_result(counts, held, deck, colour, BASE_PROCEEDS[colour])
        paid = {seat: sum(parts) for seat, parts in result.parts.items()}
        for seat, amount in paid.items():
            totals[seat] += amount
        colours.append(ColourForecast(name, counts, result.leaders, result.share, paid,
                                      result.returns))
    counts = certificate_counts(held, deck)
    most, second, paid = certificate_result(counts)
    for seat, amount in paid.items():
        totals[seat] += amount
    return Forecast(colours, CertificateForecast(counts, most, second, paid), totals)


def clear_cache() -> None:
    """Forget the cached forecasts (benchmarks measure them cold)."""
    _scoring_now.cache_clear()


def half_scoring_now(gems: Sequence[Sequence[int]], colour: int) -> ColourForecast:
    """What the Half scoring card would do to `colour` now: half proceeds, full returns, no
    Scoring cards (ESR-8)."""
    counts = [g[colour] for g in gems]
    result = colour_result(counts, None, cards().event, colour, BASE_PROCEEDS[colour] // 2)
    return ColourForecast(COLOURS[colour], counts, result.leaders, result.share,
                          {seat: sum(parts) for seat, parts in result.parts.items()},
                          result.returns)


def public_gems(view: dict[str, Any]) -> list[list[int]]:
    """Every seat's gemstones in a view, red to blue."""
    return [[p["gems"][c] for c in COLOURS] for p in view["players"]]


def public_cards(view: dict[str, Any]) -> list[list[int]]:
    """Every seat's face-up Scoring cards in a view, as card ids."""
    return [[c["id"] for c in p["scoring_cards"]] for p in view["players"]]


def forecast(view: dict[str, Any]) -> Forecast:
    """The round scoring as it would go now, from a view (any seat's or the spectator's: they
    show the same gemstones and Scoring cards)."""
    return scoring_now(public_gems(view), public_cards(view))


@dataclass(frozen=True, slots=True)
class ActionWorth:
    """What carrying out a negotiated action would give one seat now."""

    action: str
    money: int = 0  # Money: the turn card's millions
    gems: tuple[int, ...] = (0, 0, 0, 0)  # Gemstones: what the supply would give (ESR-6)
    card: int | None = None  # Event: the face-up card (or a blind draw instead)
    scoring_gain: int = 0  # how much more a scoring now would pay the seat with it


def action_worth(view: dict[str, Any], seat: int, action: str) -> ActionWorth:
    """What `action` (money, gems, event) would give `seat` if they carried it out now: their
    own turn card's money or gemstones, or the face-up event card (ESR-6, ESR-7)."""
    card = view["players"][seat]["gem_card"]
    if action == "money":
        return ActionWorth(action, money=card["money"] if card else 0)
    gems, held = public_gems(view), public_cards(view)
    before = scoring_now(gems, held).totals[seat]
    if action == "gems":
        wanted = [card["gems"][c] for c in COLOURS] if card else [0, 0, 0, 0]
        supply = view["supply"]
        got = tuple(min(n, supply[c]) for n, c in zip(wanted, COLOURS, strict=True))
        gems[seat] = [have + n for have, n in zip(gems[seat], got, strict=True)]
        return ActionWorth(action, gems=got,
                           scoring_gain=scoring_now(gems, held).totals[seat] - before)
    face_up = view["face_up_event"]
    if action != "event" or face_up is None:
        return ActionWorth(action)
    gain = 0
    if face_up["kind"] == "scoring":  # an Instant card is carried out at once: no forecast
        held[seat] = [*held[seat], face_up["id"]]
        gain = scoring_now(gems, held).totals[seat] - before
    return ActionWorth(action, card=face_up["id"], scoring_gain=gain)


def after_trade(view: dict[str, Any], offerer: int, receiver: int, offer: Sequence[int],
                action: str) -> tuple[list[int], list[int]]:
    """Every seat's scoring-now total before and after `receiver` accepts `offer` from
    `offerer`, who then carries out `action` (the face-up card, for Event)."""
    gems, held = public_gems(view), public_cards(view)
    before = scoring_now(gems, held).totals
    worth = action_worth(view, offerer, action)
    gems[offerer] = [have - n + got
                     for have, n, got in zip(gems[offerer], offer, worth.gems, strict=True)]
    gems[receiver] = [have + n for have, n in zip(gems[receiver], offer, strict=True)]
    if worth.card is not None and view["face_up_event"]["kind"] == "scoring":
        held[offerer] = [*held[offerer], worth.card]
    return before, scoring_now(gems, held).totals
