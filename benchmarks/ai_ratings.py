"""Measure each AI level's rating per game: tables of different levels play, and openskill's
Plackett–Luce model rates the levels as if they were players, game after game.

Run: python -m benchmarks.ai_ratings --game esr --games 300 [--seed 26000] [--write]
(--write: data/<game>/ai_ratings.json, the fixed ratings AI seats play rated games with).
Every level starts as a newcomer does (mu 25, sigma 25/3), so a newcomer is taken to be about
as good as the levels' average; the last figures are the level's rating.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from engine import get_kind
from engine.core.ai import own_levels
from engine.core.simulate import play_game
from engine.ratings.ai import ratings_path
from engine.ratings.model import MODEL

LEVELS = ["random", "easy", "medium", "hard", "greedy", "strong"]


def measure(game: str, games: int, seed: int) -> dict[str, dict[str, float]]:
    """Play `games` tables of distinct levels (three where the game has three, else two) and
    rate the levels; each level's final mu and sigma."""
    kind = get_kind(game)
    levels = own_levels(game, LEVELS)
    players = max(kind.min_players, min(3, len(levels)))
    ratings = {level: MODEL.rating(name=level) for level in levels}
    draw = random.Random(seed)
    for i in range(games):
        table = draw.sample(levels, players)
        played = play_game(game, seed + i, table)
        results = kind.results(played.final_state)
        assert results is not None
        ranks = [0] * players
        for standing in results.standings:
            ranks[standing.player] = standing.rank
        new = MODEL.rate([[ratings[level]] for level in table], ranks=ranks)
        for level, [rating] in zip(table, new, strict=True):
            ratings[level] = rating
    return {level: {"mu": round(r.mu, 2), "sigma": round(r.sigma, 2)}
            for level, r in ratings.items()}


def main() -> None:
    """Measure one game's levels and print (or write) them."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=26000)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    started = time.process_time()
    levels = measure(args.game, args.games, args.seed)
    figures = {"game": args.game, "games": args.games, "seed": args.seed,
               "command": f"python -m benchmarks.ai_ratings --game {args.game} "
                          f"--games {args.games} --seed {args.seed} --write",
               "levels": levels}
    text = json.dumps(figures, indent=2) + "\n"
    print(text, f"({time.process_time() - started:.0f} s CPU)")
    if args.write:
        ratings_path(args.game).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
