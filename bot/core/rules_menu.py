"""`/game rules`: one topic of a game's rules, privately, with a menu of every topic under it
(titles in the reader's language), so the rules can be read through without typing a command
per topic. The menu's custom id names the game and each option the topic it shows, so it
works after a restart with nothing kept."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.catalog import _
from bot.core.interactions import acknowledge, edit_reply, guarded
from bot.core.presenter import EMBED_COLOUR, presenter_for
from engine.core.registry import get_kind, kinds

GAME_NAME = r"(?P<name>[a-z0-9_]{1,20})"  # a registered game's name, as custom ids carry it
MAX_TOPICS = 25  # Discord's options per menu


def rules_page(game: str, topic: str | None) -> tuple[discord.Embed, discord.ui.View]:
    """A topic of `game`'s rules (the overview if `topic` is not one) and the topic menu."""
    presenter = presenter_for(game)
    topics = presenter.rules() or {"overview": _("No rules text for this game yet.")}
    name = topic if topic in topics else next(iter(topics))
    # Translators: a rules page's title: the game's name and the topic, e.g. "Scoring".
    title = _("{game} — {topic}").format(game=get_kind(game).title,
                                         topic=presenter.rule_title(name))
    embed = discord.Embed(title=title, description=topics[name][:4096], colour=EMBED_COLOUR)
    view = discord.ui.View(timeout=None)
    if len(topics) > 1:
        options = [discord.SelectOption(label=presenter.rule_title(t)[:100], value=t,
                                        default=t == name)
                   for t in list(topics)[:MAX_TOPICS]]
        view.add_item(RulesMenu(game, options))
    return embed, view


class RulesMenu(discord.ui.DynamicItem[discord.ui.Select], template=rf"jw:rules:{GAME_NAME}"):
    """The menu of a game's rules topics under a rules page: choosing one shows it in place."""

    def __init__(self, game: str, options: list[discord.SelectOption] | None = None,
                 select: discord.ui.Select | None = None) -> None:
        if select is None:
            select = discord.ui.Select(placeholder=_("Read another topic…"),
                                       options=options or [discord.SelectOption(label="-")])
        select.custom_id = f"jw:rules:{game}"
        super().__init__(select)
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RulesMenu:
        """Rebuild from the custom id (the chosen option names the topic)."""
        return cls(match["name"], select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the chosen topic in the same message."""
        await guarded(interaction, self._show(interaction))

    async def _show(self, interaction: discord.Interaction) -> None:
        await acknowledge(interaction)
        game = self.game if self.game in {k.name for k in kinds()} else kinds()[0].name
        embed, view = rules_page(game, (self.item.values or [None])[0])
        await edit_reply(interaction, embed=embed, view=view)
