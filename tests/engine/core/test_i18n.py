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
