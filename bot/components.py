"""Persistent buttons: each is a DynamicItem whose custom id names the game and the decision."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.client import JuwelierBot

LOBBY_OPS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "ai": ("Add AI", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
}


def _bot(interaction: discord.Interaction) -> JuwelierBot:
    return interaction.client  # type: ignore[return-value]


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"jw:lobby:(?P<game>\d+):(?P<op>[a-z]+)"):
    """Join, Leave, Add AI, Start, Cancel on a lobby message."""

    def __init__(self, game_id: int, op: str) -> None:
        label, style = LOBBY_OPS[op]
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"jw:lobby:{game_id}:{op}"))
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        """Rebuild from the custom id (works after a restart)."""
        op = match["op"] if match["op"] in LOBBY_OPS else "join"
        return cls(int(match["game"]), op)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the bot's lobby handler."""
        await _bot(interaction).actions.lobby_click(interaction, self.game_id, self.op)


class OpenDecisionButton(discord.ui.DynamicItem[discord.ui.Button],
                         template=r"jw:open:(?P<game>\d+)"):
    """On the table: opens the clicking player's private prompt."""

    def __init__(self, game_id: int, label: str = "Choose your action") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           emoji="🎴", custom_id=f"jw:open:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> OpenDecisionButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show this player their decision, ephemerally."""
        await _bot(interaction).actions.open_prompt(interaction, self.game_id)


class PickButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"jw:pick:(?P<game>\d+):(?P<idx>\d+):(?P<key>.+)"):
    """One option of one decision; the decision key makes an outdated button harmless."""

    def __init__(self, game_id: int, key: str, index: int, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 emoji: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=style, emoji=emoji,
                                           custom_id=f"jw:pick:{game_id}:{index}:{key}"[:100]))
        self.game_id, self.key, self.index = game_id, key, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PickButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]), match["key"], int(match["idx"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Submit the chosen option."""
        await _bot(interaction).actions.pick(interaction, self.game_id, self.key, self.index)


class NegotiateButton(discord.ui.DynamicItem[discord.ui.Button],
                      template=r"jw:neg:(?P<game>\d+):(?P<idx>\d+):(?P<key>.+)"):
    """On the negotiation prompt: one ready-made answer (accept, a raise, offer nothing)."""

    def __init__(self, game_id: int, key: str, index: int, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"jw:neg:{game_id}:{index}:{key}"[:100]))
        self.game_id, self.key, self.index = game_id, key, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> NegotiateButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]), match["key"], int(match["idx"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Submit the answer if the clicking player is the negotiator to move."""
        await _bot(interaction).actions.negotiate(interaction, self.game_id, self.key, self.index)


class RaiseButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"jw:raise:(?P<game>\d+):(?P<key>.+)"):
    """On the negotiation prompt: opens the private offer builder."""

    def __init__(self, game_id: int, key: str, label: str = "Raise…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           emoji="🛠️", custom_id=f"jw:raise:{game_id}:{key}"[:100]))
        self.game_id, self.key = game_id, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RaiseButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the offer builder to the negotiator to move."""
        await _bot(interaction).actions.open_builder(interaction, self.game_id, self.key)


def encode_draft(gems: Sequence[int]) -> str:
    """A draft offer as it travels in a custom id: '1.0.2.0' (red.yellow.green.blue)."""
    return ".".join(str(int(n)) for n in gems)


def decode_draft(text: str) -> list[int]:
    """The inverse of encode_draft."""
    return [int(n) for n in text.split(".")]


_DRAFT = r"(?P<draft>\d{1,2}\.\d{1,2}\.\d{1,2}\.\d{1,2})"


class DraftSelect(discord.ui.DynamicItem[discord.ui.Select],
                  template=r"jw:draft:(?P<game>\d+):(?P<colour>[0-3]):" + _DRAFT + r":(?P<key>.+)"):
    """Offer builder: how many of one colour to give. The whole draft lives in the custom id,
    so a half-built offer survives a restart of the bot."""

    def __init__(self, game_id: int, key: str, colour: int, draft: Sequence[int],
                 select: discord.ui.Select | None = None) -> None:
        custom_id = f"jw:draft:{game_id}:{colour}:{encode_draft(draft)}:{key}"[:100]
        if select is None:
            select = discord.ui.Select(custom_id=custom_id,
                                       options=[discord.SelectOption(label="0", value="0")])
        select.custom_id = custom_id
        super().__init__(select)
        self.game_id, self.key, self.colour, self.draft = game_id, key, colour, list(draft)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> DraftSelect:
        """Rebuild from the custom id (the clicked select carries the chosen value)."""
        return cls(int(match["game"]), match["key"], int(match["colour"]),
                   decode_draft(match["draft"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        """Change this colour of the draft and show whether it beats the current offer."""
        values = self.item.values or ["0"]
        draft = list(self.draft)
        draft[self.colour] = int(values[0])
        await _bot(interaction).actions.redraft(interaction, self.game_id, self.key, draft)


class SendOfferButton(discord.ui.DynamicItem[discord.ui.Button],
                      template=r"jw:send:(?P<game>\d+):" + _DRAFT + r":(?P<key>.+)"):
    """Offer builder: submit the draft."""

    def __init__(self, game_id: int, key: str, draft: Sequence[int], label: str = "Send offer",
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.success, disabled=disabled,
            custom_id=f"jw:send:{game_id}:{encode_draft(draft)}:{key}"[:100]))
        self.game_id, self.key, self.draft = game_id, key, list(draft)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SendOfferButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]), match["key"], decode_draft(match["draft"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Submit the drafted offer."""
        await _bot(interaction).actions.send_offer(interaction, self.game_id, self.key,
                                                   self.draft)


DYNAMIC_ITEMS = (LobbyButton, OpenDecisionButton, PickButton, NegotiateButton, RaiseButton,
                 DraftSelect, SendOfferButton)


def detached(view: discord.ui.View) -> discord.ui.View:
    """The view, marked finished so discord.py does not keep it: every component is a
    DynamicItem, dispatched by its custom id alone, so a kept copy would only cost memory
    (forever for a channel message, 15 minutes for a private prompt)."""
    view.stop()
    return view


def lobby_view(game_id: int, open_: bool = True) -> discord.ui.View:
    """The lobby's buttons (none once the lobby is closed)."""
    view = discord.ui.View(timeout=None)
    if open_:
        for op in LOBBY_OPS:
            view.add_item(LobbyButton(game_id, op))
    return detached(view)


def table_view(game_id: int, label: str | None) -> discord.ui.View:
    """The table's single button; no button when nobody has anything to decide."""
    view = discord.ui.View(timeout=None)
    if label:
        view.add_item(OpenDecisionButton(game_id, label))
    return detached(view)
