"""One private prompt per player and decision, over whole games of all three games through the
real bot: players open their prompt again and again (the table's button, `/game hand`, a DM),
answer in whichever prompt is live, and the bot is restarted mid-game; after every step no
player has more than one private message with live buttons for the game. And every picture the
game posted carries a description for screen readers."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot.core.client import JuwelierBot
from bot.games.gke.presenter import GkePresenter
from tests.bot.driver import add_ai, no_logged_errors, open_prompt
from tests.bot.test_restart_mid_game import restart

pytestmark = pytest.mark.usefixtures(no_logged_errors.__name__)


@pytest.fixture(autouse=True)
def edits_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Große kleine Edelsteine's table edits at once (see tests/bot/games/gke/test_plays_gke)."""
    monkeypatch.setattr(GkePresenter, "coalesce_edits", 0.0)


def _live(message: discord.Message, game_id: int) -> bool:
    """Whether a message carries an enabled component of the game."""
    ours = re.compile(rf"^jw:[a-z]+:{game_id}(:|$)")
    return any(not getattr(item, "disabled", False) and ours.match(item.custom_id or "")
               for row in message.components for item in row.children
               if getattr(item, "custom_id", None))


def live_private(channel: ChannelHandle, actor: MemberActor, game_id: int) -> list[Any]:
    """The private messages (ephemeral, or by DM) `actor` sees with live buttons of the game."""
    found = [m for place in (channel, *channel.threads) for m in place.history(viewer=actor)
             if m.flags.ephemeral and _live(m, game_id)]
    dm = actor.user.dm_channel
    return found + ([m for m in dm.history() if _live(m, game_id)] if dm is not None else [])


def assert_one_each(channel: ChannelHandle, actors: list[MemberActor], game_id: int,
                    when: str) -> None:
    for actor in actors:
        shown = live_private(channel, actor, game_id)
        assert len(shown) <= 1, (when, actor.name, [m.content for m in shown])


class Table:
    """A game being played: the bot (replaced on a restart), its channel and its people."""

    def __init__(self, env: Env, bot: JuwelierBot, db_file: Path, channel: ChannelHandle,
                 actors: list[MemberActor], game_id: int, rng: random.Random) -> None:
        self.env, self.bot, self.db_file, self.channel = env, bot, db_file, channel
        self.actors, self.game_id, self.rng = actors, game_id, rng
        self.steps = 0

    def check(self, when: str) -> None:
        assert_one_each(self.channel, self.actors, self.game_id, when)

    async def running(self) -> bool:
        return (await self.bot.service.get_game(self.game_id)).status == "running"

    async def restart(self) -> None:
        self.bot = await restart(self.env, self.bot, self.db_file)
        await self.bot.timers.stop()
        self.check("after the restart")
        for actor in self.actors:  # a prompt from before the restart is followed still
            await open_prompt(self.bot, self.channel, self.game_id, actor)
            self.check(f"{actor.name} opened a prompt after the restart")

    async def open(self, actor: MemberActor) -> InteractionResult:
        """The member's prompt, opened by the table's button or by `/game hand`, sometimes
        twice over."""
        for _ in range(self.rng.choice((1, 1, 2))):
            if self.rng.random() < 0.5:
                shown = await open_prompt(self.bot, self.channel, self.game_id, actor)
            else:
                shown = await actor.slash(self.channel, "game hand")
            self.check(f"{actor.name} opened a prompt")
        return shown

    async def deciding(self) -> list[MemberActor]:
        info = await self.bot.service.get_game(self.game_id)
        seats = {s.seat: s.user_id for s in info.seats}
        people = {a.id: a for a in self.actors}
        return [people[seats[d.player]] for d in await self.bot.service.pending(self.game_id)
                if seats[d.player] in people]

    async def step(self) -> bool:
        """One human answers their decision in a live prompt (one they had, or a new one);
        False if no human owes one."""
        owing = await self.deciding()
        if not owing:
            return False
        actor = self.rng.choice(owing)
        bystanders = [a for a in self.actors if a not in owing]
        if bystanders and self.rng.random() < 0.2:  # "not your turn": a prompt with no buttons
            await self.open(self.rng.choice(bystanders))
        live = live_private(self.channel, actor, self.game_id)
        if live and self.rng.random() < 0.5:
            await self.answer(actor, live[0])
        else:
            shown = await self.open(actor)
            fresh = live_private(self.channel, actor, self.game_id)
            assert fresh, (actor.name, "a prompt for the decision", shown)
            await self.answer(actor, fresh[0])
        self.steps += 1
        self.check(f"step {self.steps}: {actor.name} answered")
        return True

    async def answer(self, actor: MemberActor, message: discord.Message) -> None:
        """A random live button or menu choice of a prompt message."""
        ours = re.compile(rf"^jw:[a-z]+:{self.game_id}(:|$)")
        items = [item for row in message.components for item in row.children
                 if ours.match(getattr(item, "custom_id", None) or "")
                 and not getattr(item, "disabled", False)]
        selects = [i for i in items if isinstance(i, discord.SelectMenu)
                   and i.custom_id.startswith("jw:gkepick:")]
        buttons = [i for i in items if isinstance(i, discord.Button)
                   and not i.custom_id.startswith("jw:gkecloser:")]
        who: Any = actor.user if message.guild is None else actor  # a DM's clicks are a user's
        if selects:  # Große kleine Edelsteine: a gem of a card's kind
            menu = self.rng.choice(selects)
            free = [o.value for o in menu.options if not o.description]
            await who.select(message, [self.rng.choice(free or [o.value for o in menu.options])],
                             custom_id=menu.custom_id)
        elif buttons:
            await who.click(message, custom_id=self.rng.choice(buttons).custom_id)


