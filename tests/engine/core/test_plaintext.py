"""Plain text for an 80-column terminal: display widths and wrapping that never cuts a word."""

from __future__ import annotations

import random

from engine.core.plaintext import NBSP, fit, keep_together, pad, width, wrap_line


def test_wide_characters_take_two_columns_and_marks_none() -> None:
    assert width("Ada") == 3
    assert width("💎") == 2 and width("🔺 Ruby") == 7
    assert width("e\u0301") == 1, "a combining accent adds no column"
    assert width("❤\ufe0f") == 2, "a narrow symbol drawn as emoji is two wide"
    assert width("Grün · →") == 8 and width(NBSP) == 1
    assert pad("💎", 4) == "💎  " and pad("7", 3, ">") == "  7"


def test_wrapped_lines_fit_and_keep_every_word_whole_and_in_order() -> None:
    rng = random.Random(5)
    words = ["Edelsteine", "💎💎", "a", "Wittelsbach-Hohenzollern", "→", "·", "3", "(10 + 4)"]
    for _ in range(300):
        line = " ".join(rng.choice(words) for _ in range(rng.randint(1, 40)))
        lead = " " * rng.choice([0, 2, 4])
        out = wrap_line(lead + line)
        assert all(width(part) <= 80 for part in out), out
        assert " ".join(" ".join(out).split()) == " ".join(line.split()), "no word cut or lost"
        assert all(not part.strip().startswith(("→", "·")) for part in out[1:])


def test_continuations_hang_under_a_list_marker_or_two_columns_in() -> None:
    long = "word " * 30
    option = wrap_line(f"  12. {long}")
    assert option[0].startswith("  12. word") and all(p.startswith(" " * 6 + "word")
                                                     for p in option[1:])
    bullet = wrap_line(f"  • {long}")
    assert all(p.startswith("    word") for p in bullet[1:])
    plain = wrap_line(f"Supply: {long}")
    assert all(p.startswith("  word") for p in plain[1:])


def test_a_list_breaks_between_its_items_not_inside_one() -> None:
    line = ("      red 2 · yellow 5 · green 7 → 14 (10 + 4 from cards) · "
            "blue 9 → 12 (8 + 4 from cards)")
    assert wrap_line(line) == [
        "      red 2 · yellow 5 · green 7 → 14 (10 + 4 from cards) ·",
        "        blue 9 → 12 (8 + 4 from cards)"]


def test_text_kept_together_moves_whole_and_prints_plain_spaces() -> None:
    name = keep_together("Maximiliane Theodora von Gruenau")
    out = fit(f"The game is over after a long evening of trading, and the winner is {name}.")
    assert out.splitlines() == [
        "The game is over after a long evening of trading, and the winner is",
        "  Maximiliane Theodora von Gruenau."]


def test_a_word_wider_than_the_line_is_left_whole() -> None:
    path = "/tmp/" + "x" * 90
    out = wrap_line(f"Saved in {path} for later.")
    assert out == ["Saved in", f"  {path}", "  for later."]
