"""Große kleine Edelsteine in Discord (issue 24): so far the round's and the look-closer
pictures."""

# No `juwelier.presenters` entry point yet: it comes with the prompts, the live list of held
# labels and the round results, together with the engine's (docs/architecture.md).
NOT_YET_REGISTERED = "the prompts and round results are still to come"
