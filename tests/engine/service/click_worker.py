"""One click from a process of its own: `python -m tests.engine.service.click_worker DATABASE
GAME USER KEY OPTION`. Opens the service and loads the game, prints READY, waits for a line on
stdin (so every process clicks at the same moment), submits the decision's option OPTION and
prints ACCEPTED or REFUSED <error>."""

from __future__ import annotations

import asyncio
import sys

from engine.service import GameService, ServiceError


async def main(database: str, game_id: int, user: int, key: str, option: int) -> None:
    """Load, wait for the go, click once."""
    async with await GameService.open(database) as service:
        await service.resume()
        [decision] = [d for d in await service.pending(game_id) if d.key == key][:1]
        print("READY", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        try:
            await service.submit(game_id, user, decision.options[option].action, key)
        except ServiceError as exc:
            print(f"REFUSED {type(exc).__name__}", flush=True)
        else:
            print("ACCEPTED", flush=True)


if __name__ == "__main__":
    database, game, user, key, option = sys.argv[1:6]
    asyncio.run(main(database, int(game), int(user), key, int(option)))
