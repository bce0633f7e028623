"""One package per game. Each registers its GameKind (and the AI levels it plays its own way)
when imported; the `juwelier.games` entry points in pyproject.toml name the built-in ones."""
