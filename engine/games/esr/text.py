"""The ESR table as plain text for the terminal, built from one seat's view (no secrets)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.esr.catalog import _, ngettext
from engine.games.esr.gems import COLOURS, colour_name, describe
from engine.games.esr.narrate import PLAIN
from engine.games.esr.state import ROUNDS

NAME_WIDTH = 16
STATUS_WIDTH = 24
GEM_WIDTH = 7  # wide enough for 'yellow' as a column heading
MONEY_WIDTH = 5  # '123M', or the heading if that is wider


def _widths() -> tuple[int, int, int]:
    """Money, gem and status column widths: at least the English ones, wider for longer headings."""
    # Translators: a column heading of the terminal table (each player's money)
    money = _("money")
    # Translators: a column heading of the terminal table (the action card a player played)
    action_card = _("action card")
    return (max(MONEY_WIDTH, len(money)),
            max(GEM_WIDTH, *(len(colour_name(c)) + 1 for c in COLOURS)),
            max(STATUS_WIDTH, len(action_card)))


def _counts(gems: dict[str, int]) -> list[int]:
    return [gems[c] for c in COLOURS]


def _status(player: dict[str, Any], view: dict[str, Any], waiting: set[int]) -> str:
    """What the seat has played; before the reveal only the viewer's own card is known."""
    choice = player["choice"]
    if view["phase"] == "choose":
        if player["seat"] == view["viewer"] and choice:
            # Translators: the viewer's own action card, not yet shown to the others
            return _("{action} (secret)").format(action=PLAIN.action(choice))
        return _("has chosen") if player["has_chosen"] else _("choosing...")
    if not choice:
        return ""
    if player["seat"] in waiting:
        # Translators: a player's action card while they still have a decision to make
        return _("{action} - deciding").format(action=PLAIN.action(choice))
    return PLAIN.action(choice)


def _player_lines(player: dict[str, Any], view: dict[str, Any], names: Sequence[str],
                  waiting: set[int]) -> list[str]:
    name = names[player["seat"]]
    if player["seat"] == view["viewer"]:
        name = _("{name} (you)").format(name=name)
    money_width, gem_width, status_width = _widths()
    gems = "".join(f"{n:>{gem_width}}" for n in _counts(player["gems"]))
    card = player["gem_card"]["label"] if player["gem_card"] else "-"
    lines = [f"  {name:<{NAME_WIDTH}}{player['money']:>{money_width - 1}}M {gems}   "
             f"{_status(player, view, waiting):<{status_width}} {card}"]
    if player["scoring_cards"]:
        cards = ", ".join(PLAIN.card(_(c["name"])) for c in player["scoring_cards"])
        # Translators: the Scoring cards a player has laid in front of them
        lines.append(f"  {'':<{NAME_WIDTH}}" + _("scoring cards: {cards}").format(cards=cards))
    return lines


def _negotiation(view: dict[str, Any], names: Sequence[str]) -> str:
    n = view["negotiation"]
    a, b = (names[s] for s in n["seats"])
    # Translators: no offer has been made yet in a negotiation
    offer = describe(_counts(n["offer"])) if n["offer"] else _("none yet")
    # Translators: {offer} is e.g. "2 red, 1 blue"; {name} is the player who must answer
    return _("Negotiation for {action}: {first} vs {second}; offer on the table: {offer}; "
             "{name} to answer.").format(action=PLAIN.action(n["action"]), first=a, second=b,
                                         offer=offer, name=names[n["to_move"]])


def board(view: dict[str, Any], names: Sequence[str]) -> str:
    """Everything the viewer may see of the table, as plain text."""
    waiting = {w["seat"] for w in view["waiting_for"]}
    heading = _("Round {round}/{rounds} · turn {turn}/{turns}").format(
        round=view["round"], rounds=ROUNDS, turn=view["turn"], turns=view["turns_per_round"])
    lines = [f"=== {heading} ==="]
    face_up = view["face_up_event"]
    if face_up:
        # Translators: {card} is an event card's name, {text} what the card says
        lines.append(_("Face-up event card: {card} - {text}").format(
            card=PLAIN.card(_(face_up["name"])), text=_(face_up["text"])))
    money_width, gem_width, status_width = _widths()
    header = "".join(f"{colour_name(c):>{gem_width}}" for c in COLOURS)
    money, action_card = _("money"), _("action card")
    # Translators: a column heading of the terminal table: the gemstone card dealt this turn
    turn_card = _("turn card")
    lines.append(f"  {'':<{NAME_WIDTH}}{money:<{money_width}} {header}   "
                 f"{action_card:<{status_width}} {turn_card}")
    for player in view["players"]:
        lines += _player_lines(player, view, names, waiting)
    if view["negotiation"]:
        lines.append(_negotiation(view, names))
    aside = [c["label"] for c in view["laid_aside"]]
    hidden = view["laid_aside_hidden"]
    if hidden:
        # Translators: a number of gemstone cards laid aside face down
        aside.append(ngettext("{count} hidden", "{count} hidden", hidden).format(count=hidden))
    if aside:
        lines.append(_("Gemstone cards laid aside this round: {cards}").format(
            cards="; ".join(aside)))
    # Translators: {supply} is e.g. "19 red, 7 blue"; then the cards left in each deck
    lines.append(_("Supply: {supply} · gem deck {gem_deck} · event deck {event_deck}").format(
        supply=describe(_counts(view["supply"])), gem_deck=view["gem_deck_size"],
        event_deck=view["event_deck_size"]))
    return "\n".join(lines)
