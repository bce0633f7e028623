"""What happens when someone clicks a core button: every handler answers the interaction first,
refusals privately. No rule is decided here: the service says what is legal."""

from __future__ import annotations

import logging

import discord

from bot.catalog import _, ngettext
from bot.core.base import BotBase
from bot.core.components import ai_seat_name, offered_levels
from bot.core.interactions import (
    acknowledge,
    edit_reply,
    from_private_message,
    is_admin,
    mark_recorded,
    tell,
)
from bot.core.language import channel_language
from bot.core.live_prompts import LivePrompts, prompt_message
from bot.core.lobby import lobby_message
from bot.core.presenter import presenter_for
from bot.core.rooms import room_decision
from bot.core.texts import option_label, pinging, seat_names
from engine.core.errors import EngineError
from engine.core.game import Action, Decision, DecisionUI, Option
from engine.service.errors import DuplicateAction, GameNotRunning, StaleDecision
from engine.service.models import PlayerView
from engine.store.models import GameInfo

log = logging.getLogger(__name__)


async def room_turn(bot: BotBase, interaction: discord.Interaction, game_id: int,
                    key: str) -> tuple[Decision, list[str]] | None:
    """The room's decision if the clicking player is the one to move; otherwise a private
    refusal (stale prompt, not in the room, the partner's turn) and None."""
    try:
        info = await bot.service.get_game(game_id)
        if info.status != "running":
            raise GameNotRunning(info.status)
        decision = room_decision(await bot.service.pending(game_id))
        if decision is None or decision.key != key:
            raise StaleDecision()
    except EngineError as exc:
        await tell(interaction, exc.message)
        return None
    names = seat_names(info)
    partner = decision.partner if decision.partner is not None else decision.player
    seat = info.seat_of(interaction.user.id)
    if seat is None or seat.seat not in (decision.player, partner):
        await tell(interaction, presenter_for(info.kind).room_text("watch_only").format(
            first=names[decision.player], second=names[partner]))
        return None
    if seat.seat != decision.player:
        await tell(interaction, presenter_for(info.kind).room_waiting(decision, names))
        return None
    return decision, names


