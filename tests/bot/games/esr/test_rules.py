"""/game rules flows as paragraphs, one line per list item, whatever the source's wrapping."""

from __future__ import annotations

from bot.games.esr.rules import reflow, rules_topics


def test_hard_wrapped_lines_flow_into_their_paragraph() -> None:
    source = "First sentence goes\non here (and here).\n1. An item that\n   wraps.\n\nNew part."
    assert reflow(source) == ("First sentence goes on here (and here).\n"
                              "1. An item that wraps.\n\nNew part.")


def test_every_action_is_one_line_and_every_topic_is_in_order() -> None:
    topics = rules_topics()
    assert list(topics)[:3] == ["overview", "turn", "actions"]
    assert len(topics["actions"].splitlines()) == 4  # Money, Event, Gemstones, Free Choice
    assert all(not line.startswith(" ") for text in topics.values() for line in text.splitlines())
