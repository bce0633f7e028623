"""The ESR table as plain text for an 80-column terminal, built from one seat's view (no
secrets): the whole board, or only the parts that changed since a view that was shown.

The board is a list of blocks (the heading, the face-up card, the column headings, one block
per player, the negotiation, the laid-aside cards, the supply), so a change is told block by
block: a player's row is never printed without the column headings above it, and their turn
card and Scoring cards only when those changed.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core.plaintext import WIDTH, fit, keep_together, pad, width
from engine.games.esr.catalog import _, ngettext
from engine.games.esr.gems import COLOURS, colour_name, describe
from engine.games.esr.narrate import PLAIN, plain_delta
from engine.games.esr.state import HANDS, ROUNDS

MONEY_WIDTH = 4  # '123M'
GEM_WIDTH = 3  # ' 12'
GAP = 3  # columns between the last gem count and the action card


@dataclass(frozen=True)
class Block:
    """Lines of the board under a key that stays the same while the game goes on; a changed
    block shows its first `head` lines and those of the rest that changed."""

    key: Hashable
    lines: list[str]
    head: int = 0

    def changes(self, old: Block | None) -> list[str]:
        """What to print of this block for a reader who saw `old` (nothing if it is the same)."""
        if old is not None and old.lines == self.lines:
            return []
        head = self.head or len(self.lines)
        seen = set(old.lines) if old is not None else set()
        return self.lines[:head] + [line for line in self.lines[head:] if line not in seen]


@dataclass(frozen=True)
class Columns:
    """The table's column widths in the current language, for these names."""

    name: int
    money: int
    gem: int

    def row(self, name: str, money: str, gems: Sequence[str], status: str) -> str:
        """One row: the name, money and gem counts right-aligned, then the action card."""
        cells = "".join(pad(g, self.gem, ">") for g in gems)
        row = f"  {pad(name, self.name)} {pad(money, self.money, '>')}{cells}"
        return f"{row}{' ' * GAP}{status}".rstrip()


def _statuses(players: int) -> list[str]:
    """Every text the action-card column can show at this table (Free Choice only with five),
    so its width is known before it is needed."""
    cards = [PLAIN.action(card) for card in HANDS[players]]
    # Translators: a column heading of the terminal table (the action card a player played)
    return [_("action card"), _("has chosen"), _("choosing..."), *cards,
            # Translators: the viewer's own action card, not yet shown to the others
            *(_("{action} (secret)").format(action=c) for c in cards),
            # Translators: a player's action card while they still have a decision to make
            *(_("{action} - deciding").format(action=c) for c in cards)]


def _columns(names: Sequence[str], players: int) -> Columns:
    """Widths that fit 80 columns: a name wider than its column gets a line of its own."""
    # Translators: a column heading of the terminal table (each player's money)
    money = max(MONEY_WIDTH, width(_("money")))
    gem = max(GEM_WIDTH, *(width(colour_name(c)) + 1 for c in COLOURS))
    room = WIDTH - (2 + 1 + money + 4 * gem + GAP + max(map(width, _statuses(players))))
    fitting = [width(name) for name in names if width(name) <= room]
    return Columns(name=max(fitting, default=0), money=money, gem=gem)


