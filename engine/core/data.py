"""Where the data files live: data/ in the checkout, or the folder JUWELIER_DATA_DIR names."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """Folder holding the data files (JUWELIER_DATA_DIR overrides the checkout's data/)."""
    override = os.environ.get("JUWELIER_DATA_DIR")
    return Path(override) if override else Path(__file__).resolve().parents[2] / "data"
