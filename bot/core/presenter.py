"""The presenter interface: all the bot core asks of a game's look, and the presenter registry.

The core knows no game. For each game kind it asks that kind's presenter (`bot/games/<name>/`)
to draw the table, tell events as channel lines, decorate private prompts, run the text of a
private two-player room, and register any extra widgets (DynamicItems). Built-in presenters are
found through the `juwelier.presenters` entry points; a kind without one gets `Presenter`
itself, which shows the spectator's view as a plain table and tells no story, so any registered
game is playable, if plainly.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

import discord

from bot.catalog import N_, _
from bot.core.texts import with_names
from engine.core.game import Decision, GameEvent, Option
from engine.core.i18n import Catalog
from engine.core.registry import PluginRegistry
from engine.service.models import PlayerView

PRESENTERS_GROUP = "juwelier.presenters"
EMBED_COLOUR = discord.Colour.from_rgb(88, 101, 242)


class RoomRole(Enum):
    """What an event means for a private two-player room (e.g. an ESR negotiation)."""

    NONE = "none"  # not about a room: told in the channel
    OPENS = "opens"  # a two-player exchange starts: open a room (thread) for it
    INSIDE = "inside"  # a move inside the exchange: told in the room, not the channel
    CLOSES = "closes"  # the exchange is over: told in the room and the channel; room closes


@dataclass(frozen=True)
class RoomOpening:
    """How to open the room an OPENS event asks for."""

    seats: tuple[int, int]  # the two seats in the room
    title: str  # the thread's name (at most 100 characters)
    intro: str  # the room's first message: who, what, how it works


@dataclass(frozen=True)
class Picture:
    """An image that comes with a change (e.g. the standings after a scoring)."""

    filename: str
    png: bytes
    description: str = ""  # the alt text a screen reader reads (Discord allows 1,024 characters)
    # A picture of how the turn ended (a round's results): it goes on that turn's message,
    # with the lines that end it, not on the message of the turn the same change begins.
    closes_turn: bool = False

    def file(self) -> discord.File:
        """A fresh upload of the picture (a File is spent once sent: each write gets its own)."""
        return discord.File(io.BytesIO(self.png), self.filename,
                            description=self.description[:1024] or None)


# The core's sentences about a two-player room, by key; a presenter may word them for its
# game (ESR: "negotiation") by overriding Presenter.room_text with its own catalog.
ROOM_TEXTS = {
    # Translators: {first} and {second} are the two players of the exchange.
    "watch_only": N_("Only {first} and {second} take part in this exchange; you can watch "
                     "along."),
    # Translators: {player} is the player who must answer now.
    "their_turn": N_("It is {player}'s turn to answer; wait for them."),
    # Translators: {channel} is the thread the exchange runs in.
    "runs_in": N_("The exchange runs in {channel}."),
    # Translators: {reason} is why Discord refused the thread; {players} the two players.
    "no_thread": N_("I could not open a thread for this exchange ({reason}), so {players} play "
                    "it out here in the channel."),
    # Translators: {players} are the two players ("ann and bob").
    "no_post": N_("I could not post in the exchange's thread (I am missing the *Send Messages "
                  "in Threads* permission), so {players} play it out here in the channel."),
    "over": N_("The exchange is over."),
    "answered": N_("Answered — the exchange goes on below."),
}


class Presenter:
    """How one game looks in Discord. Every method has a plain default; games override."""

    game: ClassVar[str] = ""  # the GameKind name this presenter draws
    # The game's own catalog (its bot package's catalog.py): slash-command texts it adds.
    catalog: ClassVar[Catalog | None] = None
    # Extra persistent components (DynamicItem classes), registered when the bot starts.
    dynamic_items: ClassVar[tuple[type[discord.ui.DynamicItem[Any]], ...]] = ()

    # --- the table: one embed, edited in place ---------------------------------------------

    # Seconds between two edits of the table message that only refresh it (no story line, no
    # ping, no picture): a game whose players all act at once (a pool) sets it, so a flurry of
    # picks stays inside Discord's rate limits; the last state is written when the time is up.
    coalesce_edits: ClassVar[float] = 0.0

    def table_embed(self, view: dict[str, Any], names: Sequence[str], title: str,
                    due_at: float | None) -> discord.Embed:
        """Everything public about the game now (`view` is the spectator's view)."""
        embed = discord.Embed(title=title, colour=EMBED_COLOUR)
        if due_at is not None:
            # Translators: {relative_time} is e.g. "in 5 minutes" (Discord shows it).
            embed.description = "⏰ " + _("Due {relative_time}").format(
                relative_time=f"<t:{int(due_at)}:R>")
        for key, value in list(view.items())[:24]:
            embed.add_field(name=str(key)[:256], value=discord.utils.escape_markdown(
                str(value))[:1024] or "—", inline=False)
        return embed

    def draws_table(self) -> bool:
        """Whether this game draws its table as a picture (asked first: drawing is costly)."""
        return type(self).table_picture is not Presenter.table_picture

    def table_picture(self, view: dict[str, Any], names: Sequence[str]) -> Picture | None:
        """A picture of the table (Emerald: the board) that the live message carries with its
        embed, redrawn on every change; drawn off the event loop. None: the embed alone."""
        return None

    def situation_picture(self, view: dict[str, Any], names: Sequence[str]) -> Picture | None:
        """The picture a review's finding shows of the step as the member saw it (default: the
        table picture, where the game draws one); drawn off the event loop."""
        return self.table_picture(view, names) if self.draws_table() else None

    # --- the story: the channel's lines -----------------------------------------------------

    def story(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """The channel's line for one event (None: the table already shows it)."""
        return None

    def opens_turn(self, event: GameEvent) -> bool:
        """True if `event` starts a new turn: the turn gets a new live message (and DM prompts
        go out to players who asked for them)."""
        return False

    def has_picture(self, events: Sequence[GameEvent]) -> bool:
        """True if these events come with a picture (asked first: drawing is costly)."""
        return False

    def picture(self, events: Sequence[GameEvent], view: dict[str, Any],
                names: Sequence[str]) -> Picture | None:
        """The picture to post with these events; drawn off the event loop."""
        return None

    def pictures(self, events: Sequence[GameEvent], view: dict[str, Any],
                 names: Sequence[str]) -> list[Picture]:
        """Every picture these events come with, in order (by default `picture`'s one); a
        game whose change both ends a turn and begins one may show each (Picture.closes_turn).
        Drawn off the event loop."""
        picture = self.picture(events, view, names)
        return [] if picture is None else [picture]

    # --- replays (/game replay) -------------------------------------------------------------

    def turn_title(self, event: GameEvent) -> str | None:
        """A short plain name for the turn an `opens_turn` event starts, e.g. "Round 2 · turn
        3" (a replay's menu of turns); None: the core numbers the steps."""
        return None

    def replay_view(self, view: dict[str, Any], events: Sequence[GameEvent]) -> dict[str, Any]:
        """The spectator's view a replay step draws: `view` as the turn began, with what the
        turn's `events` revealed (ESR: the action cards played). Only what these events made
        public may be added. By default `view` itself."""
        return view

    # --- private prompts ------------------------------------------------------------------

    def prompt_header(self, pv: PlayerView, names: Sequence[str]) -> str | None:
        """A line above a player's private prompt (e.g. what they hold)."""
        return None

    def prompt_items(self, pv: PlayerView, names: Sequence[str]
                     ) -> list[discord.ui.Item[Any]] | None:
        """The private prompt's components, if the game lays them out itself (Große kleine
        Edelsteine: a menu per card, since a pool's options change while its key stays);
        None (the default): a button per option."""
        return None

    def option_text(self, text: str) -> str:
        """An option's label or detail marked up for Discord (ESR: gem counts as symbols)."""
        return text

    def option_emoji(self, option: Option) -> str | None:
        """An emoji for an option's button."""
        return None

    # --- private two-player rooms -----------------------------------------------------------

    # What the core says about a room, as whole sentences a game may word its own way
    # (`room_text`); the core's are generic. Fields: see ROOM_TEXTS.
    def room_text(self, key: str) -> str:
        """The sentence `key` of ROOM_TEXTS in the current language, in this game's words."""
        return _(ROOM_TEXTS[key])

    def room_waiting(self, decision: Decision, names: Sequence[str]) -> str:
        """What a room's other player is told when they click while `decision` (the pending
        one, of the player to move) is owed: what they are waiting for."""
        return self.room_text("their_turn").format(player=names[decision.player])

    def room_button_style(self, option: Option) -> discord.ButtonStyle:
        """The style of an option's button on a room's prompt."""
        return discord.ButtonStyle.primary

    def room_role(self, event: GameEvent) -> RoomRole:
        """Whether `event` opens, belongs to or closes a two-player room."""
        return RoomRole.NONE

    def room_opening(self, event: GameEvent, names: Sequence[str]) -> RoomOpening:
        """The room an OPENS event asks for."""
        raise NotImplementedError(f"{self.game} opens rooms but does not say how")

    def room_prompt(self, decision: Decision, view: dict[str, Any], names: Sequence[str],
                    mover: str, due_at: float | None) -> str:
        """The room's live prompt for the player to move (`mover` is a mention or a name)."""
        # Translators: {player} is a mention or a name; {prompt} is the question asked.
        text = _("{player}, your turn: {prompt}").format(
            player=mover, prompt=with_names(decision.prompt, names))
        if not due_at:
            return text
        # Translators: {relative_time} is e.g. "in 5 minutes" (Discord shows it).
        return text + "\n⏰ " + _("Due {relative_time}.").format(
            relative_time=f"<t:{int(due_at)}:R>")

    def room_extras(self, game_id: int, decision: Decision) -> list[discord.ui.Item[Any]]:
        """Extra components on the room's prompt after the option buttons (e.g. Raise…)."""
        return []

    # --- help ---------------------------------------------------------------------------

    def rules(self) -> dict[str, str]:
        """`/game rules` topics → text in the current language, the first being the overview."""
        return {}

    # The topics' titles in English (the game's catalog translates them), for the command's
    # choices; `rule_title` gives one in the current language.
    rule_titles: ClassVar[dict[str, str]] = {}

    def rule_title(self, topic: str) -> str:
        """A topic's title in the current language."""
        return self.rule_titles.get(topic, topic.capitalize())

    def glossary(self) -> dict[str, str]:
        """`/game card` entries: a card's name → what it does (markdown)."""
        return {}


_PRESENTERS: PluginRegistry[Presenter] = PluginRegistry(PRESENTERS_GROUP)


def register_presenter(presenter: Presenter) -> Presenter:
    """Make `presenter` draw its game (a presenter package calls this when imported)."""
    return _PRESENTERS.add(presenter.game, presenter)


def presenter_for(kind: str) -> Presenter:
    """The presenter of a game kind (the plain default if the game brought none)."""
    return _PRESENTERS.get(kind) or _PRESENTERS.add(kind, Presenter())


def presenters() -> list[Presenter]:
    """Every registered presenter (built-in ones first)."""
    return list(_PRESENTERS.items().values())
