"""/game replay: a finished game's record as JSON (the engine's export format) and a viewer
that steps through it turn by turn with ◀ ▶, built from spectator views of the replayed log.

A step is one turn (the game's presenter says which event opens a turn): the table as the turn
began, which is what the players decided on, and the story of that turn below it. The last step
is the final table. Everything is rebuilt from the stored log, so the buttons keep working after
a restart; a finished game never changes, so its steps are cached (a few games at a time). A
step keeps its events, not their story: the story is told when shown, in the reader's language.
"""

from __future__ import annotations

import io
import re
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
from bot.core.presenter import Presenter, presenter_for
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
STORY_LIMIT = 2000  # Discord's message limit


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
    state, events = kind.new_game(record.seed, len(record.seats), record.settings)
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
    """The steps of recently viewed games (finished games never change)."""

    def __init__(self) -> None:
        self._cache: OrderedDict[int, list[Step]] = OrderedDict()

    async def get(self, service: GameService, info: GameInfo,
                  record: GameRecord | None = None) -> list[Step]:
        """The game's steps, replayed once (from `record`, if the caller has it) and kept for
        the next clicks."""
        if info.id in self._cache:
            self._cache.move_to_end(info.id)
            return self._cache[info.id]
        record = record or await service.export_record(info.id)
        steps = steps_of(record, presenter_for(info.kind))
        self._cache[info.id] = steps
        while len(self._cache) > CACHED_GAMES:
            self._cache.popitem(last=False)
        return steps


STEPS = ReplaySteps()


def _story_text(step: Step, number: int, total: int, presenter: Presenter,
                names: list[str]) -> str:
    heading = (_("Replay · step {number} of {total}") if not step.final
               else _("Replay · step {number} of {total}: the final table")).format(
        number=number, total=total)
    text = "\n".join([f"**{heading}**", *step.story(presenter, names)])
    return text if len(text) <= STORY_LIMIT else text[: STORY_LIMIT - 1] + "…"


def step_message(info: GameInfo, steps: list[Step], index: int) -> dict[str, Any]:
    """Content, embed and buttons for one step (as keyword arguments for send or edit)."""
    index = max(0, min(index, len(steps) - 1))
    step = steps[index]
    # Translators: a replay's table title, e.g. "Edel, Stein & Reich · game #12".
    title = _("{game} · game #{game_id}").format(game=get_kind(info.kind).title, game_id=info.id)
    presenter, names = presenter_for(info.kind), seat_names(info)
    embed = presenter.table_embed(step.view, names, title, None)
    view = discord.ui.View(timeout=None)
    last = len(steps) - 1
    for slot, target in enumerate((0, index - 1, index + 1, last)):  # ⏮ ◀ ▶ ⏭
        view.add_item(ReplayButton(info.id, max(0, min(target, last)), slot,
                                   disabled=target < 0 or target > last or target == index))
    return {"content": _story_text(step, index + 1, len(steps), presenter, names),
            "embed": embed, "view": view,
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
    file = discord.File(data, filename=f"juwelier-game-{info.id}.json")
    await interaction.followup.send(**step_message(info, steps, 0), file=file, ephemeral=True)


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
    """⏮ ◀ ▶ ⏭ under a replay: each names the step it shows."""

    EMOJI = ("⏮", "◀", "▶", "⏭")

    def __init__(self, game_id: int, step: int, slot: int, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            emoji=self.EMOJI[slot], style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=f"jw:replay:{game_id}:{step}:{slot}"))
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> ReplayButton:
        """Rebuild from the custom id."""
        return cls(int(match["game"]), int(match["step"]), int(match["slot"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the step this button names, in place."""
        await guarded(interaction, self._show(interaction), self.game_id)

    async def _show(self, interaction: discord.Interaction) -> None:
        service: GameService = interaction.client.service  # type: ignore[attr-defined]
        await interaction.response.defer()
        info = await replayable(service, interaction, self.game_id)
        if info is None:
            return
        steps = await STEPS.get(service, info)
        await interaction.edit_original_response(**step_message(info, steps, self.step))
