"""Edel, Stein & Reich as the bot shows it: the table, the narrated story with the rulebook's
scoring table, the standings picture, the action-card prompts and the negotiation room."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import discord

from bot.core.presenter import Picture, Presenter, RoomOpening, RoomRole
from bot.core.texts import plain_name
from bot.games.esr import room
from bot.games.esr.builder import allows_builder, raise_button
from bot.games.esr.catalog import CATALOG, N_, _
from bot.games.esr.glossary import glossary
from bot.games.esr.majorities import own_summary
from bot.games.esr.narrate import ACTION_EMOJI, narrate, restyle_gems
from bot.games.esr.picture import standings_png, standings_text
from bot.games.esr.rules import TITLES, rules_topics
from bot.games.esr.scoring import final_results, legend, scoring_notes, scoring_table
from bot.games.esr.table import gem_card_line, gems_line, table_embed
from bot.games.esr.widgets import WIDGETS
from engine.core.game import Decision, GameEvent, Option
from engine.core.i18n import Catalog
from engine.games.esr.events import (
    ActionsRevealed,
    GameEnded,
    NegotiationStarted,
    OfferMade,
    RoundScored,
    TurnStarted,
)
from engine.games.esr.forecast import forecast
from engine.service.models import PlayerView

# What the core says about a negotiation's room (the keys and fields of bot.core.presenter's
# ROOM_TEXTS), in ESR's words.
ROOM_TEXTS = {
    # Translators: {first} and {second} are the two negotiators.
    "watch_only": N_("Only {first} and {second} take part in this negotiation; you can watch "
                     "along."),
    # Translators: {player} is the negotiator who must answer now.
    "their_turn": N_("It is {player}'s turn to answer your offer; wait for them."),
    # Translators: {channel} is the thread the negotiation runs in.
    "runs_in": N_("The negotiation runs in {channel}, where you can also build any offer."),
    # Translators: {reason} is why Discord refused the thread; {players} the two negotiators.
    "no_thread": N_("I could not open a thread for this negotiation ({reason}), so {players} "
                    "negotiate here in the channel."),
    # Translators: {players} are the two negotiators ("ann and bob").
    "no_post": N_("I could not post in the negotiation's thread (I am missing the *Send "
                  "Messages in Threads* permission), so {players} negotiate here in the "
                  "channel."),
    "over": N_("The negotiation is over."),
    "answered": N_("Answered — the negotiation goes on below."),
}


def turn_heading(round_: int, turn: int) -> str:
    """The line that opens a turn's story in the channel."""
    heading = _("Round {round} · turn {turn}").format(round=round_, turn=turn)
    return f"**── {heading} ──**"


