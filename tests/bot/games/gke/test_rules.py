"""/game rules for Große kleine Edelsteine: the same topics in every language, each fitting a
message, the rulings named."""

from __future__ import annotations

from bot.games.gke.presenter import GkePresenter
from engine.core.i18n import LOCALES, use_locale


def test_the_rules_exist_in_every_language_with_the_same_topics_and_fit_a_message() -> None:
    presenter = GkePresenter()
    english = presenter.rules()
    assert list(english) == ["overview", "round", "scoring", "rulings"]
    assert "GKE-1" in english["rulings"] and "6 %" in english["overview"]
    for language in LOCALES:
        with use_locale(language):
            topics = presenter.rules()
            titles = [presenter.rule_title(t) for t in topics]
        assert list(topics) == list(english), language
        assert all(len(text) <= 1800 for text in topics.values()), language
        if language != "en":
            assert all(topics[t] != english[t] for t in topics), language
            assert titles != [presenter.rule_title(t) for t in english]
