"""The bot benchmark still measures something: a tiny run of its measuring function."""

from __future__ import annotations

import random

from benchmarks.bot_bench import measure, render, spread
from benchmarks.bot_paced import click_plan


async def test_a_tiny_bot_benchmark_run_produces_every_figure() -> None:
    # Bursts: 2 concurrent games, 2 rounds. Paced: 2 games for 2 s, a click every 0.3 s or so.
    # Memory: 2 games and 1 round.
    figures = await measure([(2, 2)], memory=(2, 1), paced=[2], think=0.3,
                            window=2.0)
    [run] = figures["latency_and_rest"]
    assert run["option_clicks"] >= 2 and run["state_changes"] >= 2
    for timing in ("ack", "response", "done"):
        assert run["option_click_ms"][timing]["p50"] > 0
    assert run["option_click_ms"]["response"]["p99"] <= run["option_click_ms"]["done"]["p99"]
    assert run["open_prompt_ms"]["response"]["p50"] > 0
    rest = run["rest"]
    assert rest["channel_message_writes"] > 0 and rest["other"] > 0
    assert rest["channel_message_writes_per_state_change"] > 0
    assert run["db_per_state_change"]["write_transactions"] >= 1
    [paced] = figures["paced"]
    assert paced["option_clicks"] >= 2 and paced["clicks"] >= 2 * paced["option_clicks"] - 2
    assert paced["option_click_ms"]["response"]["p50"] > 0
    assert paced["open_prompt_ms"]["response"]["p50"] > 0
    assert paced["state_changes"] == paced["option_clicks"]
    memory = figures["memory"]
    assert memory["per_game_kb"] > 0 and memory["peak_per_game_kb"] >= memory["per_game_kb"]
    assert memory["service_cache_per_game_kb"] > 0
    table = render(figures)
    assert "| 2 |" in table and "(paced)" in table and "(burst)" in table


async def test_the_spread_mode_repeats_the_paced_run_with_a_seed_per_run() -> None:
    found = await spread(2, 2, think=0.3, window=1.5)
    assert [run["seed"] for run in found["runs"]] == [0, 1]
    p99s = [run["response_ms"]["p99"] for run in found["runs"]]
    assert all(p > 0 for p in p99s)
    assert found["p99_min_ms"] == min(p99s) and found["p99_max_ms"] == max(p99s)
    assert found["runs_under_100_ms"] == sum(p < 100 for p in p99s)
    assert all(run["commit_ms"]["p50"] > 0 for run in found["runs"])
    assert found["synchronous"] in ("FULL", "NORMAL")


def test_paced_clicks_come_in_pairs_within_the_window_and_repeat_with_the_seed() -> None:
    plan = click_plan(random.Random(5), think=10.0, window=600.0)
    assert plan == click_plan(random.Random(5), think=10.0, window=600.0)
    times = [t for pair in plan for t in pair]
    assert times == sorted(times) and times[-1] <= 600.0
    assert 20 <= len(plan) <= 40  # about 600 / (2 * 10) decisions
