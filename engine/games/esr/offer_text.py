"""An offer typed in the terminal as four numbers, 'red yellow green blue', and what to say when
it is not: each malformed answer is told what is wrong with it, and nothing is played."""

from __future__ import annotations

import re

from engine.core.errors import IllegalAction
from engine.core.game import Action, Decision
from engine.core.plaintext import keep_together
from engine.games.esr.catalog import _, ngettext
from engine.games.esr.gems import COLOURS, colour_name

WHOLE_NUMBER = re.compile(r"[+-]?\d+")


EXAMPLE = "0 1 0 2"


def _legend() -> dict[str, str]:
    """The colours in the order typed, and an example, each kept on one line when wrapped."""
    return {"colours": keep_together(" ".join(colour_name(c) for c in COLOURS)),
            "example": keep_together(EXAMPLE)}


def offer_hint() -> str:
    """How to type an offer, under the options of a decision that takes one."""
    # Translators: under the options of an offer; {colours} is "red yellow green blue" and
    # {example} "0 1 0 2"
    return _("or type an offer as four numbers: {colours} (e.g. {example})").format(**_legend())


def _needs_four() -> str:
    # Translators: said when a typed offer is not four numbers; {colours} is "red yellow green
    # blue" and {example} "0 1 0 2"
    return _("An offer needs four numbers, one per colour: {colours} (e.g. {example}).").format(
        **_legend())


def parse_offer(decision: Decision, text: str) -> Action | None:
    """The offer `text` types, or None if it is no attempt at one (a single word or number is
    an option's number, for the terminal to judge); a malformed offer raises IllegalAction."""
    if "offer" not in decision.constraints:
        return None
    parts = text.replace(",", " ").split()
    if len(parts) < 2:
        return None
    wrong = next((p for p in parts if not WHOLE_NUMBER.fullmatch(p)), None)
    if wrong is not None:
        # Translators: {word} is what the player typed where a number of gemstones belongs
        raise IllegalAction(_("“{word}” is not a whole number.").format(word=wrong) + " "
                            + _needs_four())
    if len(parts) != 4:
        # Translators: after "An offer needs four numbers…": how many the player typed
        typed = ngettext("You typed {count} number.", "You typed {count} numbers.",
                         len(parts)).format(count=len(parts))
        raise IllegalAction(f"{_needs_four()} {typed}")
    counts = [int(p) for p in parts]
    if any(n < 0 for n in counts):
        raise IllegalAction(_("An offer cannot hold a negative number of gemstones: type 0 or "
                              "more for each colour."))
    return {"type": "offer", "gems": counts}
