"""The private pick prompt's components: a menu per card listing that card's kind in the pool by
label, a button to put a pick back, a button for the card's look-closer picture. Each names the
card and the round's decision key in its custom id, and the chosen label travels as the menu's
value: a pool's options change while its key stays, so an option's position would name another
gem a moment later. The engine checks every pick (a forged label is refused, privately)."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.core.components import handlers
from bot.core.ids import GAME, KEY
from bot.core.interactions import acknowledge, guarded, tell
from bot.games.gke.catalog import _
from bot.games.gke.closer import closer_layout, closer_png
from engine.games.gke.words import back_name, kind_name

CARD = r"(?P<card>[0-2])"


def card_title(view: dict[str, Any], card: int) -> str:
    """'Pink card: ruby', for a menu's placeholder and buttons."""
    name = back_name(card)
    # Translators: {card} is "the pink card" (capitalised here), {kind} the gem's kind
    return _("{card}: {kind}").format(card=name[:1].upper() + name[1:],
                                      kind=kind_name(view["cards"][card]["kind"]))


class PoolSelect(discord.ui.DynamicItem[discord.ui.Select],
                 template=rf"jw:gkepick:{GAME}:{CARD}:{KEY}"):
    """One card's menu: the gems of its kind the player may take (or holds), by label."""

    def __init__(self, game_id: int, card: int, key: str,
                 select: discord.ui.Select | None = None) -> None:
        if select is None:
            select = discord.ui.Select(options=[discord.SelectOption(label="?")])
        select.custom_id = f"jw:gkepick:{game_id}:{card}:{key}"[:100]
        super().__init__(select)
        self.game_id, self.card, self.key = game_id, card, key

    @classmethod
    def build(cls, game_id: int, key: str, view: dict[str, Any], card: int, row: int,
              offered: Sequence[str]) -> PoolSelect:
        """The menu as the prompt shows it now: the labels the decision offers for this card
        (`offered`: the engine's options, so the menu lists exactly what it accepts), and the
        player's own pick for it, chosen."""
        me, offered_here = view["viewer"], set(offered)
        options = []
        for gem in sorted(view["pool"], key=lambda g: g["label"]):
            mine = gem["holder"] == me
            here = mine and gem["card"] == card
            if gem["label"] not in offered_here and not here:
                continue
            options.append(discord.SelectOption(
                label=gem["label"], value=gem["label"], default=here,
                # Translators: a gem the player holds for another card; choosing it moves it
                description=(_("yours, for {card}: choosing it moves it").format(
                    card=back_name(gem["card"])) if mine and not here else None)))
        select = discord.ui.Select(
            # Translators: a menu's placeholder; {card} is e.g. "Pink card: ruby"
            placeholder=_("{card} — choose its gem…").format(card=card_title(view, card)),
            options=options[:25], row=row)
        return cls(game_id, card, key, select)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PoolSelect:
        """Rebuild from the custom id (the clicked menu carries the chosen label)."""
        return cls(int(match["game"]), int(match["card"]), match["key"],
                   select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        """Pick the chosen gem for this card."""
        label = (self.item.values or [""])[0][:8]
        action = {"type": "pick", "card": self.card, "label": label}
        await guarded(interaction, handlers(interaction).act(
            interaction, self.game_id, self.key, action, label), self.game_id)


class PutBackButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=rf"jw:gkeput:{GAME}:{CARD}:{KEY}"):
    """Put this card's pick back in the pool."""

    def __init__(self, game_id: int, card: int, key: str, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.secondary, emoji="↩️", row=3,
            custom_id=f"jw:gkeput:{game_id}:{card}:{key}"[:100]))
        self.game_id, self.card, self.key = game_id, card, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PutBackButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]), int(match["card"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Release the card's pick."""
        action = {"type": "release", "card": self.card}
        await guarded(interaction, handlers(interaction).act(
            interaction, self.game_id, self.key, action, self.item.label or ""), self.game_id)


class LookCloserButton(discord.ui.DynamicItem[discord.ui.Button],
                       template=rf"jw:gkelook:{GAME}:{CARD}"):
    """A private picture of the pool's gems of this card's kind, larger (closer.py)."""

    def __init__(self, game_id: int, card: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.secondary, emoji="🔍", row=4,
            custom_id=f"jw:gkelook:{game_id}:{card}"))
        self.game_id, self.card = game_id, card

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LookCloserButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]), int(match["card"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Send the look-closer picture, privately."""
        await guarded(interaction, look_closer(interaction, self.game_id, self.card),
                      self.game_id)


async def look_closer(interaction: discord.Interaction, game_id: int, card: int) -> None:
    """The card's look-closer picture as the member's own seat sees the pool now."""
    await acknowledge(interaction, private_reply=True)
    pv = await interaction.client.service.get_view(  # type: ignore[attr-defined]
        game_id, interaction.user.id)
    cards = pv.view.get("cards") or []
    if pv.status != "running" or card >= len(cards) or cards[card] is None:
        await tell(interaction, _("This round is over: its gems are back in the pool."))
        return
    data = await asyncio.to_thread(closer_png, pv.view, card)
    title = card_title(pv.view, card)
    # Translators: under the look-closer picture; {card} is e.g. "Pink card: ruby"
    text = _("{card}: the pool's gems of this kind, larger (the card's own gem is not shown "
             "beside them: compare with the round's picture).").format(card=title)
    await interaction.followup.send(text, ephemeral=True, file=discord.File(
        io.BytesIO(data), "closer.png", description=closer_text(pv.view, card)))


def closer_text(view: dict[str, Any], card: int) -> str:
    """The look-closer picture's alt text: the card and the labels it shows, never a size."""
    labels = sorted(gem["label"] for gem, _spot in closer_layout(view, card))
    # Translators: the look-closer picture's alt text; {card} is e.g. "Pink card: ruby",
    # {labels} the labels drawn ("A3, K7, …"). It must never say a gem's size.
    return _("{card}: the pool's {count} gems of this kind that you may take, larger, each "
             "with its label: {labels}.").format(card=card_title(view, card),
                                                 count=len(labels), labels=", ".join(labels))
