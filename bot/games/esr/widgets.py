"""ESR's persistent components: the room's Raise… button and the offer builder's selects and
Send button. Each is a DynamicItem rebuilt from its custom id (bot.games.esr.ids)."""

from __future__ import annotations

import re
from typing import Any, cast

import discord

from bot.core.base import BotBase
from bot.core.interactions import guarded
from bot.games.esr import offers
from bot.games.esr.catalog import _
from bot.games.esr.ids import (
    DRAFT_TEMPLATE,
    RAISE_TEMPLATE,
    SEND_TEMPLATE,
    decode_draft,
    draft_id,
    raise_id,
    send_id,
)


def _bot(interaction: discord.Interaction) -> BotBase:
    return cast(BotBase, interaction.client)


class RaiseButton(discord.ui.DynamicItem[discord.ui.Button], template=RAISE_TEMPLATE):
    """On the negotiation prompt: opens the private offer builder."""

    def __init__(self, game_id: int, key: str) -> None:
        super().__init__(discord.ui.Button(label=_("Raise…"), custom_id=raise_id(game_id, key)))
        self.game_id, self.key = game_id, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RaiseButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the offer builder to the negotiator to move."""
        await guarded(interaction, offers.open_builder(_bot(interaction), interaction,
                                                       self.game_id, self.key), self.game_id)


class DraftSelect(discord.ui.DynamicItem[discord.ui.Select], template=DRAFT_TEMPLATE):
    """Offer builder: how many of one colour to give; the whole draft is in the custom id."""

    def __init__(self, game_id: int, key: str, colour: int, draft: list[int],
                 select: discord.ui.Select | None = None) -> None:
        custom_id = draft_id(game_id, key, colour, draft)
        if select is None:
            select = discord.ui.Select(custom_id=custom_id,
                                       options=[discord.SelectOption(label="0", value="0")])
        select.custom_id = custom_id
        super().__init__(select)
        self.game_id, self.key, self.colour, self.draft = game_id, key, colour, draft

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> DraftSelect:
        """Rebuild from the custom id (the clicked select carries the chosen value)."""
        return cls(int(match["game"]), match["key"], int(match["colour"]),
                   decode_draft(match["draft"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        """Change this colour of the draft and show whether it beats the current offer."""
        values = self.item.values or ["0"]
        if not (values[0].isdigit() and len(values[0]) <= 2):
            await guarded(interaction, offers.refuse_forged(interaction), self.game_id)
            return
        draft = list(self.draft)
        draft[self.colour] = int(values[0])
        await guarded(interaction, offers.redraft(_bot(interaction), interaction, self.game_id,
                                                  self.key, draft), self.game_id)


class SendOfferButton(discord.ui.DynamicItem[discord.ui.Button], template=SEND_TEMPLATE):
    """Offer builder: submit the draft."""

    def __init__(self, game_id: int, key: str, draft: list[int]) -> None:
        super().__init__(discord.ui.Button(label=_("Send offer"),
                                           custom_id=send_id(game_id, key, draft)))
        self.game_id, self.key, self.draft = game_id, key, draft

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SendOfferButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]), match["key"], decode_draft(match["draft"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Submit the drafted offer."""
        await guarded(interaction, offers.send_offer(_bot(interaction), interaction,
                                                     self.game_id, self.key, self.draft),
                      self.game_id)


WIDGETS = (RaiseButton, DraftSelect, SendOfferButton)
