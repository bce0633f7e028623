"""What every benchmark does with its figures: write them as JSON and print a markdown table."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any


def save(path: Path, figures: Any, indent: int = 1) -> None:
    """Write the figures to benchmarks/results/<name>.json."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(figures, indent=indent) + "\n", encoding="utf-8")


def print_table(header: Sequence[str], rows: Iterable[Sequence[Any]], left: int = 1) -> None:
    """A markdown table: the first `left` columns text, the others numbers (right-aligned)."""
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" if i < left else "---:" for i in range(len(header))) + "|")
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")
