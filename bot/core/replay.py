"""/game replay: a finished game's record as JSON (the engine's export format) and a viewer
that steps through it turn by turn, built from spectator views of the replayed log.

A step is one turn (the game's presenter says which event opens a turn): the table as the turn
began, with what the turn revealed (the presenter's `replay_view`: ESR's action cards), then the
step's heading and story in an embed of their own, right above ◀ Previous, Next ▶ and a menu of
turns, so a phone shows the story and the buttons on one screen. The last step is the final
table. Everything is rebuilt from the stored log, and each button and menu option names the step
it shows, so they keep working after a restart; a finished game never changes, so its steps are
cached (a few games at a time). A step keeps its events, not their story: the story is told when
shown, in the reader's language.
"""

from __future__ import annotations

import asyncio
import io
import re
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
from babel.dates import format_date
from discord import app_commands

from bot.catalog import _
from bot.core.ids import GAME
from bot.core.interactions import acknowledge, guarded, tell
from bot.core.presenter import EMBED_COLOUR, Picture, Presenter, presenter_for
from bot.core.texts import seat_names
from engine.core.errors import EngineError
from engine.core.game import GameEvent
from engine.core.i18n import current as current_locale
from engine.core.record import GameRecord
from engine.core.registry import get_kind
from engine.service import GameService
from engine.store.models import GameInfo

CACHED_GAMES = 8
REPLAYABLE = ("finished",)  # a running game's log would give its secrets away
# Discord's limits: an embed's title and description, all embeds of a message together, the
# options of a select and an option's label.
TITLE_LIMIT, DESCRIPTION_LIMIT, EMBEDS_LIMIT, OPTIONS_LIMIT, OPTION_LIMIT = 256, 4096, 6000, 25, 100


@dataclass(frozen=True)
class Step:
    """One step of the viewer: a spectator's view and the events whose story is told with it."""

    view: dict[str, Any]
    events: list[GameEvent]
    final: bool = False

    def story(self, presenter: Presenter, names: list[str]) -> list[str]:
        """The step's story lines, told now (in the current language)."""
        return [line for event in self.events if (line := presenter.story(event, names))]


def steps_of(record: GameRecord, presenter: Presenter) -> list[Step]:
    """Replay the log: one step per turn (its opening table and its events), then the end."""
    kind = get_kind(record.kind)
    state, events = kind.new_game(record.seed, len(record.seats), record.settings,
                                  record.rules_revision)
    steps: list[Step] = []
    view, batch = kind.view(state, None), []
    turns = 0

    def take(new_events: list[Any]) -> None:
        nonlocal view, batch, turns
        for event in new_events:
            if presenter.opens_turn(event):
                turns += 1
                if turns > 1:  # what came before the first turn belongs to it
                    steps.append(Step(view, batch))
                    view, batch = kind.view(state, None), []
            batch.append(event)

    take(events)
    for entry in record.actions:
        state, new_events = kind.apply(state, entry.player, entry.action)
        take(new_events)
    steps.append(Step(view, batch))
    steps.append(Step(kind.view(state, None), [], final=True))
    return steps


class ReplaySteps:
    """The steps of recently viewed games (finished games never change), per service: a game's
    number is only unique within its database."""

    def __init__(self) -> None:
        self._caches: weakref.WeakKeyDictionary[
            GameService, OrderedDict[tuple[int, int], list[Step]]] = weakref.WeakKeyDictionary()

    async def get(self, service: GameService, info: GameInfo,
                  record: GameRecord | None = None) -> list[Step]:
        """The game's steps, replayed once (from `record`, if the caller has it) and kept for
        the next clicks."""
        cache = self._caches.setdefault(service, OrderedDict())
        key = (info.id, info.version)
        if key in cache:
            cache.move_to_end(key)
            return cache[key]
        record = record or await service.export_record(info.id)
        steps = steps_of(record, presenter_for(info.kind))
        cache[key] = steps
        while len(cache) > CACHED_GAMES:
            cache.popitem(last=False)
        return steps


STEPS = ReplaySteps()


