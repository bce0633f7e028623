"""Write data/gke/gems.json and cards.json from the rulings' formulas (GKE-7, GKE-8):
`python -m engine.games.gke.generate`. The files are the game's data; this is how they were made."""

from __future__ import annotations

import json

from engine.games.gke.data import KINDS, SIZES, Gem, card_for, data_dir, symbol_of


def main() -> None:
    """Generate both files."""
    gems = [Gem(id=kind * SIZES + size - 1, kind=kind, size=size, symbol=symbol_of(kind, size))
            for kind in range(len(KINDS)) for size in range(1, SIZES + 1)]
    cards = [card_for(i, kind, size) for i, (kind, size) in enumerate(
        (k, n) for k in range(len(KINDS)) for n in range(2, SIZES))]
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name, items in (("gems", gems), ("cards", cards)):
        lines = ",\n".join("  " + json.dumps(item.model_dump()) for item in items)
        (folder / f"{name}.json").write_text(f"[\n{lines}\n]\n", encoding="utf-8")
        print(f"wrote {folder / f'{name}.json'} ({len(items)})")


if __name__ == "__main__":
    main()
