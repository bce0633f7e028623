"""What drawing ESR's table and a private prompt's header costs, in CPU time per call, over every
state of 20 random 4-player games (the states of benchmarks.engine_bench): the majority
forecast (engine), the table embed and the prompt header (bot), which both show it;
"cold" empties the forecast cache first, "cached" draws what was just drawn.

`--baseline FILE` also times another version of bot/games/esr/table.py (e.g. the one before
the forecast, `git show <commit>:bot/games/esr/table.py > old_table.py`), interleaved with the
current one in the same process, so machine load moves both alike.

Run: python -m benchmarks.table_bench [--repeats R] [--baseline FILE]
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.engine_bench import cpu, sampled_states
from bot.games.esr.presenter import EsrPresenter
from bot.games.esr.table import table_embed
from engine import get_kind
from engine.games.esr.forecast import clear_cache, forecast
from engine.service.models import PlayerView

NAMES = ["ann", "bob", "cem", "dag"]


def load_table(path: Path) -> Any:
    """Another table.py, as a module of its own."""
    spec = importlib.util.spec_from_file_location("baseline_table", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    """Time each call --repeats times over the same states; print the medians in µs."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--baseline", type=Path)
    args = parser.parse_args()
    esr = get_kind("esr")
    presenter = EsrPresenter()
    states = sampled_states()
    seat = [esr.view(s, 0) for s in states]
    spectator = [esr.view(s, None) for s in states]
    prompts = [PlayerView(game_id=1, version=1, status="running", seat=0, view=v) for v in seat]
    def cold(call: Callable[[], object]) -> Callable[[], object]:
        """`call` with the forecast cache emptied first: every state is drawn for the first
        time, in game order (consecutive states that leave the gemstones and cards as they
        were still share one forecast, as in a game)."""
        return lambda: (clear_cache(), call())

    calls: dict[str, Callable[[], object]] = {
        "view (a seat)": lambda: [esr.view(s, 0) for s in states],
        "forecast, cold": cold(lambda: [forecast(v) for v in seat]),
        "forecast, again (cached)": lambda: [forecast(v) for v in seat],
        "table_embed, cold": cold(lambda: [table_embed(v, NAMES, "T") for v in spectator]),
        "prompt_header after the table (cached)": lambda: [presenter.prompt_header(p, NAMES)
                                                           for p in prompts],
    }
    if args.baseline:
        old = load_table(args.baseline)
        calls["table_embed (baseline)"] = lambda: [old.table_embed(v, NAMES, "T")
                                                   for v in spectator]
    runs: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(args.repeats):
        for name, call in calls.items():
            runs[name].append(cpu(call) / len(states) * 1e6)
    print(f"{len(states)} states, median of {args.repeats} runs, CPU µs per call:")
    for name, times in runs.items():
        print(f"  {name}: {statistics.median(times):.1f}")


if __name__ == "__main__":
    main()
