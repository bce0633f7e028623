"""How Große kleine Edelsteine looks in Discord: each round's picture of the cards and the pool
(picture.py) on the message that opens the round, a live list of who holds which labels in its
embed (never a symbol), a menu per card in each player's private prompt with a look-closer
picture (components.py), the gems turned over card by card, and the final stars."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import discord

from bot.core.presenter import EMBED_COLOUR, Picture, Presenter
from bot.games.gke.catalog import CATALOG, _, ngettext
from bot.games.gke.components import LookCloserButton, PoolSelect, PutBackButton, card_title
from bot.games.gke.picture import round_png
from bot.games.gke.results import results_png
from bot.games.gke.rules import TITLES, rules_topics
from engine.core.game import GameEvent
from engine.games.gke.data import KINDS
from engine.games.gke.events import RoundClosed
from engine.games.gke.narrate import narrate
from engine.games.gke.words import kind_name
from engine.service.models import PlayerView

BACK_EMOJI = ("🩷", "💙", "💚")  # pink, blue, green: the cards' back colours


def stars_text(count: int) -> str:
    """'★★★' with the number for screen readers."""
    return "★" * count + " " + ngettext("({count} star)", "({count} stars)", count).format(
        count=count)


def held_text(view: dict[str, Any], card: int, names: Sequence[str]) -> str:
    """Who holds which label for a card: 'ann K7 · bob A3'."""
    held = [f"{names[g['holder']]} **{g['label']}**" for g in view["pool"]
            if g["card"] == card and g["holder"] is not None]
    return " · ".join(held) or _("no pick yet")


def player_line(player: dict[str, Any]) -> str:
    """A player's cards, bonus cards and magnifier pieces so far."""
    parts = [ngettext("{count} card", "{count} cards", len(player["cards"])).format(
        count=len(player["cards"]))]
    if player["bonus_cards"]:
        parts.append(ngettext("{count} bonus card", "{count} bonus cards",
                              player["bonus_cards"]).format(count=player["bonus_cards"]))
    parts.append(ngettext("🔍 {count} magnifier piece", "🔍 {count} magnifier pieces",
                          player["pieces"]).format(count=player["pieces"]))
    return " · ".join(parts)


def final_lines(scores: Sequence[dict[str, int]], winners: Sequence[int],
                names: Sequence[str]) -> list[str]:
    """The final summary: each player's points, how they add up, most first."""
    lines = []
    for seat in sorted(range(len(scores)), key=lambda s: -scores[s]["total"]):
        line = scores[seat]
        # Translators: the start of a player's final line; what makes up the points follows
        head = ngettext("**{name}** — {total} point", "**{name}** — {total} points",
                        line["total"]).format(name=names[seat], total=line["total"])
        parts = [f"★ {line['stars']}", ngettext("{count} card", "{count} cards", line["cards"])
                 .format(count=line["cards"])]
        if line["bonus_cards"]:
            parts.append(ngettext("{count} bonus card", "{count} bonus cards",
                                  line["bonus_cards"]).format(count=line["bonus_cards"]))
        if line["magnifier_point"]:
            parts.append(_("+1 for exactly two magnifier pieces"))
        lines.append(("👑 " if seat in winners else "") + head + ": " + " · ".join(parts))
    if len(winners) > 1:
        lines.append(_("Equal points share the win."))
    return lines


def round_text(view: dict[str, Any]) -> str:
    """The round picture's alt text: the cards, and how many gems of each kind the pool holds
    — never a size, which the picture leaves to the eye."""
    cards = "; ".join(card_title(view, card) for card, shown in enumerate(view["cards"])
                      if shown is not None)
    counts = {kind: sum(gem["kind"] == kind for gem in view["pool"]) for kind in KINDS}
    kinds = ", ".join(f"{kind_name(kind)} {count}" for kind, count in counts.items() if count)
    # Translators: the round picture's alt text; {cards} e.g. "Pink card: ruby; Blue card:
    # diamond; …", {kinds} e.g. "ruby 9, emerald 8, …". It must never say a gem's size.
    return _("Round {round}: the cards on top ({cards}); below them the pool's {count} gems, "
             "each with its label, by kind: {kinds}.").format(
        round=view["round"], cards=cards, count=len(view["pool"]), kinds=kinds)