def _clip(lines: list[str], limit: int) -> str:
    """The lines joined, ending in "…" where they pass `limit` characters (whole lines kept)."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    for line in lines:
        if len("\n".join([*kept, line, "…"])) > limit:
            break
        kept.append(line)
    return "\n".join([*kept, "…"]) if kept else text[: limit - 1] + "…"


def step_title(step: Step, number: int, presenter: Presenter) -> str:
    """The step's name in the menu of turns: the presenter's name for its turn, or its number."""
    if step.final:
        return _("The final table")
    opening = next((e for e in step.events if presenter.opens_turn(e)), None)
    title = presenter.turn_title(opening) if opening is not None else None
    return title or _("Step {number}").format(number=number)


def story_embed(step: Step, number: int, total: int, presenter: Presenter, names: list[str],
                room: int) -> discord.Embed:
    """The step's heading and story, as the embed right above the buttons (a phone reads
    both on one screen); at most `room` characters, as the table leaves for it."""
    heading = (_("Replay · step {number} of {total}") if not step.final
               else _("Replay · step {number} of {total}: the final table")).format(
        number=number, total=total)
    heading = heading[:TITLE_LIMIT]
    embed = discord.Embed(title=heading, colour=EMBED_COLOUR)
    lines, limit = step.story(presenter, names), min(DESCRIPTION_LIMIT, room - len(heading))
    if lines and limit > 1:  # a table that leaves no room keeps the message sendable
        embed.description = _clip(lines, limit)
    return embed


def jump_targets(index: int, total: int) -> list[int]:
    """The steps the menu of turns offers: every one if they fit in a select, else the first,
    the last and those around the shown one."""
    if total <= OPTIONS_LIMIT:
        return list(range(total))
    around = OPTIONS_LIMIT - 2
    start = min(max(1, index - around // 2), total - 1 - around)
    return [0, *range(start, start + around), total - 1]


def step_message(info: GameInfo, steps: list[Step], index: int) -> dict[str, Any]:
    """Table, heading and story, buttons and the menu of turns for one step (as keyword
    arguments for send or edit)."""
    index = max(0, min(index, len(steps) - 1))
    step = steps[index]
    # Translators: a replay's table title, e.g. "Edel, Stein & Reich · game #12".
    title = _("{game} · game #{game_id}").format(game=get_kind(info.kind).title, game_id=info.id)
    presenter, names = presenter_for(info.kind), seat_names(info)
    table = presenter.table_embed(presenter.replay_view(step.view, step.events), names, title,
                                  None)
    story = story_embed(step, index + 1, len(steps), presenter, names,
                        room=EMBEDS_LIMIT - len(table))
    view = discord.ui.View(timeout=None)
    last = len(steps) - 1
    view.add_item(ReplayButton(info.id, max(index - 1, 0), 1, disabled=index == 0))
    view.add_item(ReplayButton(info.id, min(index + 1, last), 2, disabled=index == last))
    options = [discord.SelectOption(label=step_title(steps[i], i + 1, presenter)[:OPTION_LIMIT],
                                    value=str(i), default=i == index)
               for i in jump_targets(index, len(steps))]
    view.add_item(ReplayJump(info.id, options))
    # No content: a viewer opened before the heading moved into the embed loses its old text.
    return {"content": None, "embeds": [table, story], "view": view,
            "allowed_mentions": discord.AllowedMentions.none()}


async def replayable(service: GameService, interaction: discord.Interaction,
                     game_id: int) -> GameInfo | None:
    """The game, if it is a finished game of this server; else the member is told why not."""
    try:
        info: GameInfo | None = await service.get_game(game_id)
    except EngineError:
        info = None
    if info is None or info.guild_id != interaction.guild_id:
        await tell(interaction, _("There is no game #{game_id} on this server.").format(
            game_id=game_id))
        return None
    if info.status not in REPLAYABLE:
        await tell(interaction, _("Game #{game_id} is not finished: only finished games can be "
                                  "replayed, so that nobody's secrets are shown.").format(
            game_id=game_id))
        return None
    return info


async def send_replay(service: GameService, interaction: discord.Interaction,
                      game_id: int) -> None:
    """Answer /game replay privately: the JSON record attached, and the viewer at step 1."""
    await acknowledge(interaction, private_reply=True)
    info = await replayable(service, interaction, game_id)
    if info is None:
        return
    record = await service.export_record(info.id)
    steps = await STEPS.get(service, info, record)
    data = io.BytesIO(record.model_dump_json(indent=1).encode())
    files = [discord.File(data, filename=f"juwelier-game-{info.id}.json")]
    picture = await step_picture(info, steps, 0)
    if picture is not None:
        files.append(picture.file())
    await interaction.followup.send(**step_message(info, steps, 0), files=files, ephemeral=True)


async def step_picture(info: GameInfo, steps: list[Step], index: int) -> Picture | None:
    """The table's picture at a step (Emerald: the board as the turn began), for a game that
    draws one; drawn off the event loop."""
    presenter = presenter_for(info.kind)
    if not presenter.draws_table():
        return None
    step = steps[max(0, min(index, len(steps) - 1))]
    view = presenter.replay_view(step.view, step.events)
    return await asyncio.to_thread(presenter.table_picture, view, seat_names(info))


async def game_suggestions(service: GameService, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[int]]:
    """The member's finished games on this server, newest first, matching what was typed."""
    entries = await service.history(interaction.user.id, interaction.guild_id, limit=25)
    choices = []
    for entry in entries:
        if entry.status not in REPLAYABLE or not str(entry.game_id).startswith(current.strip()):
            continue
        when = format_date(datetime.fromtimestamp(entry.finished_at or 0, UTC), "medium",
                           locale=current_locale())
        place = (_("won") if entry.winner else _("place {rank} of {players}").format(
            rank=entry.rank, players=entry.players))
        label = f"#{entry.game_id} · {get_kind(entry.kind).title} · {when} · {place}"
        choices.append(app_commands.Choice(name=label[:100], value=entry.game_id))
    return choices


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=rf"jw:replay:{GAME}:(?P<step>\d{{1,4}}):(?P<slot>[0-3])"):
    """◀ Previous and Next ▶ under a replay: each names the step it shows. (Slots 0 and 3 were
    ⏮ and ⏭ on viewers opened before the menu of turns; their ids still work.)"""

    def __init__(self, game_id: int, step: int, slot: int, disabled: bool = False) -> None:
        # Translators: replay buttons; keep the arrows where they point.
        label = _("◀ Previous") if slot < 2 else _("Next ▶")
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.primary if slot >= 2 else
            discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=f"jw:replay:{game_id}:{step}:{slot}"))
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ReplayButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]), int(match["step"]), int(match["slot"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the step this button names, in place."""
        await guarded(interaction, show_step(interaction, self.game_id, self.step), self.game_id)


class ReplayJump(discord.ui.DynamicItem[discord.ui.Select],
                 template=rf"jw:replayto:{GAME}"):
    """The menu of turns under a replay: each option's value is the step it shows, so the menu
    works after a restart without anything kept."""

    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None,
                 select: discord.ui.Select | None = None) -> None:
        custom_id = f"jw:replayto:{game_id}"
        if select is None:
            select = discord.ui.Select(
                custom_id=custom_id, row=1, placeholder=_("Jump to a turn…"),
                options=options or [discord.SelectOption(label="1", value="0")])
        select.custom_id = custom_id
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ReplayJump:
        """Rebuild from the custom id (the clicked select carries the chosen step)."""
        return cls(int(match["game"]), select=item)  # type: ignore[arg-type]

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the chosen step, in place; a forged value shows the first."""
        value = (self.item.values or ["0"])[0]
        step = int(value) if value.isdigit() and len(value) <= 4 else 0
        await guarded(interaction, show_step(interaction, self.game_id, step), self.game_id)


async def show_step(interaction: discord.Interaction, game_id: int, step: int) -> None:
    """Edit the viewer to show `step` of the game."""
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    await interaction.response.defer()
    info = await replayable(service, interaction, game_id)
    if info is None:
        return
    steps = await STEPS.get(service, info)
    picture = await step_picture(info, steps, step)
    pictures: dict[str, Any] = {}
    if picture is not None:  # the step's picture replaces the last one; the record stays
        kept = [a for a in getattr(interaction.message, "attachments", [])
                if a.filename != picture.filename]
        pictures["attachments"] = [*kept, picture.file()]
    await interaction.edit_original_response(**step_message(info, steps, step), **pictures)
