"""How Emerald looks in Discord: the board as a picture redrawn on every change (picture.py),
a table embed with the dragon and each player's cards, the engine's narration as the channel's
story, the final scoring line by line, and emoji on the buttons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import discord

from bot.core.presenter import EMBED_COLOUR, Picture, Presenter
from bot.games.emerald.catalog import CATALOG, _, ngettext
from bot.games.emerald.picture import board_picture
from bot.games.emerald.rules import TITLES, rules_topics
from engine.core.game import GameEvent, Option
from engine.games.emerald.board import GEM_TYPES, cave_space
from engine.games.emerald.narrate import narrate
from engine.games.emerald.words import COLOUR_LETTERS, gem_name, space_name
from engine.service.models import PlayerView

ACTION_EMOJI = {"end_turn": "⏹️", "victim": "🐉"}


def _dragon_line(view: dict[str, Any]) -> str:
    heading = _("toward the chamber") if view["heading"] == "chamber" else _("toward the castle")
    left = view["treasures_left"]
    return ngettext("🐉 on {cave}, heading {heading} · rail beside {first}–{last} · {left} "
                    "treasure left",
                    "🐉 on {cave}, heading {heading} · rail beside {first}–{last} · {left} "
                    "treasures left", left).format(
        cave=space_name(cave_space(view["dragon"])), heading=heading,
        first=space_name(cave_space(view["rail"])),
        last=space_name(cave_space(view["rail"] + 3)), left=left)


def _player_line(view: dict[str, Any], seat: int) -> str:
    gems = view["gems"][seat]
    parts = [ngettext("🪙 {count} gold card", "🪙 {count} gold cards",
                      view["gold_cards"][seat]).format(count=view["gold_cards"][seat])]
    # Gems by name: the picture draws them as shapes, and coloured circles would read as the
    # knights' colours (🔴 beside the red player).
    held = ", ".join(f"{gem_name(g)} {gems[g]}" for g in GEM_TYPES if gems[g])
    if held:
        parts.append(held)
    if view["treasures"][seat]:
        parts.append(ngettext("🏆 {count} treasure", "🏆 {count} treasures",
                              view["treasures"][seat]).format(count=view["treasures"][seat]))
    if view["four_kinds"] == seat:
        parts.append(_("✨ 4 different gems"))
    parts.append(ngettext("{count} knight in play", "{count} knights in play",
                          view["in_play"][seat]).format(count=view["in_play"][seat]))
    return " · ".join(parts)


def scoring_lines(event: GameEvent, names: Sequence[str]) -> list[str]:
    """The rulebook's scoring, a line per player in the engine's places (EM-9)."""
    scores: list[dict[str, int]] = event.scores  # type: ignore[attr-defined]
    places: list[int] = event.places  # type: ignore[attr-defined]
    lines = []
    for seat in sorted(range(len(scores)), key=lambda s: places[s]):
        line = scores[seat]
        # Translators: one player's final scoring; every figure is in gold pieces
        lines.append(_("{place}. **{name}** — {total} gold: gold cards {gold} · treasures "
                       "{treasures} · gems {gems} · bonuses {bonuses}").format(
            place=places[seat], name=names[seat], total=line["total"], gold=line["gold"],
            treasures=line["treasures"], gems=line["gems"], bonuses=line["bonuses"]))
    return lines


class EmeraldPresenter(Presenter):
    """Emerald's look: the board as text, the engine's story, button emoji, rules."""

    game: ClassVar[str] = "emerald"
    catalog = CATALOG
    rule_titles: ClassVar[dict[str, str]] = TITLES

    def table_embed(self, view: dict[str, Any], names: Sequence[str], title: str,
                    due_at: float | None) -> discord.Embed:
        """The dragon and rail, the time left, each player's cards (the board is the picture)."""
        lines = [_dragon_line(view)]
        if due_at is not None and view["phase"] != "over":
            lines.append("⏰ " + _("Due {relative_time}").format(
                relative_time=f"<t:{int(due_at)}:R>"))
        embed = discord.Embed(title=title, description="\n".join(lines), colour=EMBED_COLOUR)
        for seat in range(view["players"]):
            letters = "".join(COLOUR_LETTERS[c] for c, owner in enumerate(view["colours"])
                              if owner == seat)
            # Whoever decides now (the victim's owner during a bribe), as the picture marks.
            marker = "▶ " if any(w["seat"] == seat for w in view["waiting_for"]) else ""
            embed.add_field(name=f"{marker}{letters} · {names[seat]}"[:256],
                            value=_player_line(view, seat), inline=False)
        return embed

    def table_picture(self, view: dict[str, Any], names: Sequence[str]) -> Picture | None:
        """The board, redrawn on every change."""
        return board_picture(view, names)

    def story(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """The engine's line for the event; a new turn as a heading."""
        line = narrate(event, names, two_colours=len(names) == 2)
        if line is None:
            return None
        if event.type == "game_ended":
            return "\n".join([f"**{line}**", *scoring_lines(event, names)])
        return f"**{line}**" if event.type == "turn_started" else line

    def opens_turn(self, event: GameEvent) -> bool:
        """Each player's turn gets its live message."""
        return event.type == "turn_started"

    def turn_title(self, event: GameEvent) -> str | None:
        """'Turn 7', for the replay's menu."""
        turn = getattr(event, "turn", None)
        return _("Turn {turn}").format(turn=turn) if turn is not None else None

    def prompt_header(self, pv: PlayerView, names: Sequence[str]) -> str | None:
        """Your gold cards, with their values (only you see them)."""
        hand = pv.view.get("hand")
        if hand is None:
            return None
        if not hand:
            return _("Your gold cards: none")
        # Translators: {values} are the cards' values ("2, 5, 5"), {total} their sum in gold
        return _("Your gold cards: {values} ({total} gold)").format(
            values=", ".join(str(v) for v in hand), total=sum(hand))

    def option_emoji(self, option: Option) -> str | None:
        """A symbol per kind of answer."""
        action = option.action
        kind = action.get("type")
        if kind == "take":
            return "🪙" if action.get("pile") == "gold" else "💎"
        if kind == "bribe":
            return "🪙" if action.get("card") is not None else "🪺"
        if kind == "move":
            return "🛡️"
        return ACTION_EMOJI.get(str(kind))

    def rules(self) -> dict[str, str]:
        """`/game rules` topics from data/emerald/rules*.md."""
        return rules_topics()

    def rule_title(self, topic: str) -> str:
        """A topic's title in the current language."""
        return _(TITLES[topic]) if topic in TITLES else topic.capitalize()
