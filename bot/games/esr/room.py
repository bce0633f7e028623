"""What ESR says in a negotiation's room: its name, the intro, why the opener opens, and the
live prompt (the offer on the table and both players' gemstones)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.esr.catalog import N_, _
from bot.games.esr.majorities import worth_lines
from bot.games.esr.narrate import action_name, action_text, gem_text
from engine.core.game import Decision, GameEvent
from engine.games.esr.events import ActionLapsed, NegotiationStarted, OfferAccepted

THREAD_NAME_MAX = 100

# Why the opener opens when the gemstones differ: by the first colour in which they do (ESR-3).
FEWER = {
    "red": N_("**{opener}** opens: fewer red gemstones than {other}."),
    "yellow": N_("**{opener}** opens: fewer yellow gemstones than {other} (the colours before "
                 "it are tied)."),
    "green": N_("**{opener}** opens: fewer green gemstones than {other} (the colours before "
                "it are tied)."),
    "blue": N_("**{opener}** opens: fewer blue gemstones than {other} (the colours before it "
               "are tied)."),
}


def is_closing(event: GameEvent) -> bool:
    """The event that ends a negotiation: an accepted offer, or nobody offered (ESR-5)."""
    return isinstance(event, OfferAccepted) or (isinstance(event, ActionLapsed)
                                                and event.reason == "nobody_offered")


def thread_name(names: Sequence[str], seats: Sequence[int], action: str, round_: int = 0,
                turn: int = 0) -> str:
    """'ann ⇄ bob · Money · Round 1 · turn 3', within Discord's 100 characters even for two
    32-character names. The round and turn tell a game's threads apart in Discord's thread
    list, where the same two players may negotiate the same action several times."""
    text = f"{names[seats[0]]} ⇄ {names[seats[1]]} · {action_name(action)}"
    if round_ and turn:
        text += " · " + _("Round {round} · turn {turn}").format(round=round_, turn=turn)
    return text if len(text) <= THREAD_NAME_MAX else text[:THREAD_NAME_MAX - 1] + "…"


def opener_reason(started: NegotiationStarted, names: Sequence[str]) -> str:
    """Why the opener opens (ESR-3, ties by ESR-2), from NegotiationStarted.decided_by."""
    opener = names[started.opener]
    other = names[next(s for s in started.seats if s != started.opener)]
    by = started.decided_by
    if by == "seat":
        return _("**{opener}** opens: same gemstones and money as {other}, and {opener} sits "
                 "earlier at the table.").format(opener=opener, other=other)
    if by == "money":
        return _("**{opener}** opens: same gemstones as {other}, but less money.").format(
            opener=opener, other=other)
    return _(FEWER[by]).format(opener=opener, other=other)


def intro(started: NegotiationStarted, names: Sequence[str]) -> str:
    """The first message in the room: who, what, why this opener, how offers work."""
    a, b = (names[s] for s in started.seats)
    return "\n".join([
        # Translators: {action} is an action card with its emoji, e.g. "💰 Money"
        "🤝 " + _("**{first}** and **{second}** both chose **{action}**, so they negotiate: an "
                 "offer is gemstones of your own; whoever accepts takes them and the other "
                 "carries out the action.").format(first=a, second=b,
                                                   action=action_text(started.action)),
        opener_reason(started, names),
        # Translators: `/game rules negotiation` is a command: keep it as the rules topic is named
        _("A raise must beat the current offer: more gemstones, or as many with more red, then "
          "yellow, green, blue. If the opener offers nothing, the other may offer one gemstone, "
          "which must be accepted, or nothing, and the action lapses. (`/game rules "
          "negotiation` has the details.)"),
    ])[:2000]


def prompt_text(decision: Decision, view: dict, names: Sequence[str],
                mover: str, due_at: float | None) -> str:
    """The live prompt: the offer on the table, what the player to move may do, both players'
    gemstones and what the action would give each of them."""
    spec = decision.constraints["offer"]
    current = spec["current"]
    partner = spec["partner"]
    players = view["players"]
    a, b = view["negotiation"]["seats"] if view.get("negotiation") else (decision.player, partner)
    lines = [f"🤝 **{action_text(spec['action'])}** · {names[a]} ⇄ {names[b]}",
             (_("Current offer: {offer} from {partner}.").format(
                 offer=f"**{gem_text(current)}**", partner=names[partner]) if current
              else _("No offer on the table yet.")),
             # Translators: {player} is the player to move, {prompt} the game's question
             _("{player}, your turn: {prompt}").format(player=mover, prompt=decision.prompt)]
    for seat in (a, b):
        lines.append(f"{names[seat]}: {gem_text(list(players[seat]['gems'].values()))}")
    lines += worth_lines(view, (a, b), spec["action"], names)
    if due_at:
        # Translators: {when} is a time Discord shows relative to now ("in 5 minutes")
        lines.append("⏰ " + _("Due {when}.").format(when=f"<t:{int(due_at)}:R>"))
    return "\n".join(lines)[:2000]




def waiting_text(decision: Decision, names: Sequence[str]) -> str | None:
    """What the negotiator who is not to move waits for: the opening offer, or the one gemstone
    ESR-5 allows after an empty opening; None when it is an answer to their offer."""
    spec = decision.constraints.get("offer")
    if not spec or spec["current"] is not None:
        return None
    player = names[decision.player]
    if spec["exactly_one"]:
        # Translators: {player} is the other negotiator, who must answer an empty opening
        return _("You opened with nothing, so {player} may now offer you one gemstone, which "
                 "you must accept, or nothing; wait for them.").format(player=player)
    # Translators: {player} is the negotiator who opens
    return _("{player} opens this negotiation; wait for their opening offer.").format(
        player=player)
