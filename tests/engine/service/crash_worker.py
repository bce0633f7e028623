"""Crash-test worker: plays random games through the service until it is killed.

Run as `python crash_worker.py DB_PATH SEED`. It prints `READY` once the file is open, then
`ACCEPTED <game_id> <seq> <seat> <by> <action JSON>` (flushed) for every action only after the
service has returned it as committed. The parent kills it with SIGKILL at random moments.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys

from engine.service import GameService, ServiceError, SubmitResult

GUILD = 1
CHANNELS = range(1, 7)


def report(result: SubmitResult | None) -> None:
    """Print every committed action of a result."""
    if result is None:
        return
    for a in result.accepted:
        action = json.dumps(a.action, sort_keys=True, separators=(",", ":"))
        print(f"ACCEPTED {result.game_id} {a.seq} {a.seat} {a.by} {action}", flush=True)


async def ensure_game(service: GameService, channel: int, rng: random.Random) -> int:
    """The running game in a channel, creating and starting one if needed."""
    info = await service.game_in_channel(GUILD, channel)
    if info is None:
        info = await service.create_lobby(GUILD, channel, 1, "P1", seed=rng.getrandbits(62))
    if info.status == "lobby":
        humans = 2 + channel % 3
        for user in range(2, humans + 1):
            if info.seat_of(user) is None:
                info = await service.join(info.id, user, f"P{user}")
        if len(info.seats) < 3 + channel % 2:
            info = await service.add_ai(info.id, 1)
        report(await service.start(info.id, 1))
    return info.id


def orphaned(parent: int) -> bool:
    """Whether the test that started this worker is gone (a killed run must not leave it
    playing for ever): the worker's parent has changed."""
    return os.getppid() != parent


async def main(path: str, seed: int) -> None:
    """Play until killed, or until the test that started it is gone."""
    parent = os.getppid()
    rng = random.Random(seed)
    service = await GameService.open(path, snapshot_every=8)
    print("READY", flush=True)
    await service.resume()
    moves = 0
    while not orphaned(parent):
        game_id = await ensure_game(service, rng.choice(CHANNELS), rng)
        info = await service.get_game(game_id)
        pending = await service.pending(game_id)
        humans = [d for d in pending if not info.seats[d.player].is_ai]
        if not humans:
            report(await service.play_ai_turns(game_id))
            continue
        decision = rng.choice(humans)
        user = info.seats[decision.player].user_id
        moves += 1
        try:
            if moves % 10 == 0:
                # The autopilot path, as a front end would take it for an absent player.
                report(await service.act_for(game_id, decision.player, decision.key))
                continue
            suggestion = await service.suggest(game_id, user, rng)
            if suggestion is not None:
                report(await service.submit(game_id, user, suggestion[1], suggestion[0].key))
        except ServiceError as exc:
            print(f"REFUSED {game_id} {type(exc).__name__}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
