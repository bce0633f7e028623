"""How Sealed Bid looks in Discord: the table embed, the channel's lines, buttons and rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import discord

from bot.core.presenter import EMBED_COLOUR, Presenter, RoomOpening, RoomRole
from engine.core.game import GameEvent, Option
from engine.service.models import PlayerView
from tests.toygame import game as sealed

OVERVIEW = (
    "**Sealed Bid** (2–4 players). Everyone starts with 10 coins. In each of 3 rounds a prize "
    "worth 3–8 points is revealed and everyone secretly bids 0–5 coins (no more than they "
    "have); you may change your bid until all have bid. The highest bid wins. If exactly two "
    "tie, they duel in a thread: the first yields or presses, a pressed player yields or "
    "splits (nobody wins); a wider tie means nobody wins. The next player after the winner "
    "judges: **Allow** (the "
    "winner pays the bid and gains the points) or **Veto** (nothing happens). "
    "At the end, points + coins is your score."
)


class SealedPresenter(Presenter):
    """Sealed Bid's look: a table of coins, points and who has bid, and a line per event."""

    game: ClassVar[str] = sealed.NAME

    def table_embed(self, view: dict[str, Any], names: Sequence[str], title: str,
                    due_at: float | None) -> discord.Embed:
        """Round, prize and every seat's coins, points and bid status (amounts only once
        revealed)."""
        over = view["phase"] == "over"
        heading = "Final scores" if over else (
            f"Round {view['round']}/{view['rounds']} · prize **{view['prize']}** points")
        lines = [heading]
        if due_at is not None and not over:
            lines.append(f"⏰ Due <t:{int(due_at)}:R>")
        embed = discord.Embed(title=title, description="\n".join(lines), colour=EMBED_COLOUR)
        waiting = {w["seat"]: w["kind"] for w in view["waiting_for"]}
        for p in view["players"]:
            embed.add_field(name=names[p["seat"]][:256], value=_status(view, p, waiting),
                            inline=True)
        return embed

    def story(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """The channel's line for an event; a placed bid is shown on the table instead."""
        if isinstance(event, sealed.BidPlaced):
            return None
        line = sealed.narrate(event, names)
        if line is None:
            return None
        if isinstance(event, sealed.RoundStarted):
            return f"**{line}**"
        return line

    def opens_turn(self, event: GameEvent) -> bool:
        """Each round is a turn: a new live message."""
        return isinstance(event, sealed.RoundStarted)

    def prompt_header(self, pv: PlayerView, names: Sequence[str]) -> str | None:
        """What the player holds."""
        if pv.seat is None:
            return None
        me = pv.view["players"][pv.seat]
        return f"You have {me['coins']} coins and {me['points']} points."

    def option_emoji(self, option: Option) -> str | None:
        """🪙 for a bid, ✅ / ⛔ for the judge."""
        kind = option.action.get("type")
        if kind == "bid":
            return "🪙"
        if kind == "judge":
            return "✅" if option.action.get("allow") else "⛔"
        return None

    def room_text(self, key: str) -> str:
        """The core's room sentences, with "exchange" said as "duel" (a test game: English)."""
        return (super().room_text(key).replace("exchange", "duel")
                .replace("play it out", "duel"))

    def room_role(self, event: GameEvent) -> RoomRole:
        """A duel opens a room, a press happens in it, the settlement closes it."""
        if isinstance(event, sealed.DuelStarted):
            return RoomRole.OPENS
        if isinstance(event, sealed.DuelPressed):
            return RoomRole.INSIDE
        return RoomRole.CLOSES if isinstance(event, sealed.DuelSettled) else RoomRole.NONE

    def room_opening(self, event: GameEvent, names: Sequence[str]) -> RoomOpening:
        """'ann ⚔ bob · 6 points', and how a duel works."""
        assert isinstance(event, sealed.DuelStarted)
        a, b = event.seats
        return RoomOpening(
            seats=(a, b), title=f"{names[a]} ⚔ {names[b]} · {event.prize} points",
            intro=(f"⚔️ **{names[a]}** and **{names[b]}** both bid {event.bid}. {names[a]} "
                   "yields the prize or presses; pressed, the other yields or splits (then "
                   "nobody wins)."))

    def room_button_style(self, option: Option) -> discord.ButtonStyle:
        """Yielding is the quiet choice."""
        return (discord.ButtonStyle.secondary if option.action.get("move") == "yield"
                else discord.ButtonStyle.danger)

    def rules(self) -> dict[str, str]:
        """The overview is all there is."""
        return {"overview": OVERVIEW}


def _status(view: dict[str, Any], player: dict[str, Any], waiting: dict[int, str]) -> str:
    """One seat's field: coins, points and the bid (its amount only after the reveal)."""
    seat = player["seat"]
    lines = [f"🪙 {player['coins']} coins · ⭐ {player['points']} points"]
    results = view["results"]
    if results is not None:
        standing = next(s for s in results["standings"] if s["player"] == seat)
        crown = " 🏆" if seat in results["winners"] else ""
        lines.append(f"#{standing['rank']} · **{standing['score']}** points{crown}")
    if view["phase"] == "bid":
        lines.append("✉️ has bid" if player["has_bid"] else "🤔 bidding…")
    elif view["phase"] == "duel" and seat in view["duel"]:
        lines.append(f"bid {player['bid']} · ⚔️ duelling")
    elif view["phase"] == "judge" and player["bid"] is not None:
        lines.append(f"bid {player['bid']}")
        if seat == view["winner"]:
            lines[-1] += " 🏆"
    if waiting.get(seat) == "sealed.judge":
        lines.append("⚖️ judging…")
    return "\n".join(lines)
