"""Crash safety with two processes on one PostgreSQL: one is SIGKILLed again and again, the
other takes its shard over once the lease lapses and hands it back to the restarted one.
Nothing acknowledged is lost, nothing is applied twice, and every game goes on."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from engine.service import GameService
from engine.service.simulate import play_to_end
from tests.engine.service.test_service_crash import _check_every_game
from tests.postgres import fresh_database, postgres_url

__all__ = ["postgres_url"]

REPO = Path(__file__).resolve().parents[3]
KILLS = 20
LEASE = 0.6  # seconds: short, so a take-over comes quickly


class Worker:
    """One shard_worker.py process and what it printed."""

    def __init__(self, url: str, seed: int, shards: str, out: Path) -> None:
        self.out = out
        self._sink = out.open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.engine.service.shard_worker", url, str(seed), shards,
             str(LEASE)], cwd=REPO, stdout=self._sink, stderr=subprocess.PIPE)

    def lines(self) -> list[str]:
        """Every complete line so far (one cut off by a kill has no newline)."""
        return [line for line in self.out.read_text().splitlines(keepends=True)
                if line.endswith("\n")]

    def count(self, prefix: str) -> int:
        """How many lines start with `prefix`."""
        return sum(line.startswith(prefix) for line in self.lines())

    def wait_for(self, prefix: str, count: int, timeout: float = 180) -> None:
        """Wait until `count` lines start with `prefix` (generous: on two cores shared with the
        rest of the suite, a worker once needed over 60 s for 16 moves)."""
        deadline = time.monotonic() + timeout
        while self.count(prefix) < count:
            assert self.proc.poll() is None, self.proc.stderr.read().decode()  # type: ignore
            assert time.monotonic() < deadline, f"no {count}× {prefix!r} in {self.out.name}"
            time.sleep(0.005)

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.proc.stderr.close()  # type: ignore[union-attr]
        self._sink.close()

    def accepted(self) -> list[tuple]:
        """The actions it reported as committed."""
        found = []
        for line in self.lines():
            if line.startswith("ACCEPTED "):
                _, game, seq, seat, by, action = line.split(" ", 5)
                found.append((int(game), int(seq), int(seat), by, json.loads(action)))
        return found


async def test_a_killed_process_loses_nothing_and_its_shard_is_taken_over(
        tmp_path: Path, postgres_url: str) -> None:
    url = await fresh_database(postgres_url)
    rng = random.Random(25)
    first = Worker(url, 0, "0", tmp_path / "first0.out")
    first.wait_for("GAINED 0", 1)
    standby = Worker(url, 1, "0,1", tmp_path / "standby.out")  # shard 1, and 0 when it is free
    standby.wait_for("GAINED 1", 1)
    done: list[Worker] = []
    takeovers: list[float] = []  # seconds from a kill to the standby holding shard 0
    for kill in range(KILLS):
        # Some kills right after the lease is taken (resume, AI catch-up), most mid-play.
        first.wait_for("ACCEPTED ", 0 if kill % 4 == 0 else rng.randint(3, 25))
        time.sleep(rng.uniform(0.0, 0.03))
        first.kill()
        killed = time.monotonic()
        done.append(first)
        standby.wait_for("GAINED 0", kill + 1)  # the lease lapsed: the standby takes over
        takeovers.append(time.monotonic() - killed)
        progress = standby.count("ACCEPTED ")
        standby.wait_for("ACCEPTED ", progress + 5)
        standby.proc.send_signal(signal.SIGUSR1)  # hand shard 0 back ...
        standby.wait_for("RELEASED 0", kill + 1)
        first = Worker(url, kill + 100, "0", tmp_path / f"first{kill + 1}.out")
        first.wait_for("GAINED 0", 1)  # ... to the restarted process
        standby.proc.send_signal(signal.SIGUSR2)
        standby.wait_for("WANT 0", kill + 1)
    first.kill()
    standby.kill()
    reported = [a for worker in (*done, first, standby) for a in worker.accepted()]
    assert len(reported) > 200, "the workers made too little progress to test anything"
    assert not any("LOST" in line for line in standby.lines()), "the standby never lost 1"
    takeovers.sort()
    print(f"{KILLS} kills, {len(reported)} acknowledged actions; take-over after a kill: "
          f"median {takeovers[KILLS // 2]:.2f} s, max {takeovers[-1]:.2f} s (lease {LEASE} s)")

    async with await GameService.open(url) as service:
        await _check_every_game(service, reported)
        running = await service.resume()
        assert {info.guild_id for info in running} == {5, (1 << 22) + 5}
        for info in running:
            await play_to_end(service, info.id, random.Random(info.id))
        assert await service.running_games() == []
