"""/game rules flows as paragraphs, one line per list item, whatever the source's wrapping."""

from __future__ import annotations

from bot.core.rules_text import reflow
from bot.games.esr.rules import rules_topics


def test_hard_wrapped_lines_flow_into_their_paragraph() -> None:
    source = "First sentence goes\non here (and here).\n1. An item that\n   wraps.\n\nNew part."
    assert reflow(source) == ("First sentence goes on here (and here).\n"
                              "1. An item that wraps.\n\nNew part.")


def test_every_action_is_one_line_and_every_topic_is_in_order() -> None:
    topics = rules_topics()
    assert list(topics)[:3] == ["overview", "turn", "actions"]
    assert len(topics["actions"].splitlines()) == 4  # Money, Event, Gemstones, Free Choice
    assert all(not line.startswith(" ") for text in topics.values() for line in text.splitlines())


def test_the_rules_exist_in_every_language_with_the_same_topics_and_fit_a_message() -> None:
    from bot.games.esr.presenter import EsrPresenter
    from engine.core.i18n import LOCALES, use_locale

    english = rules_topics()
    for language in LOCALES:
        with use_locale(language):
            topics = rules_topics()
            titles = [EsrPresenter().rule_title(t) for t in topics]
        assert list(topics) == list(english), language
        assert all(len(text) <= 1800 for text in topics.values()), language
        if language != "en":
            assert all(topics[t] != english[t] for t in topics), language
            assert titles != [EsrPresenter().rule_title(t) for t in english]
        # A sentence that goes on is never left on a line of its own.
        assert not any(line[:1].islower() for text in topics.values()
                       for line in text.splitlines()), language
