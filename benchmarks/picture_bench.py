"""What drawing Emerald's board picture costs: the CPU time of `board_png` (layout, drawing and
PNG encoding) for states along random games at every player count, and the PNG's size.

Run: python -m benchmarks.picture_bench [--games N] [--every K]; writes
benchmarks/results/emerald_picture.json. Each drawing is timed with process_time (CPU, not wall
time: the machine is shared); the first drawing of a run is left out (it loads the fonts), and
the cache of drawn boards is cleared before each, so every figure is a whole drawing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path
from typing import Any

from benchmarks.report import print_table, save
from bot.games.emerald.picture import _drawn, board_png
from engine import get_kind

RESULTS = Path(__file__).resolve().parent / "results" / "emerald_picture.json"
NAMES = ["ann", "Bjørn Jürgensen", "cy", "Dorothea von Edelstein", "eve"]


def drawings(players: int, games: int, every: int) -> dict[str, Any]:
    """Draw every `every`-th state of `games` random games (seeds 0..games-1)."""
    kind = get_kind("emerald")
    board_png(kind.view(kind.new_game(0, players)[0], None), NAMES[:players])  # fonts loaded
    cpu, sizes = [], []
    for seed in range(games):
        state, _ = kind.new_game(seed, players)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % every == 0 or kind.is_over(state):
                view = kind.view(state, None)
                _drawn.cache_clear()  # the full cost: a board already drawn is reused
                started = time.process_time()
                data = board_png(view, NAMES[:players])
                cpu.append(time.process_time() - started)
                sizes.append(len(data))
            if kind.is_over(state):
                break
            decision = kind.next_decision(state)
            state, _ = kind.advance(state, decision.player,
                                    kind.sample_action(state, decision, rng), quiet=True)
            step += 1
    return {"players": players, "games": games, "seeds": f"0..{games - 1}",
            "drawings": len(cpu), "median_ms": round(1000 * statistics.median(cpu), 1),
            "max_ms": round(1000 * max(cpu), 1),
            "median_kb": round(statistics.median(sizes) / 1000, 1)}


def loop_seconds() -> float:
    """CPU seconds of an empty 10-million-step loop: how fast the machine is during the run
    (about 0.6 s when this 2-core machine is quiet), to read the figures against."""
    started = time.process_time()
    for _ in range(10_000_000):
        pass
    return round(time.process_time() - started, 2)


def main() -> None:
    """Time the drawings at 2–5 players; print and save the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--every", type=int, default=5)
    args = parser.parse_args()
    before = loop_seconds()
    rows = [drawings(players, args.games, args.every) for players in (2, 3, 4, 5)]
    save(RESULTS, {"loop_s_before_after": [before, loop_seconds()], "rows": rows})
    print_table(["players", "drawings", "CPU median ms", "CPU max ms", "PNG median kB"],
                [(r["players"], r["drawings"], r["median_ms"], r["max_ms"], r["median_kb"])
                 for r in rows])
    print("10M-step loop CPU s before / after:", before, loop_seconds())


if __name__ == "__main__":
    main()
