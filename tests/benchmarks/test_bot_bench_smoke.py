"""The bot benchmark still measures something: a tiny run of its measuring function."""

from __future__ import annotations

from benchmarks.bot_bench import measure, render


async def test_a_tiny_bot_benchmark_run_produces_every_figure() -> None:
    # 2 concurrent games, 2 rounds; memory with 2 games and 1 round, message cache not filled.
    figures = await measure([(2, 2)], memory=(2, 1), fill_cache=False)
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
    memory = figures["memory"]
    assert memory["per_game_kb"] > 0 and memory["peak_per_game_kb"] >= memory["per_game_kb"]
    assert memory["service_cache_per_game_kb"] > 0
    assert "| 2 |" in render(figures)
