"""The service's shared machinery: per-game locks, the state cache, apply and commit."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.catalog import _
from engine.core.errors import EngineError, IllegalAction
from engine.core.game import CLOCK, Action, DecisionUI, GameEvent
from engine.ratings.ended import rate_ended
from engine.service import ai
from engine.service.ai_pool import AiPool
from engine.service.deadlines import plan_deadlines
from engine.service.errors import ConcurrentWrite, GameDamaged, GameNotFound, GameNotRunning
from engine.service.live import LiveGame, assemble
from engine.service.models import AcceptedAction
from engine.store import damaged, log
from engine.store.connect import Store
from engine.store.errors import INTEGRITY_ERRORS
from engine.store.models import By
from engine.store.replay import read_game

Clock = Callable[[], float]
logger = logging.getLogger("juwelier.service")
_MAX_AI_MOVES = 10_000  # a guard against a policy that never lets the game move on


@dataclass
class Move:
    """One applied action not yet committed: by whom, answering what, and the state after it."""

    seat: int
    action: Action
    by: By
    key: str
    state: Any
    events: list[GameEvent]


def _state_after(live: LiveGame, moves: Sequence[Move]) -> Any:
    """The game's state once `moves` (applied, not yet committed) are played."""
    return moves[-1].state if moves else live.state


