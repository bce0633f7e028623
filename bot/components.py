"""Persistent buttons: each is a DynamicItem whose custom id names the game and the decision."""

from __future__ import annotations

import re
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


DYNAMIC_ITEMS = (LobbyButton, OpenDecisionButton, PickButton)


def lobby_view(game_id: int, open_: bool = True) -> discord.ui.View:
    """The lobby's buttons (none once the lobby is closed)."""
    view = discord.ui.View(timeout=None)
    if open_:
        for op in LOBBY_OPS:
            view.add_item(LobbyButton(game_id, op))
    return view


def table_view(game_id: int, label: str | None) -> discord.ui.View:
    """The table's single button; no button when nobody has anything to decide."""
    view = discord.ui.View(timeout=None)
    if label:
        view.add_item(OpenDecisionButton(game_id, label))
    return view
