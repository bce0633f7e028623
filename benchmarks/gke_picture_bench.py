"""What drawing Große kleine Edelsteine's round picture costs (≤ 150 ms, off the
event loop): CPU per `round_png` (layout, 81 gem sprites and 3 card gems, labels, PNG encoding)
for the first round of --games games per player count (seeds 0..games-1), the sprite and
layout caches cleared before each drawing; and the PNG's size.

Run: python -m benchmarks.gke_picture_bench [--games N]; writes
benchmarks/results/gke_picture.json.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from benchmarks.report import print_table, save
from bot.games.gke.gems import sprite
from bot.games.gke.picture import _layout, round_picture, round_png
from engine.games.gke import GAME

RESULTS = Path(__file__).resolve().parent / "results" / "gke_picture.json"


def main() -> None:
    """Draw and time."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    rows = []
    for players in (2, 3, 4):
        cpu, sizes, heights = [], [], []
        for seed in range(args.games):
            view = GAME.view(GAME.new_game(seed, players)[0], 0)
            sprite.cache_clear()
            _layout.cache_clear()
            started = time.process_time()
            data = round_png(view)
            cpu.append(time.process_time() - started)
            sizes.append(len(data))
            heights.append(round_picture(view).height)
        rows.append({"players": players, "drawings": len(cpu),
                     "cpu_ms_median": round(1000 * statistics.median(cpu)),
                     "cpu_ms_max": round(1000 * max(cpu)),
                     "png_kb_median": round(statistics.median(sizes) / 1000, 1),
                     "height_px_median": statistics.median(heights)})
    save(RESULTS, rows)
    print_table(["players", "drawings", "CPU median ms", "CPU max ms", "PNG kB", "height px"],
                [(r["players"], r["drawings"], r["cpu_ms_median"], r["cpu_ms_max"],
                  r["png_kb_median"], r["height_px_median"]) for r in rows])


if __name__ == "__main__":
    main()
