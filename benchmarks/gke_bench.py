"""Große kleine Edelsteine's AI levels against each other.

Tables (each --games games, seeds 0..games-1, the seats rotated one place per seed so no level
keeps the first seat; a shared first place counts as a share of a win; the rulebook's 6 cards
per colour): hard vs easy, hard vs medium, medium vs easy (2 players), and all three at one
table (3 players). Also the cards found exactly and the magnifier pieces per game and level.

Run: python -m benchmarks.gke_bench [--games N] [--workers W]; writes
benchmarks/results/gke.json. (The kind is not in the registry yet: it is imported directly.)
"""

from __future__ import annotations

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.report import print_table, save
from engine.games.gke import GAME, POLICIES
from engine.games.gke.events import CardScored

RESULTS = Path(__file__).resolve().parent / "results" / "gke.json"
TABLES = {
    "hard vs easy": ["hard", "easy"],
    "hard vs medium": ["hard", "medium"],
    "medium vs easy": ["medium", "easy"],
    "all three": ["hard", "medium", "easy"],
}


def play(levels: list[str], seed: int) -> dict[str, Any]:
    """One game with the seats rotated by `seed`: shares of the win, points, cards, pieces."""
    shift = seed % len(levels)
    seats = levels[shift:] + levels[:shift]
    slot = [(seat + shift) % len(levels) for seat in range(len(levels))]
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(seats))]
    state, _ = GAME.new_game(seed, len(seats))
    found = [0] * len(levels)
    pieces = [0] * len(levels)
    while not GAME.is_over(state):
        decision = GAME.next_decision(state)
        seat = decision.player
        action = POLICIES[seats[seat]](GAME, state, decision, rngs[seat])
        state, events = GAME.apply(state, seat, action)
        for event in events:
            if isinstance(event, CardScored):
                for reveal in event.reveals:
                    found[slot[reveal.seat]] += reveal.result == "card"
                    pieces[slot[reveal.seat]] += reveal.result == "piece"
    results = GAME.results(state)
    wins, scores = [0.0] * len(levels), [0] * len(levels)
    for standing in results.standings:
        scores[slot[standing.player]] = standing.score
    for winner in results.winners:
        wins[slot[winner]] += 1 / len(results.winners)
    return {"wins": wins, "scores": scores, "found": found, "pieces": pieces}


def table(name: str, games: int, workers: int) -> dict[str, Any]:
    """Play one table `games` times."""
    levels = TABLES[name]
    with ProcessPoolExecutor(workers) as pool:
        played = list(pool.map(play, [levels] * games, range(games)))

    def mean(key: str, i: int) -> float:
        return round(statistics.mean(p[key][i] for p in played), 2)

    return {"table": name, "levels": levels, "games": games, "seeds": f"0..{games - 1}",
            "win_pct": [round(100 * sum(p["wins"][i] for p in played) / games, 1)
                        for i in range(len(levels))],
            "mean_score": [mean("scores", i) for i in range(len(levels))],
            "cards_found": [mean("found", i) for i in range(len(levels))],
            "pieces": [mean("pieces", i) for i in range(len(levels))]}


def main() -> None:
    """Play every table; print and save the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rows = [table(name, args.games, args.workers) for name in TABLES]
    save(RESULTS, rows)

    def by_level(row: dict[str, Any], key: str) -> str:
        return " / ".join(f"{lv} {v}" for lv, v in zip(row["levels"], row[key], strict=True))

    print_table(["table", "games", "win %", "mean points", "cards found", "pieces"],
                [(r["table"], r["games"], by_level(r, "win_pct"), by_level(r, "mean_score"),
                  by_level(r, "cards_found"), by_level(r, "pieces")) for r in rows])


if __name__ == "__main__":
    main()
