"""Plain text for an 80-column terminal: display widths, padding, and wrapping that never cuts
a word.

Widths are what a terminal shows, not code points: wide characters (CJK, most emoji) take two
columns, combining marks and joiners none. Any game's board and any front end's lines go
through here, so nothing here knows a game.
"""

from __future__ import annotations

import re
import unicodedata

WIDTH = 80
NBSP = "\u00a0"  # joins words that should stay on one line; printed as a plain space
_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufe0e\ufe0f")
_EMOJI_STYLE = "\ufe0f"  # after a narrow symbol (e.g. ❤️), the terminal draws it two wide
# A line's indentation and list marker ("• ", "3. ", "- "): its continuations align after it.
_MARKER = re.compile(r"( *)((?:[•*-]|\d+[.)]) +)?")
# Tokens that are all punctuation or symbols ("·", "→", "—", "+") never begin a line; of those,
# the ones that join two things ("→", "+", "=") never end one either.
_JOINERS = frozenset("→+=×")


def char_width(char: str) -> int:
    """The columns one character takes in a terminal: 0, 1 or 2."""
    if char in _ZERO_WIDTH or unicodedata.combining(char) or unicodedata.category(char) == "Cf":
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def width(text: str) -> int:
    """The columns `text` takes on one terminal line."""
    total = 0
    previous = ""
    for char in text:
        if char == _EMOJI_STYLE and previous and char_width(previous) == 1:
            total += 1  # the symbol before it is drawn as a two-column emoji
        total += char_width(char)
        previous = char
    return total


def pad(text: str, columns: int, align: str = "<") -> str:
    """`text` padded with spaces to `columns` display columns ('<' left, '>' right)."""
    fill = " " * max(0, columns - width(text))
    return text + fill if align == "<" else fill + text


def _is_symbol(token: str) -> bool:
    return not any(c.isalnum() for c in token)


def _units(words: list[str]) -> list[str]:
    """Words grouped so that no line starts with a lone symbol or ends with a joiner."""
    units: list[str] = []
    glue_next = False
    for word in words:
        if units and (glue_next or _is_symbol(word)):
            units[-1] += " " + word
        else:
            units.append(word)
        glue_next = word in _JOINERS
    return units


def _separator_break(line: list[str], room: int) -> int | None:
    """Where to break a full line instead of at its end: after its last ' · ' separator, if
    that keeps at least half the line (lists such as 'red 3 · yellow 5' break between items)."""
    for end in range(len(line), 0, -1):
        if line[end - 1].endswith("·"):
            return end if width(" ".join(line[:end])) * 2 >= room else None
    return None


def wrap_line(line: str, limit: int = WIDTH) -> list[str]:
    """One line as lines of at most `limit` columns, broken only between words; continuations
    are indented under the text after a list marker, else two columns deeper than the line.

    A single word wider than the line is left whole: words are never cut."""
    if width(line) <= limit:
        return [line.replace(NBSP, " ")]
    marker = _MARKER.match(line)
    assert marker is not None  # the pattern matches the empty string
    lead, mark = marker.group(1), marker.group(2) or ""
    indent = " " * (len(lead) + width(mark)) if mark else lead + "  "
    words = [w for w in line[len(lead) + len(mark):].split(" ") if w]
    out: list[str] = []
    prefix, current = lead + mark, []
    pending = _units(words)
    while pending:
        unit = pending.pop(0)
        room = limit - width(prefix)
        if not current or width(" ".join([*current, unit])) <= room:
            current.append(unit)
            continue
        end = _separator_break(current, room)
        carry = current[end:] if end is not None else []
        out.append(prefix + " ".join(current[:end] if end is not None else current))
        prefix, current = indent, carry
        pending.insert(0, unit)
    out.append(prefix + " ".join(current))
    return [text.replace(NBSP, " ") for text in out]


def fit(text: str, limit: int = WIDTH) -> str:
    """Every line of `text` wrapped to at most `limit` columns (see wrap_line)."""
    return "\n".join(part for line in text.split("\n") for part in wrap_line(line, limit))


def keep_together(text: str) -> str:
    """`text` with its spaces made non-breaking, so fit() moves it to a new line whole."""
    return text.replace(" ", NBSP)
