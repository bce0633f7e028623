"""Sealed Bid's presenter: what the bot core gets when it asks the game to draw itself."""

from __future__ import annotations

import json

from bot.core.presenter import presenter_for, presenters
from engine.core.record import replay
from engine.core.simulate import play_game
from tests.toygame import GAME, PRESENTER
from tests.toygame.game import BidPlaced, GameEnded, RoundStarted, SealedState

NAMES = ["Ann", "Bob", "Cy"]


def embed_json(state: SealedState, due_at: float | None = None) -> str:
    """The table embed for the spectator's view of `state`, as JSON."""
    embed = PRESENTER.table_embed(GAME.view(state, None), NAMES, "Sealed Bid #1", due_at)
    return json.dumps(embed.to_dict(), sort_keys=True)


def test_the_bot_finds_the_sealed_presenter_by_game_name() -> None:
    assert presenter_for("sealed") is PRESENTER
    assert PRESENTER in presenters()


def test_the_table_shows_who_has_bid_but_never_how_much_before_the_reveal() -> None:
    state, _ = GAME.new_game(1, 3)
    low, _ = GAME.apply(state, 0, {"type": "bid", "amount": 1})
    high, _ = GAME.apply(state, 0, {"type": "bid", "amount": 4})
    assert embed_json(low) == embed_json(high)
    embed = PRESENTER.table_embed(GAME.view(high, None), NAMES, "Sealed Bid #1", 1_700_000_000.5)
    assert embed.title == "Sealed Bid #1"
    assert f"prize **{state.prize}** points" in embed.description
    assert "Round 1/3" in embed.description
    assert "<t:1700000000:R>" in embed.description
    fields = {f.name: f.value for f in embed.fields}
    assert "has bid" in fields["Ann"] and "bidding" in fields["Bob"]
    assert "10 coins" in fields["Cy"] and "0 points" in fields["Cy"]


def test_after_the_reveal_the_table_shows_the_bids_and_the_judge() -> None:
    state, _ = GAME.new_game(2, 3)
    for seat, amount in enumerate([2, 3, 1]):
        state, _ = GAME.apply(state, seat, {"type": "bid", "amount": amount})
    fields = {f.name: f.value for f in PRESENTER.table_embed(
        GAME.view(state, None), NAMES, "t", None).fields}
    assert "bid 2" in fields["Ann"] and "bid 3 🏆" in fields["Bob"] and "judging" in fields["Cy"]


def test_every_event_but_a_placed_bid_gets_a_channel_line_and_rounds_open_turns() -> None:
    _, events = replay(play_game("sealed", 3, ["random"] * 3).record)
    for event in events:
        line = PRESENTER.story(event, NAMES)
        assert (line is None) == isinstance(event, BidPlaced), event
        assert PRESENTER.opens_turn(event) == isinstance(event, RoundStarted)
    assert "Game over" in PRESENTER.story(GameEnded(scores=[12, 9, 10], winners=[0]), NAMES)


def test_the_final_table_shows_each_score_and_place_and_crowns_the_winner() -> None:
    state, _ = GAME.new_game(5, 3)
    for amounts in ([1, 0, 0], [0, 0, 0], [0, 0, 0]):
        for seat, amount in enumerate(amounts):
            state, _ = GAME.apply(state, seat, {"type": "bid", "amount": amount})
        if state.phase == "judge":
            state, _ = GAME.apply(state, 1, {"type": "judge", "allow": True})
    embed = PRESENTER.table_embed(GAME.view(state, None), NAMES, "t", 1_700_000_000.0)
    assert embed.description == "Final scores"  # no deadline once it is over
    fields = {f.name: f.value for f in embed.fields}
    assert f"#1 · **{9 + state.players[0].points}** points 🏆" in fields["Ann"]
    assert "#2 · **10** points" in fields["Bob"] and "🏆" not in fields["Bob"]


def test_bid_and_judge_buttons_get_emoji_and_the_rules_have_an_overview() -> None:
    state, _ = GAME.new_game(4, 2)
    bid_options = GAME.decision_for(state, 0).options
    assert {PRESENTER.option_emoji(o) for o in bid_options} == {"🪙"}
    state, _ = GAME.apply(state, 0, {"type": "bid", "amount": 2})
    state, _ = GAME.apply(state, 1, {"type": "bid", "amount": 0})
    allow, veto = GAME.decision_for(state, 1).options
    assert (PRESENTER.option_emoji(allow), PRESENTER.option_emoji(veto)) == ("✅", "⛔")
    topics = PRESENTER.rules()
    assert "Sealed Bid" in next(iter(topics.values()))
