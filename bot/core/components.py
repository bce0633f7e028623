"""Persistent buttons of the core: each is a DynamicItem whose custom id names the game and the
decision, so it works after a restart. Game widgets (e.g. ESR's offer builder) are registered by
their presenters (Presenter.dynamic_items)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol, cast

import discord

from bot.catalog import N_, _, pgettext
from bot.core.ids import GAME, INDEX, KEY
from bot.core.interactions import guarded
from engine.core.ai import own_levels
from engine.core.game import Action
from engine.store.models import GameInfo

# Button labels are marked here and translated where a button is built.
LOBBY_OPS = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
    "cancel": (N_("Cancel"), discord.ButtonStyle.danger),
    "unai": (N_("Remove AI"), discord.ButtonStyle.secondary),
    "ai": (N_("Add AI"), discord.ButtonStyle.secondary),  # lobbies posted before the level choice
}
# The AI levels a lobby offers, strongest first (the first is the default): name and what it is
# (marked here, translated where shown).
AI_LEVELS = {
    "strong": (N_("Strong AI"), N_("Searches ahead before it chooses")),
    "greedy": (N_("Greedy AI"), N_("Plays by good rules of thumb")),
    # A game that plays by eye rather than by search names its levels by how often its eye
    # is wrong (Große kleine Edelsteine).
    "hard": (N_("Hard AI"), N_("Seldom misjudges a size")),
    "medium": (N_("Medium AI"), N_("Now and then a size off")),
    "easy": (N_("Easy AI"), N_("Often a size or two off: for a first game")),
    "random": (N_("Random AI"), N_("Any legal move: for a first game")),
}


def offered_levels(game: str) -> list[str]:
    """The AI levels a lobby of `game` offers, strongest first: those the game implements
    (Große kleine Edelsteine has no strong or greedy; a level playing as a weaker one would
    mislead)."""
    return own_levels(game, list(AI_LEVELS))


def ai_seat_name(level: str) -> str:
    """An AI seat's name by its level, in the current language. Its own message, apart from
    the menu's label: a seat's name stands in every sentence ("an offer from {name}"), where
    German would decline an adjective ("von Gieriger KI"), so German names the seat "KI
    (gierig)", which reads right in any case."""
    names = {"strong": pgettext("AI seat name", "Strong AI"),
             "greedy": pgettext("AI seat name", "Greedy AI"),
             "hard": pgettext("AI seat name", "Hard AI"),
             "medium": pgettext("AI seat name", "Medium AI"),
             "easy": pgettext("AI seat name", "Easy AI"),
             "random": pgettext("AI seat name", "Random AI")}
    return names.get(level, level)


class ClickHandlers(Protocol):
    """What the core's buttons call (bot.core.actions.Actions)."""

    async def lobby_click(self, interaction: discord.Interaction, game_id: int,
                          op: str) -> None: ...
    async def add_ai(self, interaction: discord.Interaction, game_id: int,
                     level: str) -> None: ...
    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def open_prompt(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def pick(self, interaction: discord.Interaction, game_id: int, key: str,
                   index: int) -> None: ...
    async def room_pick(self, interaction: discord.Interaction, game_id: int, key: str,
                        index: int) -> None: ...
    async def act(self, interaction: discord.Interaction, game_id: int, key: str,
                  action: Action, label: str) -> None: ...


def handlers(interaction: discord.Interaction) -> ClickHandlers:
    """The bot's click handlers (the client sets them up as `actions`)."""
    return cast(ClickHandlers, interaction.client.actions)  # type: ignore[attr-defined]


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"jw:lobby:{GAME}:(?P<op>[a-z]{{1,8}})"):
    """Join, Leave, Add AI, Start, Cancel on a lobby message."""

    def __init__(self, game_id: int, op: str, disabled: bool = False) -> None:
        label, style = LOBBY_OPS[op]
        super().__init__(discord.ui.Button(label=_(label), style=style, disabled=disabled,
                                           custom_id=f"jw:lobby:{game_id}:{op}", row=0))
        self.game_id, self.op = game_id, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        """Rebuild from the custom id (works after a restart)."""
        op = match["op"] if match["op"] in LOBBY_OPS else "join"
        return cls(int(match["game"]), op)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the bot's lobby handler."""
        await guarded(interaction, handlers(interaction).lobby_click(interaction, self.game_id,
                                                                     self.op), self.game_id)


class AddAiSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"jw:lobbyai:{GAME}"):
    """The lobby's menu of AI levels: choosing one seats an AI player of that level."""

    def __init__(self, game_id: int, disabled: bool = False,
                 select: discord.ui.Select | None = None,
                 levels: Sequence[str] = tuple(AI_LEVELS)) -> None:
        if select is None:
            select = discord.ui.Select(
                placeholder=_("Add an AI player…"), disabled=disabled, row=1,
                options=[discord.SelectOption(label=_(AI_LEVELS[level][0]), value=level,
                                              description=_(AI_LEVELS[level][1]))
                         for level in levels])
        select.custom_id = f"jw:lobbyai:{game_id}"
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> AddAiSelect:
        """Rebuild from the custom id (the clicked select carries the chosen level)."""
        return cls(int(match["game"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        """Seat an AI of the chosen level (a level that was never offered is refused)."""
        level = (self.item.values or [""])[0]
        await guarded(interaction, handlers(interaction).add_ai(interaction, self.game_id, level),
                      self.game_id)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"jw:rematch:{GAME}"):
    """On a finished game's table: a new lobby here with the same seats."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label=_("Rematch"), style=discord.ButtonStyle.success,
                                           emoji="🔁", custom_id=f"jw:rematch:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RematchButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Open the rematch lobby."""
        await guarded(interaction, handlers(interaction).rematch(interaction, self.game_id),
                      self.game_id)


class OpenDecisionButton(discord.ui.DynamicItem[discord.ui.Button],
                         template=rf"jw:open:{GAME}"):
    """On the table: opens the clicking player's private prompt."""

    def __init__(self, game_id: int, label: str | None = None) -> None:
        if label is None:
            label = _("Choose your action")
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
        await guarded(interaction, handlers(interaction).open_prompt(interaction, self.game_id),
                      self.game_id)


class PickButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=rf"jw:pick:{GAME}:{INDEX}:{KEY}"):
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
        await guarded(interaction, handlers(interaction).pick(interaction, self.game_id, self.key,
                                                              self.index), self.game_id)


class RoomButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=rf"jw:neg:{GAME}:{INDEX}:{KEY}"):
    """On a two-player room's prompt: one option of the decision of the player to move (the
    'neg' prefix is kept from when rooms were only negotiations: old buttons still work)."""

    def __init__(self, game_id: int, key: str, index: int, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"jw:neg:{game_id}:{index}:{key}"[:100]))
        self.game_id, self.key, self.index = game_id, key, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RoomButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]), match["key"], int(match["idx"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Submit the answer if the clicking player is the one to move in the room."""
        await guarded(interaction, handlers(interaction).room_pick(
            interaction, self.game_id, self.key, self.index), self.game_id)


CORE_ITEMS = (LobbyButton, AddAiSelect, OpenDecisionButton, PickButton, RoomButton,
              RematchButton)


def detached(view: discord.ui.View) -> discord.ui.View:
    """The view, marked finished so discord.py does not keep it: every component is a
    DynamicItem, dispatched by its custom id alone, so a kept copy would only cost memory
    (forever for a channel message, 15 minutes for a private prompt)."""
    view.stop()
    return view


def lobby_view(info: GameInfo) -> discord.ui.View:
    """The lobby's buttons and AI menu (none once the lobby is closed); Join and the AI menu
    are off when the table is full, Remove AI when there is no AI seat."""
    view = discord.ui.View(timeout=None)
    if info.status == "lobby":
        full = len(info.seats) >= info.max_players
        for op in ("join", "leave", "start", "cancel"):
            view.add_item(LobbyButton(info.id, op, disabled=full and op == "join"))
        view.add_item(AddAiSelect(info.id, disabled=full, levels=offered_levels(info.kind)))
        unai = LobbyButton(info.id, "unai", disabled=not any(s.is_ai for s in info.seats))
        unai.item.row = 2
        view.add_item(unai)
    return detached(view)


def table_view(game_id: int, label: str | None, finished: bool = False) -> discord.ui.View:
    """The table's single button: the prompt while someone decides, Rematch once the game is
    over, none otherwise."""
    view = discord.ui.View(timeout=None)
    if label:
        view.add_item(OpenDecisionButton(game_id, label))
    elif finished:
        view.add_item(RematchButton(game_id))
    return detached(view)
