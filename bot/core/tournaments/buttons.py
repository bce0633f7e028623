"""The sign-up message's buttons: Join, Leave, Start; their custom ids name the tournament,
so they work after a restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.catalog import N_, _
from bot.core.interactions import guarded
from engine.store.tournaments import TournamentInfo

TOURNAMENT = r"(?P<tournament>\d{1,18})"
# Marked here, translated where a button is built.
OPS = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
    "ai": (N_("Add AI"), discord.ButtonStyle.secondary),  # an AI entrant (organisers)
}


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button],
                       template=rf"jw:tour:{TOURNAMENT}:(?P<op>[a-z]{{1,8}})"):
    """Join, Leave or Start on a tournament's sign-up message."""

    def __init__(self, tournament_id: int, op: str, disabled: bool = False) -> None:
        label, style = OPS[op]
        super().__init__(discord.ui.Button(label=_(label), style=style, disabled=disabled,
                                           custom_id=f"jw:tour:{tournament_id}:{op}"))
        self.tournament_id, self.op = tournament_id, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TournamentButton:
        """Rebuild from the custom id; an unknown operation is refused when clicked."""
        button = cls(int(match["tournament"]), "join")
        button.op = match["op"]
        return button

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the bot's tournament handler."""
        runner = interaction.client.tournaments  # type: ignore[attr-defined]
        await guarded(interaction, runner.signup_click(interaction, self.tournament_id, self.op))


def signup_view(info: TournamentInfo) -> discord.ui.View | None:
    """Buttons while the sign-up is open; none after (the message keeps no live button)."""
    if info.status != "signup":
        return None
    view = discord.ui.View(timeout=None)
    for op in OPS:
        view.add_item(TournamentButton(info.id, op))
    return view
