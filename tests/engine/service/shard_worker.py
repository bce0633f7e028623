"""Crash-test worker for several processes on one PostgreSQL: plays random games of the guilds
on the shards it holds, until it is killed.

Run as `python shard_worker.py URL SEED SHARDS LEASE_SECONDS` (SHARDS like `0` or `0,1`, of 2).
Besides crash_worker.py's `READY`, `ACCEPTED …` and `REFUSED …` lines it prints `GAINED s` and
`LOST s` when a renewal changes what it holds. SIGUSR1 hands shard 0 over (`RELEASED 0`), SIGUSR2
makes it want shard 0 again (`WANT 0`): the parent moves shard 0 back to a restarted process.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import time

from engine.service import GameService, ServiceError
from engine.store.errors import StoreError
from tests.engine.service.crash_worker import orphaned, report

SHARD_COUNT = 2
GUILDS = (5, (1 << 22) + 5)  # on shards 0 and 1
CHANNELS = range(1, 4)


async def ensure_game(service: GameService, guild: int, channel: int,
                      rng: random.Random) -> int:
    """The running game in a channel of the guild, creating and starting one if needed."""
    info = await service.game_in_channel(guild, channel)
    if info is None:
        info = await service.create_lobby(guild, channel, 1, "P1", seed=rng.getrandbits(62))
    if info.status == "lobby":
        for user in (2, 3):
            if info.seat_of(user) is None:
                info = await service.join(info.id, user, f"P{user}")
        report(await service.start(info.id, 1))
    return info.id


async def play_one(service: GameService, guild: int, rng: random.Random) -> None:
    """One random move (or the AI's turns) in a random game of the guild."""
    game_id = await ensure_game(service, guild, rng.choice(CHANNELS), rng)
    info = await service.get_game(game_id)
    humans = [d for d in await service.pending(game_id) if not info.seats[d.player].is_ai]
    if not humans:
        report(await service.play_ai_turns(game_id))
        return
    decision = rng.choice(humans)
    user = info.seats[decision.player].user_id
    suggestion = await service.suggest(game_id, user, rng)
    if suggestion is not None:
        report(await service.submit(game_id, user, suggestion[1], suggestion[0].key))


async def main(url: str, seed: int, shards: list[int], lease: float) -> None:
    """Hold leases, play the owned guilds' games, and answer the parent's signals."""
    parent = os.getppid()
    rng = random.Random(seed)
    service = await GameService.open(url, snapshot_every=8)
    service.use_shards(shards, SHARD_COUNT, lease_seconds=lease)
    asked: list[int] = []
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, asked.append, signal.SIGUSR1)
    loop.add_signal_handler(signal.SIGUSR2, asked.append, signal.SIGUSR2)
    print("READY", flush=True)
    renew_at = 0.0
    while not orphaned(parent):
        while asked:
            if asked.pop(0) == signal.SIGUSR1:
                await service.release_shards([0])
                print("RELEASED 0", flush=True)
            else:
                service.want_shards([0])
                print("WANT 0", flush=True)
        if time.monotonic() >= renew_at:
            renew_at = time.monotonic() + lease / 3
            change = await service.renew_shards()
            for shard in sorted(change.gained):
                await service.resume()
                print(f"GAINED {shard}", flush=True)
            for shard in sorted(change.lost):
                print(f"LOST {shard}", flush=True)
        owned = [g for g in GUILDS if service.owns(g)]
        if not owned:
            await asyncio.sleep(lease / 10)
            continue
        guild = rng.choice(owned)
        try:
            await play_one(service, guild, rng)
        except (ServiceError, StoreError) as exc:
            print(f"REFUSED {guild} {type(exc).__name__}", flush=True)
        await asyncio.sleep(0)  # let a signal's handler run


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]),
                     [int(s) for s in sys.argv[3].split(",")], float(sys.argv[4])))
