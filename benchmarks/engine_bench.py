"""Engine speed, in CPU time: complete games per CPU-second per AI level (random for 3, 4, 5
players; greedy and strong for 4 players), Emerald's random games for 2 to 5 players, the cost
of pending(), view(), apply() and the majority forecast on states from real games, and the cost
per action (ESR's and Emerald's) against OpenSpiel's pure-Python `python_team_dominoes` (4
players, imperfect information) measured in the same run.

OpenSpiel is optional (`pip install -e ".[bench]"`); without it the comparison is skipped and
the report says so. Each figure is the median of --repeats runs.

Run: python -m benchmarks.engine_bench [--games N] [--repeats R]; writes
benchmarks/results/engine.json.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.report import print_table, save
from engine import get_kind
from engine.core.simulate import play_game
from engine.games.esr.forecast import clear_cache, forecast

RESULTS = Path(__file__).resolve().parent / "results" / "engine.json"


def cpu(work: Callable[[], Any]) -> float:
    """CPU seconds `work` took."""
    started = time.process_time()
    work()
    return time.process_time() - started


def games_per_cpu_second(players: int, games: int, level: str = "random", game: str = "esr"
                         ) -> dict[str, Any]:
    """Play `games` games with every seat at `level`: games and actions per CPU-second."""
    actions = 0

    def play() -> None:
        nonlocal actions
        for seed in range(games):
            actions += len(play_game(game, seed, [level] * players).log)

    elapsed = cpu(play)
    return {"game": game, "level": level, "players": players, "games": games,
            "games_per_cpu_s": round(games / elapsed, 1),
            "us_per_action": round(elapsed / actions * 1e6, 1),
            "actions_per_game": round(actions / games)}


def sampled_states(games: int = 20) -> list[Any]:
    """Every state of some random 4-player games."""
    esr = get_kind("esr")
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        state, _ = esr.new_game(seed, 4)
        while not esr.is_over(state):
            states.append(state)
            decision = esr.pending(state)[0]
            state, _ = esr.apply(state, decision.player, esr.sample_action(state, decision, rng))
    return states


def api_costs(states: list[Any]) -> dict[str, float]:
    """Microseconds per call of the game API, averaged over `states`."""
    esr = get_kind("esr")
    rng = random.Random(1)
    moves = [(s, d.player, esr.sample_action(s, d, rng))
             for s in states for d in esr.pending(s)[:1]]
    def each(call: Callable[[Any], Any], items: list[Any]) -> Callable[[], None]:
        def run() -> None:
            for item in items:
                call(item)  # the result is dropped, as a caller's would be after use
        return run

    seat_views = [esr.view(s, 0) for s in states]
    calls: dict[str, Callable[[], None]] = {
        "pending": each(esr.pending, states),
        "view (a seat)": each(lambda s: esr.view(s, 0), states),
        "view (spectator)": each(lambda s: esr.view(s, None), states),
        "apply": each(lambda m: esr.apply(*m), moves),
        # Not part of view(): front ends ask for it where they show it. Cold: the
        # cache of forecasts is emptied first, so each state is worked out once.
        "forecast (of a seat's view)": lambda: (clear_cache(), each(forecast, seat_views)()),
    }
    return {name: round(cpu(call) / len(states) * 1e6, 1) for name, call in calls.items()}


def openspiel_us_per_node(games: int) -> float | None:
    """CPU microseconds per node of python_team_dominoes (legal actions, a random choice,
    apply; chance nodes sample their outcomes), or None without OpenSpiel."""
    try:
        import pyspiel
        from open_spiel.python import games as _registers_python_games  # noqa: F401
    except ImportError:
        return None
    game = pyspiel.load_game("python_team_dominoes")
    rng = random.Random(0)
    nodes = 0

    def play() -> None:
        nonlocal nodes
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    action = rng.choice(state.chance_outcomes())[0]
                else:
                    action = rng.choice(state.legal_actions())
                state.apply_action(action)
                nodes += 1

    return cpu(play) / nodes * 1e6


def main() -> None:
    """Run everything --repeats times; print medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    states = sampled_states()
    runs = []
    for _ in range(args.repeats):
        runs.append({
            "random": [games_per_cpu_second(p, args.games) for p in (3, 4, 5)],
            "emerald": [games_per_cpu_second(p, args.games, game="emerald")
                        for p in (2, 3, 4, 5)],
            "api_us": api_costs(states),
            "openspiel_us_per_node": openspiel_us_per_node(args.games),
        })
    levels = [games_per_cpu_second(4, max(args.games // 4, 2), "greedy"),
              games_per_cpu_second(4, 2, "strong")]

    def median(pick: Callable[[dict[str, Any]], float]) -> float:
        return round(statistics.median(pick(run) for run in runs), 1)

    rows = [{"level": "random", "players": p,
             "games_per_cpu_s": median(lambda r, i=i: r["random"][i]["games_per_cpu_s"]),
             "us_per_action": median(lambda r, i=i: r["random"][i]["us_per_action"]),
             "actions_per_game": runs[0]["random"][i]["actions_per_game"]}
            for i, p in enumerate((3, 4, 5))] + levels
    emerald = [{"level": "random", "players": p,
                "games_per_cpu_s": median(lambda r, i=i: r["emerald"][i]["games_per_cpu_s"]),
                "us_per_action": median(lambda r, i=i: r["emerald"][i]["us_per_action"]),
                "actions_per_game": runs[0]["emerald"][i]["actions_per_game"]}
               for i, p in enumerate((2, 3, 4, 5))]
    api = {name: median(lambda r, n=name: r["api_us"][n]) for name in runs[0]["api_us"]}
    spiel = [r["openspiel_us_per_node"] for r in runs]
    ratios = ([round(r["random"][1]["us_per_action"] / r["openspiel_us_per_node"], 2)
               for r in runs] if None not in spiel else None)
    emerald_ratios = ([round(r["emerald"][2]["us_per_action"] / r["openspiel_us_per_node"], 2)
                       for r in runs] if None not in spiel else None)
    figures = {"rows": rows, "emerald": emerald, "emerald_ratio_to_openspiel": emerald_ratios,
               "api_us": api, "runs": runs,
               "openspiel_us_per_node": median(lambda r: r["openspiel_us_per_node"])
               if ratios else None,
               "ratio_to_openspiel": ratios}
    save(RESULTS, figures)
    print_table(["level", "players", "games per CPU-second", "µs per action",
                 "actions per game"],
                [(r["level"], r["players"], r["games_per_cpu_s"], r["us_per_action"],
                  r["actions_per_game"]) for r in rows])
    print()
    print_table(["Emerald", "players", "games per CPU-second", "µs per action",
                 "actions per game"],
                [(r["level"], r["players"], r["games_per_cpu_s"], r["us_per_action"],
                  r["actions_per_game"]) for r in emerald])
    print()
    print_table(["call", "µs (median of runs)"], api.items())
    print()
    if ratios is None:
        print("OpenSpiel is not installed (pip install -e \".[bench]\"): no comparison.")
    else:
        print(f"OpenSpiel python_team_dominoes: {figures['openspiel_us_per_node']} µs per node; "
              f"Juwelier (random, 4 players) per action / OpenSpiel per node, each run: "
              f"{ratios} (median {statistics.median(ratios)}); Emerald (random, 4 players): "
              f"{emerald_ratios} (median {statistics.median(emerald_ratios or [0])})")


if __name__ == "__main__":
    main()
