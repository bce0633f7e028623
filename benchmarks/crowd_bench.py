"""How often alike AI seats crowd one action card: the share of turns on which three or more seats
chose the same card, which then lapses for all of them, in 4- and 5-player games (Free Choice,
the fifth player's card, never lapses: everyone on it shares it, so it does not count).

Run: python -m benchmarks.crowd_bench [--games N] [--seed S]; writes benchmarks/results/crowd.json.
Uniformly random choices are the yardstick: with three cards and four seats they crowd one card on
a third of the turns.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from benchmarks.report import print_table, save
from engine.core.simulate import play_game

RESULTS = Path(__file__).resolve().parent / "results" / "crowd.json"
LAPSING = {"money", "gems", "event"}  # Free Choice (5 players) is shared by all who take it
TABLES = [["greedy"] * 4, ["random"] * 4, ["greedy", "greedy", "random", "random"], ["greedy"] * 5]


def crowded_turns(levels: list[str], games: int, seed: int) -> dict[str, object]:
    """Count action choices where three or more seats took one card, over `games` games."""
    turns = crowded = 0
    for game in range(seed, seed + games):
        chosen: list[str] = []
        for logged in play_game("esr", game, levels).record.actions:
            if logged.action.get("type") != "choose":
                continue
            chosen.append(logged.action["card"])
            if len(chosen) == len(levels):
                turns += 1
                crowded += any(n >= 3 for card, n in Counter(chosen).items() if card in LAPSING)
                chosen = []
    return {"seats": levels, "games": games, "turns": turns, "crowded": crowded,
            "share": round(crowded / turns, 4)}


def main() -> None:
    """Measure every table and print a markdown table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = [crowded_turns(levels, args.games, args.seed) for levels in TABLES]
    save(RESULTS, rows)
    print_table(["seats", "games", "turns", "three or more on one card"],
                [(", ".join(r["seats"]), r["games"], r["turns"], f"{100 * r['share']:.1f} %")
                 for r in rows])


if __name__ == "__main__":
    main()
