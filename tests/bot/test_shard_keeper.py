"""The bot's shard leases: renewed, a shard gained is taken over once, and a shutdown gives
the leases up so the next process need not wait for them to lapse."""

from __future__ import annotations

from pathlib import Path

from bot.core.shards import ShardKeeper
from engine.service import GameService


async def test_a_shard_freed_by_another_process_is_taken_over_once(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    first, second = await GameService.open(path), await GameService.open(path)
    taken: list[str] = []

    async def take_over() -> None:
        taken.append("resumed")

    try:
        first.use_shards([0], 1)
        await first.renew_shards()
        second.use_shards([0], 1)
        keeper = ShardKeeper(lambda: second, take_over)
        assert (await keeper.renew()).gained == set() and taken == []
        await first.release_shards()  # the first process shut down cleanly
        assert (await keeper.renew()).gained == {0} and taken == ["resumed"]
        assert (await keeper.renew()).gained == set() and taken == ["resumed"]
        await keeper.stop()
        first.want_shards([0])  # it gave shard 0 up above, and so stopped wanting it
        assert (await first.renew_shards()).gained == {0}  # at once: no lease to wait out
    finally:
        await first.close()
        await second.close()
