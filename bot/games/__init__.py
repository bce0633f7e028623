"""One presenter package per game; each registers its Presenter (and any widgets) when imported.
The `juwelier.presenters` entry points in pyproject.toml name the built-in ones."""
