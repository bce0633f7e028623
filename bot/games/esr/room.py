"""What ESR says in a negotiation's room: its name, the intro, why the opener opens, and the
live prompt (the offer on the table and both players' gemstones)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.esr.narrate import ACTION_EMOJI, gem_text
from engine.core.game import Decision, GameEvent
from engine.games.esr.events import ActionLapsed, NegotiationStarted, OfferAccepted
from engine.games.esr.state import ACTION_NAMES

THREAD_NAME_MAX = 100


def is_closing(event: GameEvent) -> bool:
    """The event that ends a negotiation: an accepted offer, or nobody offered (ESR-5)."""
    return isinstance(event, OfferAccepted) or (isinstance(event, ActionLapsed)
                                                and event.reason == "nobody_offered")


def action_text(action: str) -> str:
    """'💰 Money'."""
    return f"{ACTION_EMOJI[action]} {ACTION_NAMES[action]}"


def thread_name(names: Sequence[str], seats: Sequence[int], action: str) -> str:
    """'ann ⇄ bob · Money', within Discord's 100 characters even for two 32-character names."""
    text = f"{names[seats[0]]} ⇄ {names[seats[1]]} · {ACTION_NAMES[action]}"
    return text if len(text) <= THREAD_NAME_MAX else text[:THREAD_NAME_MAX - 1] + "…"


def opener_reason(started: NegotiationStarted, names: Sequence[str]) -> str:
    """Why the opener opens (ESR-3, ties by ESR-2), from NegotiationStarted.decided_by."""
    opener = names[started.opener]
    other = names[next(s for s in started.seats if s != started.opener)]
    by = started.decided_by
    if by == "seat":
        return (f"**{opener}** opens: same gemstones and money as {other}, and {opener} sits "
                "earlier at the table.")
    if by == "money":
        return f"**{opener}** opens: same gemstones as {other}, but less money."
    tied = "" if by == "red" else " (the colours before it are tied)"
    return f"**{opener}** opens: fewer {by} gemstones than {other}{tied}."


def intro(started: NegotiationStarted, names: Sequence[str]) -> str:
    """The first message in the room: who, what, why this opener, how offers work."""
    a, b = (names[s] for s in started.seats)
    return "\n".join([
        f"🤝 **{a}** and **{b}** both chose **{action_text(started.action)}**, so they "
        "negotiate: an offer is gemstones of your own; whoever accepts takes them and the "
        "other carries out the action.",
        opener_reason(started, names),
        "A raise must beat the current offer: more gemstones, or as many with more red, then "
        "yellow, green, blue. If the opener offers nothing, the other may offer one gemstone, "
        "which must be accepted, or nothing, and the action lapses. (`/game rules negotiation` "
        "has the details.)",
    ])[:2000]


def prompt_text(decision: Decision, view: dict, names: Sequence[str],
                mover: str, due_at: float | None) -> str:
    """The live prompt: the offer on the table and what the player to move may do."""
    spec = decision.constraints["offer"]
    current = spec["current"]
    partner = spec["partner"]
    players = view["players"]
    a, b = view["negotiation"]["seats"] if view.get("negotiation") else (decision.player, partner)
    lines = [f"🤝 **{action_text(spec['action'])}** · {names[a]} ⇄ {names[b]}",
             (f"Current offer: **{gem_text(current)}** from {names[partner]}." if current
              else "No offer on the table yet."),
             f"{mover}, your turn: {decision.prompt}"]
    for seat in (a, b):
        lines.append(f"{names[seat]}: {gem_text(list(players[seat]['gems'].values()))}")
    if due_at:
        lines.append(f"⏰ Due <t:{int(due_at)}:R>.")
    return "\n".join(lines)[:2000]


