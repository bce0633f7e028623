"""Front-end messages remembered per game: the table, a negotiation thread, a lobby, and each
player's open private prompt."""

from __future__ import annotations

from collections.abc import Iterable

from engine.service.base import ServiceCore
from engine.service.errors import GameNotFound
from engine.store import games as rows
from engine.store import prefs, stats
from engine.store.models import MessageRef


class MessageOps(ServiceCore):
    """Names for a front end's messages; a running game's are kept with its cached state."""

    async def set_message(self, game_id: int, name: str, channel_id: int,
                          message_id: int) -> None:
        """Remember a front-end message (the table, a negotiation thread) under a name."""
        ref = MessageRef(name=name, channel_id=channel_id, message_id=message_id)
        known = self._committed(game_id) is not None  # games are never deleted: no need to look
        try:
            # Not synced at once: only a power cut before the next synced commit loses it; the
            # bot then posts a new table (as for one someone deleted) and a negotiation goes
            # on through the private prompts. No player's move depends on it.
            async with self._db.transaction(durable=False, game=game_id) as conn:
                if not known and await rows.fetch_game(conn, game_id) is None:
                    raise GameNotFound(game_id)
                await stats.set_message(conn, game_id, ref)
        except BaseException:
            self._forget(game_id)  # the file is the truth, whether or not it committed
            raise
        # In the same step as the COMMIT returned (see ServiceCore._committed).
        live = self._committed(game_id)
        if live is not None:
            live.messages[name] = ref

    async def get_messages(self, game_id: int) -> dict[str, MessageRef]:
        """The remembered messages of a game, by name."""
        live = self._committed(game_id)
        if live is not None:
            return {name: live.messages[name].model_copy() for name in sorted(live.messages)}
        async with self._db.read() as conn:
            return await stats.get_messages(conn, game_id)

    async def forget_message(self, game_id: int, name: str) -> None:
        """Forget a remembered message (e.g. a closed negotiation thread)."""
        await self.update_messages(game_id, forget=[name])

    async def update_messages(self, game_id: int, remember: Iterable[MessageRef] = (),
                              forget: Iterable[str] = ()) -> None:
        """Remember some messages and forget others in one (unsynced) write: e.g. a new live
        message's id and the end of the intent to post it."""
        remember, forget = list(remember), list(forget)
        try:
            async with self._db.transaction(durable=False, game=game_id) as conn:
                for ref in remember:
                    await stats.set_message(conn, game_id, ref)
                for name in forget:
                    await stats.delete_message(conn, game_id, name)
        except BaseException:
            self._forget(game_id)
            raise
        live = self._committed(game_id)
        if live is not None:
            for ref in remember:
                live.messages[ref.name] = ref
            for name in forget:
                live.messages.pop(name, None)

    async def remember_prompt(self, game_id: int, user_id: int, handle: str) -> None:
        """Remember how a front end edits the private prompt a player has open in a game (an
        opaque text, replacing the one before)."""
        # Unsynced, as a message's name: a power cut loses at most a handle, and a prompt the
        # bot cannot find again only keeps its buttons (refused once its decision is over).
        async with self._db.transaction(durable=False, game=game_id) as conn:
            await prefs.set_meta(conn, _prompt_key(game_id, user_id), handle)

    async def forget_prompt(self, game_id: int, user_id: int) -> None:
        """Forget a player's open prompt (retired, or its game is over)."""
        async with self._db.transaction(durable=False, game=game_id) as conn:
            await prefs.delete_meta(conn, _prompt_key(game_id, user_id))

    async def prompt_handles(self, game_id: int) -> dict[int, str]:
        """The open prompts remembered for a game, by player."""
        prefix = _prompt_key(game_id, None)
        async with self._db.read() as conn:
            found = await prefs.metas_under(conn, prefix)
        return {int(key[len(prefix):]): value for key, value in found.items()}


def _prompt_key(game_id: int, user_id: int | None) -> str:
    return f"prompt:{game_id}:{'' if user_id is None else user_id}"