class Actions:
    """Glue between core clicks and the service."""

    def __init__(self, bot: BotBase, prompts: LivePrompts) -> None:
        self.bot = bot
        self.prompts = prompts  # the open private prompts, which follow the game

    async def lobby_click(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        """Join, leave, add an AI, start or cancel."""
        await acknowledge(interaction)  # then the lobby message is edited in place
        service = self.bot.service
        user = interaction.user
        try:
            if op == "join":
                info = await service.join(game_id, user.id, user.display_name)
            elif op == "leave":
                info = await service.leave(game_id, user.id)
            elif op == "ai":  # a lobby posted before the level choice: the default level
                kind = (await service.get_game(game_id)).kind
                info = await self._add_ai(game_id, user.id, offered_levels(kind)[0])
            elif op == "unai":
                info = await service.remove_ai(game_id, user.id)
            elif op == "cancel":
                info = await service.abandon(game_id, user.id, is_admin=is_admin(interaction))
            else:
                await self.start(interaction, game_id)
                return
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        mark_recorded()
        await interaction.edit_original_response(**lobby_message(self.bot, info))

    async def add_ai(self, interaction: discord.Interaction, game_id: int, level: str) -> None:
        """Seat an AI player of the level chosen in the lobby's menu (host only)."""
        await acknowledge(interaction)
        try:
            if level not in offered_levels((await self.bot.service.get_game(game_id)).kind):
                await tell(interaction, _("That is not one of the AI levels offered."))
                return
            info = await self._add_ai(game_id, interaction.user.id, level)
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        mark_recorded()
        await interaction.edit_original_response(**lobby_message(self.bot, info))

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """A new lobby in the finished game's channel with the same seats: the clicker hosts,
        the AI seats come back, the other players are seated again (they may Leave)."""
        await acknowledge(interaction, private_reply=True)
        service, user = self.bot.service, interaction.user
        old = await service.get_game(game_id)
        if old.status != "finished":
            await tell(interaction, _("Only a finished game can be played again."))
            return
        if old.seat_of(user.id) is None:
            await tell(interaction, _("Only its players can start a rematch; start your own "
                                      "with `/game new`."))
            return
        info = await service.create_lobby(
            interaction.guild_id, interaction.channel_id, user.id, user.display_name,
            kind=old.kind, settings=old.settings, deadlines=old.deadlines,
            max_players=old.max_players)
        mark_recorded()
        back: list[int] = []
        for seat in sorted(old.seats, key=lambda s: s.slot):
            try:
                if seat.is_ai:
                    await service.add_ai(info.id, user.id, str(seat.ai_level), name=seat.name)
                elif seat.user_id != user.id:
                    await service.join(info.id, seat.user_id, seat.name)  # type: ignore[arg-type]
                    back.append(int(seat.user_id))  # type: ignore[arg-type]
            except EngineError as exc:  # e.g. a player already in too many games
                log.info("rematch of #%s: seat %s not taken again (%s)", game_id, seat.slot, exc)
        info = await service.get_game(info.id)
        with channel_language(self.bot, info.channel_id):
            text = "🔁 " + (ngettext(
                "Rematch! {players} — you are seated again; press **Leave** if you are out.",
                "Rematch! {players} — you are seated again; press **Leave** if you are out.",
                len(back)).format(players=" ".join(f"<@{u}>" for u in back)) if back
                else _("Rematch!") + " ")
        try:
            message = await interaction.channel.send(  # type: ignore[union-attr]
                text, **lobby_message(self.bot, info),
                allowed_mentions=pinging(back))
        except discord.HTTPException as exc:
            await service.discard_lobby(info.id)
            # Translators: {status} is Discord's numeric HTTP error code, e.g. 500.
            await tell(interaction, _("I could not post the lobby here ({status}).").format(
                status=exc.status))
            return
        await service.set_message(info.id, "lobby", interaction.channel_id, message.id)
        self.bot.poke_timers()
        await tell(interaction, _("Rematch lobby #{game_id} is open: press **Start** when "
                                  "everyone is in.").format(game_id=info.id))

    async def _add_ai(self, game_id: int, user_id: int, level: str) -> GameInfo:
        """An AI seat named by its level ("Strong AI", "Strong AI 2", …), in the channel's
        language: everyone at the table reads the name, whoever added the seat."""
        info = await self.bot.service.get_game(game_id)
        with channel_language(self.bot, info.channel_id):
            base = ai_seat_name(level)
        taken = {s.name for s in info.seats}
        name = next(n for n in (base, *(f"{base} {k}" for k in range(2, 10))) if n not in taken)
        return await self.bot.service.add_ai(game_id, user_id, level, name=name)

    async def start(self, interaction: discord.Interaction, game_id: int) -> None:
        """Start the game: close the lobby message, post the table."""
        service = self.bot.service
        # The start itself marks nothing told (in its own transaction): a Start refused because
        # the game began a moment ago leaves the mark alone.
        result = await service.start(game_id, interaction.user.id,
                                     is_admin=is_admin(interaction))
        mark_recorded()
        info = await service.get_game(game_id)
        await interaction.edit_original_response(**lobby_message(self.bot, info))
        names = ", ".join(seat_names(info))
        count = len(info.seats)
        await self.bot.tell_change(game_id, result, notice=lambda: "🎲 " + ngettext(
            "**{count} player takes their seat:** {names}. Good luck!",
            "**{count} players take their seats:** {names}. Good luck!", count).format(
                count=count, names=names))

    async def open_prompt(self, interaction: discord.Interaction, game_id: int) -> None:
        """Show the clicking player their private prompt."""
        await acknowledge(interaction, private_reply=True)
        service = self.bot.service
        try:
            info = await service.get_game(game_id)
            if info.status != "running":  # e.g. an abandoned game's table still has its button
                raise GameNotRunning(info.status)
            if info.seat_of(interaction.user.id) is None:
                await tell(interaction, _("You are not playing in this game — watch along, or "
                                          "start your own with `/game new` in another "
                                          "channel."))
                return
            pv = await service.get_view(game_id, interaction.user.id)
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        async with self.prompts.lock(game_id, interaction.user.id):
            if pv.decision is None:
                text = _("It is not your turn to decide.")
                waiting = ", ".join(seat_names(info)[w["seat"]] for w in pv.view["waiting_for"])
                if waiting:
                    text += " " + _("Waiting for {players}.").format(players=waiting)
                # What you hold is yours to see at any time (Emerald: your gold cards' values).
                header = presenter_for(info.kind).prompt_header(pv, seat_names(info))
                if header:
                    text = f"{header}\n{text}"
                view = None
            else:
                text, view = await prompt_message(self.bot, info, pv)
            message = await interaction.followup.send(text, view=view or discord.utils.MISSING,
                                                      ephemeral=True, wait=True)
            # It moves on by itself when the decision does (live_prompts).
            await self.prompts.shown_to(interaction, game_id,
                                        pv.decision.key if pv.decision else None, text, message,
                                        live=view is not None)

    async def pick(self, interaction: discord.Interaction, game_id: int, key: str,
                   index: int) -> None:
        """Submit option `index` of the decision `key`; show the player's next choice (an event
        card or Free Choice may need several) in the same prompt; refresh the table."""
        # Acknowledge first: the database may be busy, and AI seats move inside submit().
        await acknowledge(interaction)
        try:
            pv = await self._deciding(interaction, game_id, key)
            if pv is None:
                return
            options = pv.decision.options
            if index >= len(options):
                raise StaleDecision()
            if pv.decision.current == options[index].action:  # a double click
                raise DuplicateAction(options[index].label)
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        await self._submit(interaction, game_id, key, options[index])

    async def act(self, interaction: discord.Interaction, game_id: int, key: str,
                  action: Action, label: str) -> None:
        """Submit an action a game's own component names (a menu's choice), for the decision
        `key`; the engine checks it like any other (a forged one is refused, privately)."""
        await acknowledge(interaction)
        try:
            if await self._deciding(interaction, game_id, key) is None:
                return
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        await self._submit(interaction, game_id, key, Option(label=label, action=action))

    async def _deciding(self, interaction: discord.Interaction, game_id: int,
                        key: str) -> PlayerView | None:
        """The clicking member's view if `key` is their current decision (StaleDecision if
        not); None, after telling them, if they are not playing."""
        pv = await self.bot.service.get_view(game_id, interaction.user.id)
        if pv.seat is None:
            await tell(interaction, _("You are not playing in this game."))
            return None
        if pv.decision is None or pv.decision.key != key:
            raise StaleDecision()
        return pv

    async def _submit(self, interaction: discord.Interaction, game_id: int, key: str,
                      option: Option) -> None:
        """Submit `option` for the member; show their prompt as it is now; tell the table."""
        service, user = self.bot.service, interaction.user
        try:
            result = await service.submit(game_id, user.id, option.action, key)
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        mark_recorded()
        after = await service.get_view(game_id, user.id)
        info = await service.get_game(game_id)
        names, presenter = seat_names(info), presenter_for(info.kind)
        decision = after.decision
        follow_up = (decision is not None and decision.key != key
                     and decision.ui is not DecisionUI.SECRET)
        if decision is not None and decision.key == key:  # a choice that may still change
            content, view = await prompt_message(self.bot, info, after)
        elif follow_up:
            chosen = option_label(option, names, presenter.option_text)
            content, view = await prompt_message(self.bot, info, after)
            content = f"✅ {chosen}.\n" + content
        else:
            chosen = option_label(option, names, presenter.option_text)
            content, view = f"✅ {chosen}.", None
        if not from_private_message(interaction):
            # Clicked on a public copy (never one the bot offers): the answer goes to the member
            # alone, and the public message is not rewritten with their prompt.
            async with self.prompts.lock(game_id, user.id):
                sent = await interaction.followup.send(
                    content[:2000], ephemeral=True, wait=True,
                    **({"view": view} if view is not None else {}))
                # Followed like any prompt: the one shown before is retired.
                await self.prompts.shown_to(interaction, game_id,
                                            decision.key if decision else None,
                                            content[:2000], sent, live=view is not None)
            await self.bot.tell_change(game_id, result,
                                       prompted=user.id if follow_up else None)
            return
        async with self.prompts.lock(game_id, user.id):
            await edit_reply(interaction, content=content[:2000], view=view)
            # What it shows now: the next decision, or — after a "✅" — whatever the player
            # owes now (a new turn's choice comes with its own table button), so the prompt
            # moves on only when that changes (live_prompts).
            await self.prompts.shown_to(interaction, game_id,
                                        decision.key if decision else None, content[:2000],
                                        live=view is not None)
        await self.bot.tell_change(game_id, result, prompted=user.id if follow_up else None)

    async def room_pick(self, interaction: discord.Interaction, game_id: int, key: str,
                        index: int) -> None:
        """An option pressed on a room's prompt (accept, a raise, offer nothing)."""
        await acknowledge(interaction)  # the room's messages are rewritten by the publisher
        turn = await room_turn(self.bot, interaction, game_id, key)
        if turn is None:
            return
        decision = turn[0]
        if index >= len(decision.options):
            await tell(interaction, StaleDecision().message)
            return
        try:
            result = await self.bot.service.submit(game_id, interaction.user.id,
                                                   decision.options[index].action, key)
        except EngineError as exc:
            await tell(interaction, exc.message)
            return
        mark_recorded()
        await self.bot.tell_change(game_id, result)
