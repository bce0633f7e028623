"""Crash safety: SIGKILL a worker at random moments; nothing accepted is lost or applied twice."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from engine import get_kind
from engine.core.record import replay
from engine.service import GameService
from engine.service.simulate import play_to_end
from engine.store.query import fetch_all

WORKER = Path(__file__).with_name("crash_worker.py")
KILLS = 24
KIND = get_kind("esr")


def run_and_kill(db: Path, out: Path, seed: int, progress: int, delay: float) -> list[tuple]:
    """Start the worker; once it has reported `progress` accepted actions (0: once it opened
    the file), wait `delay` seconds more and SIGKILL it; its reports. Counting progress, not
    seconds, makes every kill land in play however fast the machine is."""
    with out.open("w") as sink:
        proc = subprocess.Popen([sys.executable, str(WORKER), str(db), str(seed)], stdout=sink,
                                stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while not _reported(out.read_text(), progress):
            assert proc.poll() is None, proc.stderr.read().decode()  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "worker made no progress"
            time.sleep(0.005)
        time.sleep(delay)
        assert proc.poll() is None, proc.stderr.read().decode()  # type: ignore[union-attr]
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stderr.close()  # type: ignore[union-attr]
    accepted = []
    for line in out.read_text().splitlines(keepends=True):
        # A line cut off by the kill has no newline; a reported line always does.
        if line.startswith("ACCEPTED ") and line.endswith("\n"):
            _, game, seq, seat, by, action = line.split(" ", 5)
            accepted.append((int(game), int(seq), int(seat), by, json.loads(action)))
    return accepted


def _reported(text: str, progress: int) -> bool:
    """The worker is ready and has reported at least `progress` accepted actions."""
    return "READY" in text and text.count("\nACCEPTED ") >= progress


async def test_killed_workers_lose_nothing_and_apply_nothing_twice(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    rng = random.Random(2024)
    reported: list[tuple] = []
    for kill in range(KILLS):
        # Mostly mid-play; some right after opening, during resume and AI catch-up.
        if kill % 4 == 0:
            progress, delay = 0, rng.choice([0.0, 0.01, 0.05])
        else:
            progress, delay = rng.randint(5, 40), rng.uniform(0.0, 0.05)
        reported += run_and_kill(db, tmp_path / f"run{kill}.out", kill, progress, delay)
    assert len(reported) > 200, "the worker made too little progress to test anything"

    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()

    async with await GameService.open(db) as service:
        await _check_every_game(service, reported)
        running = await service.resume()
        assert running, "expected games still running after the last kill"
        for info in running:
            await play_to_end(service, info.id, random.Random(info.id))
            assert (await service.get_game(info.id)).status == "finished"
        assert await service.running_games() == []


async def _check_every_game(service: GameService, reported: list[tuple]) -> None:
    """Each game's loaded state equals the replay of its log; every reported action is there."""
    async with service.db.read() as conn:
        game_ids = [r[0] for r in await fetch_all(conn,
                                                  "SELECT id FROM games WHERE status != 'lobby'")]
    logs = {}
    for game_id in game_ids:
        info = await service.get_game(game_id)
        log = await service.action_log(game_id)
        assert [r.seq for r in log] == list(range(1, info.version + 1)), game_id
        # The worker never changes a choice, so one row per decision: nothing applied twice.
        repeats = Counter((r.seat, r.decision_key) for r in log)
        assert max(repeats.values(), default=1) == 1, game_id
        record = await service.export_record(game_id)
        assert await service.state_json(game_id) == KIND.dump(replay(record)[0]), game_id
        logs[game_id] = {r.seq: (r.seat, r.by, r.action) for r in log}
    for game_id, seq, seat, by, action in reported:
        assert logs[game_id].get(seq) == (seat, by, action), (game_id, seq)
