"""docker-compose.yml runs two bot processes that together name every shard exactly once, on
one PostgreSQL."""

from __future__ import annotations

import re
from pathlib import Path

from bot.config import parse_shards

COMPOSE = Path(__file__).resolve().parents[1] / "docker-compose.yml"


def test_the_compose_files_bot_processes_split_the_shards_without_overlap() -> None:
    text = COMPOSE.read_text(encoding="utf-8")
    counts = set(re.findall(r'JUWELIER_SHARD_COUNT: "(\d+)"', text))
    ranges = [parse_shards(r) for r in re.findall(r'JUWELIER_SHARDS: "([\d,-]+)"', text)]
    assert len(counts) == 1 and len(ranges) == 2
    named = [shard for shards in ranges for shard in shards]
    assert sorted(named) == list(range(int(counts.pop())))
    assert text.count("JUWELIER_DATABASE_URL: postgresql://") == 2
