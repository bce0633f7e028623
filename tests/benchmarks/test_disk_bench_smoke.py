"""The disk benchmark measures real syncs: a short run in a temporary folder."""

from __future__ import annotations

from pathlib import Path

from benchmarks.disk_bench import measure


def test_a_short_disk_run_times_every_sync_and_leaves_no_file(tmp_path: Path) -> None:
    found = measure(tmp_path, seconds=0.5, rate=20)
    assert 5 <= found["syncs"] <= 12
    sync = found["fdatasync_ms"]
    assert 0 < sync["p50"] <= sync["p99"] <= sync["max"]
    assert found["over_100_ms"] <= found["over_50_ms"] <= found["syncs"]
    assert list(tmp_path.iterdir()) == []