class ServiceCore:
    """State shared by the service's parts; holds no Discord types, never sleeps."""

    def __init__(self, db: Store, *, clock: Clock = time.time, snapshot_every: int = 32,
                 auto_ai: bool = True, autopilot_level: str = ai.DEFAULT_LEVEL,
                 max_open_per_user: int | None = None, ai_pool: AiPool | None = None) -> None:
        self._db = db
        # Searching AI decisions run in these worker processes (None: on a thread).
        self.ai_pool = ai_pool
        # Open lobbies and running games one user may sit in per guild (None: no limit).
        self._max_open_per_user = max_open_per_user
        self._clock = clock
        self._snapshot_every = max(1, snapshot_every)
        self._auto_ai = auto_ai
        self._autopilot_level = autopilot_level
        self._cache: dict[int, LiveGame] = {}
        self._damaged: set[int] = set()  # games whose stored state cannot be rebuilt
        # A game's lock lives while someone holds or waits for it, then goes: memory stays
        # bounded by the games in play, not by every game ever touched.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = \
            weakref.WeakValueDictionary()

    @property
    def db(self) -> Store:
        """The underlying database."""
        return self._db

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def _owned(self, alias: str = "g") -> str:
        """A query condition on the game `alias`: it belongs to this process (always true
        without shards; see engine/service/shards.py)."""
        fence = self._db.fence
        return "TRUE" if fence is None else fence.sql(alias)

    def _forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    async def _mark_damaged(self, game_id: int, exc: BaseException) -> None:
        """Keep a game whose state cannot be rebuilt apart: logged, stored, no deadlines."""
        logger.error("game #%s is damaged and cannot be loaded: %r", game_id, exc)
        self._damaged.add(game_id)
        self._forget(game_id)
        async with self._db.transaction(game=game_id) as conn:
            await damaged.mark_damaged(conn, game_id, repr(exc), self._clock())

    def bookkeeping(self) -> dict[str, int]:
        """How many games the service keeps something for in memory (cached, locked)."""
        return {"service.cache": len(self._cache), "service.locks": len(self._locks)}

    def _committed(self, game_id: int) -> LiveGame | None:
        """The cached running game, for reads that take neither the game's nor the file's lock.

        The cache is never behind the file: a change to a cached game's rows (version, status,
        seats, deadlines, messages) is copied into it in the same event-loop step as its COMMIT
        returns (_commit, set_autopilot, set_message, forget_message); abandon drops the game
        before its COMMIT, and a write that fails drops it before any other task can read the
        file again. So this sees every change this service committed. A change by another
        process on the same file is noticed only when this service next writes that game
        (ConcurrentWrite), as for every read of the cache.
        """
        live = self._cache.get(game_id)
        return live if live is not None and live.info.status == "running" else None

    async def _live(self, game_id: int) -> LiveGame:
        """The started game, from the cache or rebuilt from the file; call under its lock."""
        live = self._cache.get(game_id)
        if live is not None:
            return live
        if game_id in self._damaged:
            raise GameDamaged(game_id)
        async with self._db.read(consistent=True) as conn:
            rows = await read_game(conn, game_id)
        if rows is None:
            raise GameNotFound(game_id)
        if rows[0].status == "lobby":
            raise GameNotRunning("lobby")
        try:
            live = assemble(*rows)
        except Exception as exc:
            if rows[0].status != "running":
                raise
            await self._mark_damaged(game_id, exc)
            raise GameDamaged(game_id) from exc
        if live.info.status == "running":
            # Ended games are rebuilt on demand instead: they are rarely read and never change.
            self._cache[game_id] = live
        return live

    async def _running(self, game_id: int) -> LiveGame:
        live = await self._live(game_id)
        if live.info.status != "running":
            raise GameNotRunning(live.info.status)
        return live

    @staticmethod
    def _apply(live: LiveGame, seat: int, action: Any, after: Sequence[Move] = (), *,
               by: By = "player", key: str = "") -> Move:
        """Apply to a copy of the state (after the moves `after`, not yet committed); returns
        the move with the action exactly as it will be logged and replayed."""
        if not isinstance(action, dict):
            raise IllegalAction(_("That is not an action this game understands."))
        try:
            # Apply the JSON form, so the live state is exactly what a replay of the log gives.
            logged = json.loads(json.dumps(action))
        except (TypeError, ValueError):
            raise IllegalAction(_("That action cannot be recorded.")) from None
        try:
            state, events = live.kind.apply(_state_after(live, after), seat, logged)
        except EngineError:
            raise
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise IllegalAction(_("That action is not valid here.")) from exc
        return Move(seat=seat, action=logged, by=by, key=key, state=state, events=events)

    async def _commit(self, live: LiveGame, moves: Sequence[Move]) -> list[AcceptedAction]:
        """Log applied moves in one transaction; the cache moves on only after COMMIT.

        One transaction, so one disk sync however many AI moves follow a player's: the sync
        is what a click waits for longest, and its rare stalls on a busy disk hit every click
        queued behind it."""
        if not moves:
            return []
        kind, game_id = live.kind, live.id
        first, now = live.version + 1, self._clock()
        last, final = first + len(moves) - 1, moves[-1].state
        over = kind.is_over(final)
        results = kind.results(final) if over else None
        deadlines = {} if over else plan_deadlines(
            game_id, kind, final, live.deadlines, live.deadline_settings, now,
            self._robots(live), live.ai_levels(), {move.seat for move in moves})
        try:
            # The last move rates the game in the same write: serial, as one member's rating
            # changes in one game at a time.
            async with self._db.transaction(game=game_id, serial=over) as conn:
                for seq, move in enumerate(moves, first):
                    try:
                        await log.append_action(conn, game_id, seq, seat=move.seat,
                                                action=move.action, by=move.by,
                                                decision_key=move.key, now=now)
                    except INTEGRITY_ERRORS as exc:
                        # Another process appended to this log: our cached state is out of date.
                        raise ConcurrentWrite() from exc
                    if (over and seq == last) or seq % self._snapshot_every == 0:
                        await log.save_snapshot(conn, game_id, seq, kind.dump(move.state))
                moved = await log.advance_game(
                    conn, game_id, last, now, status="finished" if over else "running",
                    tiebreak=results.tiebreak if results else None, moves=len(moves))
                if not moved:
                    raise ConcurrentWrite()
                if results is not None:
                    await log.write_results(conn, game_id, results)
                    await rate_ended(conn, game_id)
                if deadlines != live.deadlines:
                    await log.replace_deadlines(conn, game_id, deadlines.values())
        except BaseException:
            # Whether or not the COMMIT reached the file, the file is the truth: reload from it.
            self._forget(game_id)
            raise
        live.state, live.deadlines = final, deadlines
        live.info.version, live.info.updated_at = last, now
        if over:
            live.info.status, live.info.finished_at = "finished", now
            live.info.tiebreak = results.tiebreak if results else None
            self._forget(game_id)
        return [AcceptedAction(seq=seq, seat=move.seat, action=move.action, by=move.by,
                               decision_key=move.key, events=move.events)
                for seq, move in enumerate(moves, first)]

    async def _upgrade_rules(self, live: LiveGame) -> None:
        """Move a running game set up under an older rules revision onto today's: the game's
        own action (GameKind.upgrade), logged as the clock's so its log replays exactly as it
        was played; its events are told like any move's. A failure leaves it for the next
        start, under the rules it was following."""
        action = live.kind.upgrade(live.state)
        if action is None:
            return
        try:
            await self._commit(live, [self._apply(live, CLOCK, action, by="clock", key="rules")])
        except Exception:
            logger.exception("game #%s could not move onto today's rules", live.id)

    def _robots(self, live: LiveGame) -> dict[int, tuple[str, By]]:
        """Seats the service answers for at once: AI seats, and humans on autopilot."""
        robots: dict[int, tuple[str, By]] = {
            seat: (self._autopilot_level, "autopilot") for seat in live.autopilot_seats()}
        robots.update((seat, (level, "ai")) for seat, level in live.ai_levels().items())
        return robots

    def _seat_levels(self, live: LiveGame) -> list[str | None]:
        """Each seat's public level as a policy may know it: the AI's (or autopilot's) level,
        None for a person choosing themselves."""
        robots = self._robots(live)
        return [robots[seat][0] if seat in robots else None for seat in range(len(live.info.seats))]

    async def _robot_moves(self, live: LiveGame, moves: list[Move],
                           defer_searching: bool = False) -> list[Move]:
        """Append to `moves` every move AI and autopilot seats owe after them (applied, not
        committed). Call under the game's lock; on an error, `moves` keeps those made before.
        `defer_searching`: stop before a searching level's move; it stays owed (its deadline
        is due at once), and the front end's timer plays it after answering the click.

        Autopilot moves are marked by='autopilot'.
        """
        robots = self._robots(live)
        for _round in range(_MAX_AI_MOVES):
            state = _state_after(live, moves)
            if live.kind.is_over(state):
                break
            # A pool decision is never the autopilot's (the clock closes the round as picked),
            # and an AI seat answers it after its think time, through overdue() and act_for.
            owed = [d for d in live.kind.pending(state)
                    if d.player in robots and d.ui is not DecisionUI.POOL]
            if not owed:
                break
            decision = owed[0]
            level, by = robots[decision.player]
            if defer_searching and ai.searches(ai.get_policy(level) or ai.random_policy):
                break
            moves.append(await self._choose(live, moves, decision.player, decision, level, by))
        return moves

    async def _choose(self, live: LiveGame, after: Sequence[Move], seat: int, decision: Any,
                      level: str, by: By) -> Move:
        """Answer `decision` for `seat` with the policy `level` (random as the fallback)."""
        state = _state_after(live, after)
        rng = ai.ai_rng(live.seed, live.version + len(after), seat)
        policy = ai.get_policy(level) or ai.random_policy
        chosen = functools.partial(policy, live.kind, state, decision, rng)
        levels = tuple(self._seat_levels(live))
        try:
            if ai.searches(policy) and self.ai_pool is not None:
                # In a worker process: the event loop answers other games' clicks meanwhile,
                # and the game's lock keeps this game's state as it is.
                action = await self.ai_pool.choose(live.kind.name, level, state, decision, rng,
                                                   levels)
            else:
                with ai.seated(levels):
                    # On a thread a search still lets the loop run, between its GIL slices.
                    action = await asyncio.to_thread(chosen) if ai.searches(policy) \
                        else chosen()
            return self._apply(live, seat, action, after, by=by, key=decision.key)
        except IllegalAction:
            logger.warning("AI level %r played an illegal move in game #%s; playing randomly",
                           level, live.id)
            return self._apply(live, seat, ai.random_policy(live.kind, state, decision, rng),
                               after, by=by, key=decision.key)

    async def _robot_moves_safely(self, live: LiveGame, moves: list[Move],
                                  click: bool = False) -> list[Move]:
        """AI moves after a player's; a failure must not look like theirs did. `click`: a
        player waits for the answer, so with an AI worker pool the searching moves are left
        for the timer (see _robot_moves): the player is answered in milliseconds."""
        if not self._auto_ai:
            return moves
        try:
            await self._robot_moves(live, moves,
                                    defer_searching=click and self.ai_pool is not None)
        except Exception:
            # The AI's deadline row is due at once, so overdue() offers the move again.
            logger.exception("AI moves failed in game #%s; they stay overdue", live.id)
        return moves

    async def _play_ai_safely(self, live: LiveGame, click: bool = False
                              ) -> list[AcceptedAction]:
        """Commit the moves AI seats owe now (none, if they fail: they stay overdue)."""
        moves = await self._robot_moves_safely(live, [], click=click)
        try:
            return await self._commit(live, moves)
        except Exception:
            logger.exception("AI moves failed in game #%s; they stay overdue", live.id)
            return []