class EsrPresenter(Presenter):
    """How Edel, Stein & Reich looks in Discord."""

    game: ClassVar[str] = "esr"
    catalog: ClassVar[Catalog | None] = CATALOG  # its rules topics' titles in slash commands
    rule_titles: ClassVar[dict[str, str]] = TITLES
    dynamic_items = WIDGETS

    def table_embed(self, view: dict[str, Any], names: Sequence[str], title: str,
                    due_at: float | None) -> discord.Embed:
        """Round, turn, every player's card, gemstones, money and Scoring cards."""
        return table_embed(view, names, title, due_at=due_at)

    def story(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """The narration, the round's scoring table and the final results."""
        if isinstance(event, RoundScored):
            notes = scoring_notes(event, names)
            heading = _("Scoring of round {round}").format(round=event.round)
            return (f"**{heading}**\n{legend()}\n"
                    + scoring_table(event, names) + (f"\n{notes}" if notes else ""))
        if isinstance(event, GameEnded):
            return "**" + _("Game over!") + "**\n" + final_results(event, names)
        if isinstance(event, TurnStarted):  # the turn's story starts here, above its table
            return turn_heading(event.round, event.turn)
        return narrate(event, names)

    def opens_turn(self, event: GameEvent) -> bool:
        """Each turn gets its own live message."""
        return isinstance(event, TurnStarted)

    def turn_title(self, event: GameEvent) -> str | None:
        """'Round 2 · turn 3', for a replay's menu of turns."""
        if isinstance(event, TurnStarted):
            return _("Round {round} · turn {turn}").format(round=event.round, turn=event.turn)
        return None

    def replay_view(self, view: dict[str, Any], events: Sequence[GameEvent]) -> dict[str, Any]:
        """The turn's table with the action cards its reveal made public, which the view as
        the turn began still hides."""
        revealed = next((e for e in events if isinstance(e, ActionsRevealed)), None)
        if revealed is None or view["phase"] != "choose":
            return view
        players = [{**p, "has_chosen": True, "choice": revealed.choices.get(p["seat"])}
                   for p in view["players"]]
        return {**view, "phase": "resolve", "players": players, "waiting_for": []}

    def has_picture(self, events: Sequence[GameEvent]) -> bool:
        """A scoring or the game's end comes with the standings."""
        return any(isinstance(e, (RoundScored, GameEnded)) for e in events)

    def picture(self, events: Sequence[GameEvent], view: dict[str, Any],
                names: Sequence[str]) -> Picture | None:
        """The standings after the last scoring (the last round's are the final ones)."""
        pictured = [e for e in events if isinstance(e, (RoundScored, GameEnded))]
        if not pictured:
            return None
        event = pictured[-1]
        final = isinstance(event, GameEnded)
        title = (_("Final standings") if final
                 else _("After round {round}").format(round=event.round))  # type: ignore[union-attr]
        money = event.money if final else event.money_after  # type: ignore[union-attr]
        shown = [plain_name(n).replace("\u200b", "") for n in names]  # drawn, not sent
        amounts = [money[s] for s in range(len(names))]
        gems = [list(p["gems"].values()) for p in view["players"]]
        return Picture("final.png" if final else "standings.png",
                       standings_png(title, shown, amounts, gems),
                       standings_text(title, shown, amounts, gems))

    def prompt_header(self, pv: PlayerView, names: Sequence[str]) -> str | None:
        """The player's turn card, gemstones and money, and what a scoring now would pay them."""
        me = pv.view["players"][pv.seat]
        # Translators: {card} is the player's gemstone card, {money} in millions (written short)
        header = _("Your turn card: {card} · your gemstones: {gems} · 💰 {money}M").format(
            card=gem_card_line(me["gem_card"]), gems=gems_line(me["gems"]), money=me["money"])
        if pv.view["phase"] == "over":
            return header
        return header + "\n" + own_summary(forecast(pv.view), pv.seat)

    def option_emoji(self, option: Option) -> str | None:
        """Action cards get their emoji."""
        card = option.action.get("card")
        return ACTION_EMOJI.get(card) if card else None

    def option_text(self, text: str) -> str:
        """'Offer 1 blue' reads 'Offer 🔷1', as gem counts do everywhere in the channel."""
        return restyle_gems(text)

    def room_text(self, key: str) -> str:
        """The core's sentences about a room, in ESR's words ("negotiation")."""
        return _(ROOM_TEXTS[key]) if key in ROOM_TEXTS else super().room_text(key)

    def room_waiting(self, decision: Decision, names: Sequence[str]) -> str:
        """What the negotiator who clicks out of turn is waiting for: the opening offer, the
        one gemstone ESR-5 allows after an empty opening, or an answer to their offer."""
        return (room.waiting_text(decision, names)
                or super().room_waiting(decision, names))  # ESR's "their_turn": an answer

    def room_role(self, event: GameEvent) -> RoomRole:
        """A negotiation opens a room; its offers are told there; acceptance closes it."""
        if isinstance(event, NegotiationStarted):
            return RoomRole.OPENS
        if isinstance(event, OfferMade):
            return RoomRole.INSIDE
        return RoomRole.CLOSES if room.is_closing(event) else RoomRole.NONE

    def room_opening(self, event: GameEvent, names: Sequence[str]) -> RoomOpening:
        """'ann ⇄ bob · Money · Round 1 · turn 3', with the intro that says who opens and why."""
        assert isinstance(event, NegotiationStarted)
        return RoomOpening(seats=(event.seats[0], event.seats[1]),
                           title=room.thread_name(names, event.seats, event.action,
                                                  event.round, event.turn),
                           intro=room.intro(event, names))

    def room_prompt(self, decision: Decision, view: dict[str, Any], names: Sequence[str],
                    mover: str, due_at: float | None) -> str:
        """The offer on the table, what the player to move may do, both players' gemstones."""
        return room.prompt_text(decision, view, names, mover, due_at)

    def room_extras(self, game_id: int, decision: Decision) -> list[discord.ui.Item[Any]]:
        """The offer builder's button, where a free raise is legal."""
        return [raise_button(game_id, decision)] if allows_builder(decision) else []

    def room_button_style(self, option: Option) -> discord.ButtonStyle:
        """Accepting stands out, offering nothing recedes."""
        kind = option.action.get("type")
        if kind == "accept":
            return discord.ButtonStyle.success
        if kind == "offer" and not any(option.action.get("gems", [])):
            return discord.ButtonStyle.secondary
        return discord.ButtonStyle.primary

    def rule_title(self, topic: str) -> str:
        """A rules topic's title in the current language."""
        return _(TITLES[topic]) if topic in TITLES else super().rule_title(topic)

    def rules(self) -> dict[str, str]:
        """data/esr/rules.md by section."""
        return rules_topics()

    def glossary(self) -> dict[str, str]:
        """Every event card by name."""
        return glossary()
