"""How the engine names a seat in text; front ends that know names put them in its place."""

from __future__ import annotations

import re

from engine.core.catalog import _

SEAT_LABEL = "Seat {number}"  # the msgids of seat_label and seat_ref, for matching
SEAT_REF = "seat {number}"


def seat_label(seat: int) -> str:
    """'Seat 2' as a label on its own, in the current language (0-based `seat`)."""
    # Translators: a player's seat as a label on its own; the bot replaces it by the name.
    return _("Seat {number}").format(number=seat + 1)


def seat_ref(seat: int) -> str:
    """'seat 2' inside a sentence, in the current language (0-based `seat`)."""
    # Translators: a player's seat inside a sentence; the bot replaces it by the player's name.
    return _("seat {number}").format(number=seat + 1)


def seat_pattern() -> re.Pattern[str]:
    """Matches either form in the current language; group 'number' is the 1-based seat."""
    forms = {_(SEAT_LABEL), _(SEAT_REF), SEAT_LABEL, SEAT_REF}
    alternatives = sorted((re.escape(f).replace(r"\{number\}", r"(?P<number>\d+)", 1)
                           for f in forms), key=len, reverse=True)
    return _compiled("|".join(f"(?:{a})" for a in alternatives))


_CACHE: dict[str, re.Pattern[str]] = {}


def _compiled(source: str) -> re.Pattern[str]:
    pattern = _CACHE.get(source)
    if pattern is None:
        # Python allows a group name once per pattern: number the alternatives' groups.
        numbered, count = source, source.count("(?P<number>")
        for i in range(count):
            numbered = numbered.replace("(?P<number>", f"(?P<n{i}>", 1)
        pattern = _CACHE[source] = re.compile(rf"\b(?:{numbered})(?!\d)")
    return pattern


def seat_number(match: re.Match[str]) -> int:
    """The 1-based seat a seat_pattern() match names."""
    return int(next(v for k, v in match.groupdict().items() if v is not None))