def _shown_names(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    return [_("{name} (you)").format(name=name) if seat == view["viewer"] else name
            for seat, name in enumerate(names)]


def _counts(gems: dict[str, int]) -> list[int]:
    return [gems[c] for c in COLOURS]


def _status(player: dict[str, Any], view: dict[str, Any], waiting: set[int]) -> str:
    """What the seat has played; before the reveal only the viewer's own card is known."""
    choice = player["choice"]
    if view["phase"] == "choose":
        if player["seat"] == view["viewer"] and choice:
            return _("{action} (secret)").format(action=PLAIN.action(choice))
        return _("has chosen") if player["has_chosen"] else _("choosing...")
    if not choice:
        return ""
    if player["seat"] in waiting:
        return _("{action} - deciding").format(action=PLAIN.action(choice))
    return PLAIN.action(choice)


def _together(items: str, separator: str = ", ") -> str:
    """A list such as '2 red, 1 blue' whose items each stay on one line."""
    return separator.join(keep_together(item) for item in items.split(separator))


# The narration as the terminal prints it: plain, with each gem count, action card and event
# card kept on one line when a sentence wraps ("1 | green" would read as two things).
TERMINAL = replace(PLAIN, gems=lambda gems: _together(describe(gems)),
                   delta=lambda delta: _together(plain_delta(delta)),
                   action=lambda action: keep_together(PLAIN.action(action)),
                   card=lambda name: keep_together(PLAIN.card(name)))


def _player(player: dict[str, Any], view: dict[str, Any], name: str, columns: Columns,
            waiting: set[int]) -> Block:
    """A player's row, with the turn card and Scoring cards indented under it."""
    counts = [str(n) for n in _counts(player["gems"])]
    status = _status(player, view, waiting)
    money = f"{player['money']}M"
    if width(name) > columns.name:  # a long name stands alone above its numbers
        lines = [fit(f"  {keep_together(name)}"), columns.row("", money, counts, status)]
    else:
        lines = [columns.row(name, money, counts, status)]
    head = len(lines)
    if player["gem_card"]:
        # Translators: under a player's row in the terminal table: the gemstone card dealt to
        # them this turn, e.g. "turn card: 6M · 1 yellow, 1 green"
        lines.append(fit("    " + _("turn card: {card}").format(
            card=keep_together(player["gem_card"]["label"]))))
    if player["scoring_cards"]:
        cards = ", ".join(keep_together(PLAIN.card(_(c["name"]))) for c in player["scoring_cards"])
        # Translators: the Scoring cards a player has laid in front of them
        lines.append(fit("    " + _("scoring cards: {cards}").format(cards=cards)))
    return Block(("player", player["seat"]), lines, head=head)


def _negotiation(view: dict[str, Any], names: Sequence[str]) -> str:
    n = view["negotiation"]
    a, b = (keep_together(names[s]) for s in n["seats"])
    # Translators: no offer has been made yet in a negotiation
    offer = _together(describe(_counts(n["offer"]))) if n["offer"] else _("none yet")
    # Translators: {offer} is e.g. "2 red, 1 blue"; {name} is the player who must answer
    return fit(_("Negotiation for {action}: {first} vs {second}; offer on the table: {offer}; "
                 "{name} to answer.").format(action=PLAIN.action(n["action"]), first=a, second=b,
                                             offer=offer, name=keep_together(names[n["to_move"]])))


def _heading(view: dict[str, Any]) -> str:
    return _("Round {round}/{rounds} · turn {turn}/{turns}").format(
        round=view["round"], rounds=ROUNDS, turn=view["turn"], turns=view["turns_per_round"])


def _blocks(view: dict[str, Any], names: Sequence[str]) -> list[Block]:
    """The board block by block."""
    waiting = {w["seat"] for w in view["waiting_for"]}
    shown = _shown_names(view, names)
    columns = _columns(shown, len(view["players"]))
    blocks = [Block("heading", [f"=== {_heading(view)} ==="])]
    face_up = view["face_up_event"]
    if face_up:
        # Translators: {card} is an event card's name, {text} what the card says
        blocks.append(Block("face_up", [fit(_("Face-up event card: {card} - {text}").format(
            card=keep_together(PLAIN.card(_(face_up["name"]))), text=_(face_up["text"])))]))
    blocks.append(Block("columns", [columns.row("", _("money"),
                                                [colour_name(c) for c in COLOURS],
                                                _("action card"))]))
    blocks += [_player(p, view, shown[p["seat"]], columns, waiting) for p in view["players"]]
    if view["negotiation"]:
        blocks.append(Block("negotiation", [_negotiation(view, names)]))
    aside = [keep_together(c["label"]) for c in view["laid_aside"]]
    hidden = view["laid_aside_hidden"]
    if hidden:
        # Translators: a number of gemstone cards laid aside face down
        aside.append(keep_together(ngettext("{count} hidden", "{count} hidden", hidden).format(
            count=hidden)))
    if aside:
        blocks.append(Block("aside", [fit(_("Gemstone cards laid aside this round: {cards}")
                                          .format(cards="; ".join(aside)))]))
    # Translators: {supply} is e.g. "19 red, 7 blue"; then the cards left in each deck
    blocks.append(Block("supply", [fit(_("Supply: {supply} · gem deck {gem_deck} · event deck "
                                         "{event_deck}").format(
        supply=_together(describe(_counts(view["supply"]))), gem_deck=view["gem_deck_size"],
        event_deck=view["event_deck_size"]))]))
    return blocks


def board(view: dict[str, Any], names: Sequence[str]) -> str:
    """Everything the viewer may see of the table, as plain text within 80 columns."""
    return "\n".join(line for block in _blocks(view, names) for line in block.lines)


def board_changes(before: dict[str, Any], after: dict[str, Any], names: Sequence[str]
                  ) -> str | None:
    """What a terminal that showed `before` should print for `after`: the whole board when a
    new turn has begun, else only what changed (None if nothing did)."""
    if (before["round"], before["turn"]) != (after["round"], after["turn"]):
        return board(after, names)
    old = {block.key: block for block in _blocks(before, names)}
    new = _blocks(after, names)
    changed = {block.key: block.changes(old.get(block.key)) for block in new}
    if not any(changed.values()):
        return None
    if any(lines for key, lines in changed.items() if isinstance(key, tuple)):
        changed["columns"] = next(b.lines for b in new if b.key == "columns")  # for the numbers
    # Translators: heading of the lines of the terminal table that changed since it was shown
    heading = "--- " + _("{heading}: what changed").format(heading=_heading(after)) + " ---"
    return "\n".join([heading, *(line for block in new for line in changed[block.key])])
