"""How much better than `greedy` Emerald lets a player be: greedy's own search given what no
honest seat has, against greedy seats (the targets set for `strong`: ≥ 60 % against three greedy
at 4 players, ≥ 70 % head to head).

  oracle     greedy's search of its turn on the real state instead of a world sampled from its
             view: every rival's gold values, every pile's order and the box known.
  foresight  the oracle that also knows the dice of its own turn: each wake of the dragon is
             judged by the roll the game will make, not the average of the three.

Each game one seat (seed % players, so no seat keeps the first place) plays the variant, the
others greedy; a shared first place counts as a share of a win.

Run: python -m benchmarks.emerald_ceiling [--games N] [--seed S] [--workers W]; writes
benchmarks/results/emerald_ceiling.json.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any
from unittest import mock

from benchmarks.report import print_table, save
from engine import get_kind
from engine.core.ai import get_policy, seated
from engine.core.game import Action, Decision, GameKind
from engine.games.emerald import ai
from engine.games.emerald.state import EmeraldState

RESULTS = Path(__file__).resolve().parent / "results" / "emerald_ceiling.json"


def oracle(kind: GameKind, state: EmeraldState, decision: Decision, rng: random.Random
           ) -> Action:
    """greedy's choice on the real state, hidden cards included."""
    if len(decision.options) == 1:
        return decision.options[0].action
    return ai.best_in(state, decision.player, rng)


def foresight(kind: GameKind, state: EmeraldState, decision: Decision, rng: random.Random
              ) -> Action:
    """The oracle with this turn's dice known: a wake has the one outcome the game's own
    random stream (cloned with the state) will give."""
    def rolled(world: EmeraldState, seat: int, action: Action) -> list[EmeraldState]:
        return [ai.apply_action(world, seat, action)]

    with mock.patch.object(ai, "outcomes", rolled):
        return oracle(kind, state, decision, rng)


VARIANTS = {"oracle": oracle, "foresight": foresight}


def play(variant: str, players: int, seed: int) -> float:
    """One game: the variant's share of the win."""
    kind = get_kind("emerald")
    seat = seed % players
    greedy = get_policy("greedy")
    policies = [VARIANTS[variant] if s == seat else greedy for s in range(players)]
    rngs = [random.Random(f"{seed}:{s}") for s in range(players)]
    state, _ = kind.new_game(seed, players)
    with seated(["greedy"] * players):
        while not kind.is_over(state):
            decision = kind.next_decision(state)
            action = policies[decision.player](kind, state, decision, rngs[decision.player])
            state, _ = kind.advance(state, decision.player, action, quiet=True)
    results = kind.results(state)
    return 1 / len(results.winners) if seat in results.winners else 0.0


def table(variant: str, players: int, games: int, seed: int, workers: int) -> dict[str, Any]:
    """The variant's win share over `games` games from `seed`."""
    seeds = range(seed, seed + games)
    with ProcessPoolExecutor(workers) as pool:
        shares = list(pool.map(play, [variant] * games, [players] * games, seeds))
    return {"variant": variant, "players": players, "games": games, "seeds": f"{seed}–"
            f"{seed + games - 1}", "win_pct": round(100 * sum(shares) / games, 1),
            "fair_pct": round(100 / players, 1)}


def main() -> None:
    """Play every variant at 4 and at 2 players; print and save the win shares."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    rows = [table(variant, players, args.games, args.seed, args.workers)
            for players in (4, 2) for variant in VARIANTS]
    print_table(["variant", "players", "games", "seeds", "win %", "fair %"],
                [[r["variant"], r["players"], r["games"], r["seeds"], r["win_pct"], r["fair_pct"]]
                 for r in rows], left=2)
    save(RESULTS, {"tables": rows})


if __name__ == "__main__":
    main()