async def play(table: Table, restart_at: int, max_steps: int = 3000) -> None:
    """Play the game out, restarting the bot once after `restart_at` answers; AI seats think
    and the round's clock runs between the answers of a game that plays at once."""
    for _ in range(max_steps):
        if not await table.running():
            return
        if table.steps == restart_at:
            await table.restart()
            table.steps += 1
        if not await table.step():
            await table.env.advance_time(10)
            await table.bot.timers.run_due()
            table.check("after the clock ran")
    raise AssertionError("the game did not end")


async def new_game(env: Env, bot: JuwelierBot, game: str, people: int, ais: int,
                   **options: Any) -> tuple[ChannelHandle, list[MemberActor], int]:
    guild = env.create_guild()
    channel = guild.create_text_channel("table")
    actors = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cy")[:people]]
    await actors[0].slash(channel, "game new", game=game, **options)
    lobby = channel.last_message
    for actor in actors[1:]:
        await actor.click(lobby, label="Join")
    for _ in range(ais):
        await add_ai(actors[0], lobby)
    await actors[0].click(lobby, label="Start")
    game_id = (await bot.service.game_in_channel(guild.id, channel.id)).id
    await bot.timers.stop()
    return channel, actors, game_id


@pytest.mark.parametrize("game,people,ais,options", [
    ("esr", 3, 0, {}),
    ("emerald", 2, 1, {}),
    ("gke", 2, 1, {"rounds": 3}),
])
async def test_no_player_ever_has_two_live_prompts_for_one_decision(
        simcord_env: Env, simcord_bot: JuwelierBot, db_file: Path, game: str, people: int,
        ais: int, options: dict[str, Any]) -> None:
    channel, actors, game_id = await new_game(simcord_env, simcord_bot, game, people, ais,
                                              **options)
    # One player takes each turn's prompt by DM as well.
    await actors[-1].slash(channel, "game settings", dm=True)
    table = Table(simcord_env, simcord_bot, db_file, channel, actors, game_id,
                  random.Random(len(game)))
    await play(table, restart_at=12)
    assert not await table.running()
    assert table.steps > 12, "the restart came mid-game"
    for actor in actors:
        assert live_private(channel, actor, game_id) == [], "a finished game keeps no live prompt"
    # Every picture the game posted carries a description for screen readers.
    pictures = [a for m in channel.history() for a in m.attachments
                if a.filename.endswith(".png")]
    assert pictures, "the game posted pictures"
    assert all(a.description for a in pictures), [a.filename for a in pictures
                                                  if not a.description]
