"""Translations: the language is the reader's, set around the code that writes for them."""

from __future__ import annotations

from engine.core.i18n import current, supported, use_locale
from engine.games.esr.gems import describe
from engine.games.esr.state import action_name


def test_unsupported_or_regional_tags_fall_back_sensibly() -> None:
    assert supported("de") == "de" and supported("da") == "da"
    assert supported("de-AT") == "de" and supported("da_DK.UTF-8") == "da"
    assert supported("en-GB") == "en" and supported("fr") == "en" and supported(None) == "en"


def test_text_is_written_in_the_language_of_the_block_and_english_outside() -> None:
    with use_locale("de"):
        assert current() == "de"
        german = describe([1, 0, 0, 2]), action_name("money")
        with use_locale("da"):
            danish = describe([1, 0, 0, 2]), action_name("money")
        assert current() == "de"
    assert current() == "en"
    english = describe([1, 0, 0, 2]), action_name("money")
    assert english == ("1 red, 2 blue", "Money")
    assert german == ("1 roter, 2 blaue", "Geld")
    assert danish == ("1 rød, 2 blå", "Penge")


def test_the_bot_reads_the_engines_seat_words_and_gem_counts_in_every_language() -> None:
    from bot.core.texts import with_names
    from bot.games.esr.narrate import COLOUR_EMOJI, restyle_gems
    from engine.core.seats import seat_label, seat_ref

    for language in ("en", "de", "da"):
        with use_locale(language):
            text = f"{seat_label(1)}: {seat_ref(0)}"
            assert with_names(text, ["ann", "bob"]) == "bob: ann", language
            styled = restyle_gems(describe([1, 0, 0, 2]))
            assert styled.startswith(COLOUR_EMOJI["red"]) and COLOUR_EMOJI["blue"] in styled
            assert not any(c.isalpha() for c in styled), (language, styled)
