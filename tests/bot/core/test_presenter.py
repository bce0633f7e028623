"""The presenter registry and what the core decides from typed decisions alone."""

from __future__ import annotations

from bot.core.presenter import Presenter, RoomRole, presenter_for, presenters
from bot.core.table_message import button_label
from bot.games.esr import PRESENTER
from engine.core.game import Decision, DecisionUI, GameEvent


def _decision(ui: DecisionUI, player: int = 0) -> Decision:
    return Decision(player=player, kind="any.thing", key="k", prompt="?", ui=ui)


def test_the_built_in_presenter_comes_from_the_entry_points() -> None:
    assert presenter_for("esr") is PRESENTER
    assert presenters()[0] is PRESENTER and PRESENTER.dynamic_items


def test_a_game_without_a_presenter_gets_the_plain_one() -> None:
    plain = presenter_for("a-game-with-no-presenter")
    assert type(plain) is Presenter
    embed = plain.table_embed({"round": 2, "note": "*bold*"}, ["ann"], "Some Game", None)
    assert embed.title == "Some Game"
    assert [(f.name, f.value) for f in embed.fields] == [("round", "2"), ("note", "\\*bold\\*")]
    assert plain.story(GameEvent(type="x"), ["ann"]) is None
    assert plain.room_role(GameEvent(type="x")) is RoomRole.NONE


def test_the_table_button_follows_the_decisions_ui_not_their_names() -> None:
    assert button_label([_decision(DecisionUI.SECRET), _decision(DecisionUI.SECRET, 1)]) == \
        "Choose your action"
    assert button_label([_decision(DecisionUI.PROMPT)]) == "Your decision"
    assert button_label([_decision(DecisionUI.ROOM)]) == "Your decision"
    assert button_label([]) is None