class GkePresenter(Presenter):
    """Große kleine Edelsteine's look: the round picture, the live list, the pick menus."""

    game: ClassVar[str] = "gke"
    catalog = CATALOG
    dynamic_items = (PoolSelect, PutBackButton, LookCloserButton)
    coalesce_edits: ClassVar[float] = 1.0  # everyone picks at once: at most an edit a second
    rule_titles: ClassVar[dict[str, str]] = TITLES

    def table_embed(self, view: dict[str, Any], names: Sequence[str], title: str,
                    due_at: float | None) -> discord.Embed:
        """The round, its time limit, who holds which label per card, each player's score."""
        lines = []
        if view["phase"] != "over":
            picks = view["picks_per_round"]
            # Translators: {count} is how many gems each player picks this round (3, or 2
            # with four players)
            lines.append(ngettext(
                "Round {round} of {rounds} · everyone picks {count} gem at once: first come, "
                "first served.",
                "Round {round} of {rounds} · everyone picks {count} gems at once: first come, "
                "first served.", picks).format(round=view["round"], rounds=view["rounds"],
                                               count=picks))
            if due_at is not None:
                lines.append("⏰ " + _("The round closes {relative_time}.").format(
                    relative_time=f"<t:{int(due_at)}:R>"))
        embed = discord.Embed(title=title, description="\n".join(lines), colour=EMBED_COLOUR)
        if view["phase"] != "over":
            for card, shown in enumerate(view["cards"]):
                if shown is None:
                    continue
                embed.add_field(
                    name=f"{BACK_EMOJI[card]} {card_title(view, card)} · "
                         f"{'★' * shown['stars']}"[:256],
                    value=held_text(view, card, names)[:1024], inline=False)
        embed.add_field(name=_("Players"), value="\n".join(
            f"**{names[seat]}**: {player_line(player)}"
            for seat, player in enumerate(view["table"]))[:1024], inline=False)
        return embed

    def story(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """The engine's lines; picks are shown by the table's live list, not told one by one."""
        if event.type in ("gem_picked", "gem_released"):
            return None
        if event.type == "game_ended":
            return "\n".join([f"**{narrate(event, names)}**",
                              *final_lines(event.scores, event.winners,  # type: ignore[attr-defined]
                                           names)])
        line = narrate(event, names)
        if line and event.type == "card_scored":  # the card in bold, each gem turned over below
            heading, *reveals = line.split("\n")
            return "\n".join([f"**{heading}**", *(f"• {r.strip()}" for r in reveals)])
        return f"**{line}**" if line and event.type == "round_started" else line

    def opens_turn(self, event: GameEvent) -> bool:
        """Each round gets its own message, with its picture."""
        return event.type == "round_started"

    def turn_title(self, event: GameEvent) -> str | None:
        """'Round 2', for the replay's menu."""
        number = getattr(event, "round", None)
        return _("Round {round}").format(round=number) if number is not None else None

    def has_picture(self, events: Sequence[GameEvent]) -> bool:
        """A round's start comes with its picture, its scoring with the results'."""
        return any(e.type in ("round_started", "card_scored") for e in events)

    def pictures(self, events: Sequence[GameEvent], view: dict[str, Any],
                 names: Sequence[str]) -> list[Picture]:
        """The round's results (on the round's own message), then the next round's cards and
        pool."""
        found = []
        scored = results_png(events, names)
        if scored is not None:
            number = next((e.round for e in events if isinstance(e, RoundClosed)),
                          view["round"])
            # Translators: the results picture's alt text; the lines beside it tell each gem
            text = _("Round {round}'s results: a column per card, its gem on top and under it "
                     "the gems picked for it, each with who picked it, its label and size and "
                     "what it won.").format(round=number)
            found.append(Picture(f"gke-results-{number}.png", scored, text, closes_turn=True))
        if any(e.type == "round_started" for e in events) and view["phase"] != "over":
            found.append(self.round_picture(view))
        return found

    def round_picture(self, view: dict[str, Any]) -> Picture:
        """The round's cards and the whole pool at one scale, each gem with its label."""
        return Picture(f"gke-round-{view['round']}.png", round_png(view), round_text(view))

    def situation_picture(self, view: dict[str, Any], names: Sequence[str]) -> Picture | None:
        """A review's step: the round's cards and pool as the member saw them."""
        return self.round_picture(view)

    def prompt_header(self, pv: PlayerView, names: Sequence[str]) -> str | None:
        """The round, and your picks so far, card by card (a prompt that moved on from the
        last round's last pick says which round it now shows)."""
        me, cards = pv.view.get("me"), pv.view.get("cards") or []
        if me is None or pv.view.get("phase") == "over":
            return None
        # No-break spaces: a phone wraps between cards, never between a card and its pick.
        parts = [f"{BACK_EMOJI[card]}\u00a0{me['picks'][card] or '—'}"
                 for card, shown in enumerate(cards) if shown is not None]
        # Translators: {picks} lists the player's pick per card, e.g. "🩷 K7 · 💙 — · 💚 A3"
        return _("Round {round} of {rounds} · your picks: {picks}").format(
            round=pv.view["round"], rounds=pv.view["rounds"], picks=" · ".join(parts))

    def prompt_items(self, pv: PlayerView, names: Sequence[str]
                     ) -> list[discord.ui.Item[Any]] | None:
        """A menu per card still open to you, Put back per pick, Look closer per card."""
        decision, view = pv.decision, pv.view
        if decision is None:
            return None
        offered: dict[int, list[str]] = {}
        for option in decision.options:
            if option.action["type"] == "pick":
                offered.setdefault(option.action["card"], []).append(option.action["label"])
        items: list[discord.ui.Item[Any]] = []
        for row, card in enumerate(sorted(offered)):
            menu = PoolSelect.build(pv.game_id, decision.key, view, card, row, offered[card])
            if menu.item.options:
                items.append(menu)
        for option in decision.options:
            if option.action["type"] == "release":
                items.append(PutBackButton(pv.game_id, option.action["card"], decision.key,
                                           option.label))
        for card, shown in enumerate(view["cards"]):
            if shown is not None:
                items.append(LookCloserButton(pv.game_id, card, card_title(view, card)))
        return items

    def rules(self) -> dict[str, str]:
        """`/game rules` topics from data/gke/rules*.md."""
        return rules_topics()

    def rule_title(self, topic: str) -> str:
        """A topic's title in the current language."""
        return _(TITLES[topic]) if topic in TITLES else topic.capitalize()
