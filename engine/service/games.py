"""Playing: submit an action against the prompt the player saw, and abandon a game."""

from __future__ import annotations

from typing import Any

from engine.core.catalog import N_
from engine.core.game import Action, Decision
from engine.ratings.ended import rate_ended
from engine.service.base import ServiceCore
from engine.service.errors import (
    DuplicateAction,
    GameNotFound,
    GameNotRunning,
    NotHost,
    NotSeated,
    StaleDecision,
    WrongTurn,
)
from engine.service.live import LiveGame
from engine.service.models import SubmitResult
from engine.store import games as rows
from engine.store.models import GameInfo, UserId


class PlayOps(ServiceCore):
    """Moves and the end of a game."""

    async def submit(self, game_id: int, user_id: UserId, action: Action,
                     expected_key: str) -> SubmitResult:
        """Apply and commit one action; `expected_key` is the Decision.key the player answered.

        Raises GameNotFound, GameNotRunning, NotSeated, WrongTurn, StaleDecision,
        DuplicateAction or IllegalAction, in every case writing nothing. On success the action
        (and any AI moves it led to) is committed to the file before this returns.
        """
        async with self._lock(game_id):
            live = await self._running(game_id)
            seat = live.seat_index(user_id)
            if seat is None:
                raise NotSeated()
            decision = _current_decision(live, seat, expected_key)
            move = self._apply(live, seat, action, key=decision.key)
            if decision.current is not None:
                _refuse_unchanged_choice(live, seat, decision, move.state)
            # The AI moves it leads to are committed with it: one disk sync for the click.
            accepted = await self._commit(live, await self._robot_moves_safely(live, [move],
                                                                               click=True))
            return SubmitResult(game_id=game_id, version=live.version, status=live.info.status,
                                accepted=accepted, events=[e for a in accepted for e in a.events])

    async def abandon(self, game_id: int, by_user: UserId, *, is_admin: bool = False) -> GameInfo:
        """End a lobby or running game without a result (host or admin); frees the channel."""
        async with self._lock(game_id), \
                self._db.transaction(game=game_id, serial=True) as conn:  # it may rate
            info = await rows.fetch_game(conn, game_id)
            if info is None:
                raise GameNotFound(game_id)
            if not info.is_open:
                raise GameNotRunning(info.status)
            if not is_admin and info.host_id != by_user:
                raise NotHost(N_("Only the host can abandon the game."))
            await rows.mark_ended(conn, game_id, "abandoned", self._clock())
            await rate_ended(conn, game_id, abandoned_by=by_user)
            ended = await rows.fetch_game(conn, game_id)
            # Dropped before the COMMIT: from here on reads go to the file, which waits for it.
            self._forget(game_id)
            self._damaged.discard(game_id)
        return ended  # type: ignore[return-value]


def _current_decision(live: LiveGame, seat: int, expected_key: str) -> Decision:
    """The seat's decision if `expected_key` is still its current one, else the right error."""
    decision = live.kind.decision_for(live.state, seat)
    if decision is not None and decision.key == expected_key:
        return decision
    pending = live.kind.pending(live.state)
    if decision is None and any(d.key == expected_key for d in pending):
        # The prompt is live, but someone else's (a button on the shared table message).
        raise WrongTurn([live.name(d.player) for d in pending])
    raise StaleDecision()


def _refuse_unchanged_choice(live: LiveGame, seat: int, before: Decision, state: Any) -> None:
    """A changeable choice resent unchanged is a double click, not a second action."""
    after = live.kind.decision_for(state, seat)
    if after is not None and after.key == before.key and after.current == before.current:
        label = next((o.label for o in before.options if o.action == before.current), None)
        raise DuplicateAction(label)
