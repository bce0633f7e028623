"""Emerald's board as plain text for the terminal, within 80 columns: the castle, the path with
every knight (a letter per colour, a count where several stand), each cave's face-up cards and
how many lie under them, the dragon and its rail, and each player's cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.emerald.board import CHAMBER, GEM_TYPES, NEST, cave_space
from engine.games.emerald.catalog import _, ngettext
from engine.games.emerald.words import COLOUR_LETTERS, card_name, gem_name, space_name


def knights_on(view: dict[str, Any], space: int) -> str:
    """The knights on a space, e.g. "R2 B" (a letter per colour, a count above one)."""
    parts = []
    for colour, row in enumerate(view["knights"]):
        if row[space]:
            parts.append(COLOUR_LETTERS[colour] + (str(row[space]) if row[space] > 1 else ""))
    return " ".join(parts)


def _cave_line(view: dict[str, Any], cave: int) -> str:
    info = view["caves"][cave - 1]
    piles = []
    if info["gold"] is not None:
        piles.append(f"{card_name('gold:' + str(info['gold']))} ({info['gold_left']})")
    if info["gem"] is not None:
        piles.append(f"{card_name('gem:' + info['gem'])} ({info['gems_left']})")
    rail = "|" if view["rail"] <= cave <= view["rail"] + 3 else " "
    dragon = ""
    if view["dragon"] == cave:
        dragon = "🐉↓" if view["heading"] == "chamber" else "🐉↑"
    name = space_name(cave_space(cave))
    cards = " · ".join(piles) or _("no cards left")
    return f"{name:<4}{rail} {dragon:<3}{knights_on(view, cave_space(cave)):<16} {cards}"


def _player_line(view: dict[str, Any], seat: int, names: Sequence[str]) -> str:
    gems = view["gems"][seat]
    gem_text = ", ".join(f"{gem_name(g)} {gems[g]}" for g in GEM_TYPES if gems[g]) or "—"
    letters = "".join(COLOUR_LETTERS[c] for c, owner in enumerate(view["colours"])
                      if owner == seat)
    parts = [ngettext("{count} gold card", "{count} gold cards",
                      view["gold_cards"][seat]).format(count=view["gold_cards"][seat]),
             gem_text]
    if view["treasures"][seat]:
        parts.append(ngettext("{count} treasure", "{count} treasures",
                              view["treasures"][seat]).format(count=view["treasures"][seat]))
    if view["four_kinds"] == seat:
        parts.append(_("4-gems bonus"))
    mark = ">" if view["to_move"] == seat else " "
    return f"{mark}{letters:<2} {names[seat][:20]}: {' · '.join(parts)}"


def board(view: dict[str, Any], names: Sequence[str]) -> str:
    """The whole board."""
    heading = _("toward the chamber") if view["heading"] == "chamber" else _("toward the castle")
    lines = [_("Dragon on {cave}, heading {heading} · rail beside {first}–{last} · treasures "
               "left: {left}").format(cave=space_name(cave_space(view["dragon"])),
                                      heading=heading,
                                      first=space_name(cave_space(view["rail"])),
                                      last=space_name(cave_space(view["rail"] + 3)),
                                      left=view["treasures_left"])]
    castle = [f"{space_name(s)} {knights_on(view, s)}" for s in range(5) if knights_on(view, s)]
    lines.append(_("Castle: {spaces}").format(spaces=" · ".join(castle) or "—"))
    meadows = [f"{space_name(s)} {knights_on(view, s) or '·'}" for s in range(5, 11)]
    lines.append("  ".join(meadows))
    lines += [_cave_line(view, cave) for cave in range(1, 10)]
    out = [f"{space_name(s)} {knights_on(view, s)}" for s in (CHAMBER, NEST)
           if knights_on(view, s)]
    if out:
        lines.append("  ".join(out))
    lines += [_player_line(view, seat, names) for seat in range(view["players"])]
    if view.get("hand") is not None:
        values = ", ".join(str(v) for v in view["hand"]) or "—"
        lines.append(_("Your gold cards: {values}").format(values=values))
    return "\n".join(lines)
