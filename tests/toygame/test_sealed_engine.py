"""Sealed Bid through the engine's generic API: rules, secrecy, replay and the real service."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import DecisionUI, GameEvent
from engine.core.record import GameRecord, replay
from engine.core.registry import get_kind, kinds
from engine.core.simulate import play_game
from engine.service import GameService
from tests.toygame import GAME
from tests.toygame.game import (
    BidPlaced,
    BidsRevealed,
    DuelPressed,
    DuelSettled,
    DuelStarted,
    GameEnded,
    Judged,
    NoWinner,
    PrizeWon,
    RoundStarted,
    SealedState,
)


def bid(state: SealedState, seat: int, amount: int) -> tuple[SealedState, list[GameEvent]]:
    """Seat `seat` bids `amount` coins."""
    return GAME.apply(state, seat, {"type": "bid", "amount": amount})


def bids(state: SealedState, amounts: list[int]) -> tuple[SealedState, list[GameEvent]]:
    """Every seat bids, in seat order; returns the state and the events of the last bid."""
    events: list[GameEvent] = []
    for seat, amount in enumerate(amounts):
        state, events = bid(state, seat, amount)
    return state, events


def judge(state: SealedState, seat: int, allow: bool) -> tuple[SealedState, list[GameEvent]]:
    """Seat `seat` allows or vetoes the winning bid."""
    return GAME.apply(state, seat, {"type": "judge", "allow": allow})


def types(events: list[GameEvent]) -> list[type]:
    """The classes of `events`, in order."""
    return [type(e) for e in events]


# --- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_random_games_finish_with_consistent_results(players: int, seed: int) -> None:
    game = play_game("sealed", seed, ["random"] * players)
    state = game.final_state
    assert GAME.is_over(state) and GAME.pending(state) == []
    results = GAME.results(state)
    assert results is not None
    assert sorted(s.player for s in results.standings) == list(range(players))
    for standing in results.standings:
        player = state.players[standing.player]
        assert standing.score == player.points + player.coins
        assert standing.rank == 1 + sum(s.score > standing.score for s in results.standings)
    assert results.winners == [s.player for s in results.standings if s.rank == 1]
    assert results.tiebreak == ("shared" if len(results.winners) > 1 else "score")
    # Nobody can have spent more than they had, or scored more than all prizes together.
    assert all(p.coins >= 0 for p in state.players)
    assert sum(p.points for p in state.players) <= 8 + 7 + 6


def test_the_same_seed_deals_the_same_prizes_and_a_different_one_may_not() -> None:
    prizes = {seed: GAME.new_game(seed, 3)[0].prizes for seed in range(20)}
    assert GAME.new_game(5, 3)[0].prizes == prizes[5]
    assert len({tuple(p) for p in prizes.values()}) > 1
    assert all(3 <= prize <= 8 for p in prizes.values() for prize in p)


def test_replaying_the_record_reproduces_the_final_state() -> None:
    game = play_game("sealed", 21, ["random"] * 3)
    record = GameRecord.model_validate_json(game.record.model_dump_json())
    state, events = replay(record)
    assert state.model_dump() == game.final_state.model_dump()
    assert isinstance(events[-1], GameEnded)
    middle, _ = replay(record, upto=4)
    assert not GAME.is_over(middle)


def test_a_state_round_trips_through_dump_and_load() -> None:
    game = play_game("sealed", 3, ["random"] * 4)
    state, _ = replay(game.record, upto=5)
    for snapshot in (state, game.final_state):
        loaded = GAME.load(GAME.dump(snapshot))
        assert loaded == snapshot
        assert GAME.load(json.loads(GAME.dump(snapshot))) == snapshot
        assert GAME.pending(loaded) == GAME.pending(snapshot)


# --- bidding ---------------------------------------------------------------------------------


def test_each_seat_is_offered_every_legal_bid_as_a_secret_choice() -> None:
    state, events = GAME.new_game(1, 3)
    assert isinstance(events[-1], RoundStarted) and events[-1].prize == state.prize
    pending = GAME.pending(state)
    assert [d.player for d in pending] == [0, 1, 2]
    decision = pending[0]
    assert (decision.kind, decision.ui, decision.current) == ("sealed.bid", DecisionUI.SECRET,
                                                              None)
    assert [o.label for o in decision.options] == [f"Bid {n}" for n in range(6)]
    assert decision.options[3].action == {"type": "bid", "amount": 3}


def test_a_bid_may_be_changed_until_all_have_bid_under_the_same_key() -> None:
    state, _ = GAME.new_game(2, 3)
    key = GAME.decision_for(state, 0).key
    state, events = bid(state, 0, 2)
    assert events == [BidPlaced(seat=0, changed=False)]
    mine = GAME.decision_for(state, 0)
    assert (mine.key, mine.current) == (key, {"type": "bid", "amount": 2})
    assert [d.player for d in GAME.pending(state)] == [1, 2]  # a placed bid is owed no more
    state, events = bid(state, 0, 4)
    assert events == [BidPlaced(seat=0, changed=True)]
    state, _ = bid(state, 1, 1)
    assert GAME.decision_for(state, 0).key == key
    assert GAME.decision_for(state, 0).current == {"type": "bid", "amount": 4}
    state, events = bid(state, 2, 0)
    assert events[1] == BidsRevealed(round=1, bids=[4, 1, 0])
    assert GAME.decision_for(state, 0) is None  # revealed: too late to change


def test_a_bid_above_five_or_above_ones_coins_is_refused_and_changes_nothing() -> None:
    state, _ = GAME.new_game(4, 2)
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="bid 0 to 5 coins"):
        bid(state, 0, 6)
    poor = state.model_copy(deep=True)
    poor.players[1].coins = 2
    with pytest.raises(IllegalAction, match="bid 0 to 2 coins"):
        bid(poor, 1, 3)
    assert [o.label for o in GAME.decision_for(poor, 1).options] == ["Bid 0", "Bid 1", "Bid 2"]
    for wrong in ({"type": "bid", "amount": -1}, {"type": "bid", "amount": "3"},
                  {"type": "bid", "amount": True}, {"type": "bid"},
                  {"type": "judge", "allow": True}):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, wrong)
    with pytest.raises(NotYourTurn, match="no seat"):
        bid(state, 2, 1)
    assert GAME.dump(state) == before


def test_apply_never_changes_the_state_it_is_given() -> None:
    state, _ = GAME.new_game(6, 2)
    for step in ({"seat": 0, "amount": 3}, {"seat": 1, "amount": 1}):
        before = GAME.dump(state)
        after, _ = bid(state, step["seat"], step["amount"])
        assert GAME.dump(state) == before and after is not state
        state = after
    before = GAME.dump(state)
    judge(state, 1, True)
    assert GAME.dump(state) == before


# --- the judge --------------------------------------------------------------------------------


@pytest.mark.parametrize(("amounts", "winner", "judge_seat"),
                         [([1, 3, 2], 1, 2), ([1, 2, 5], 2, 0), ([4, 0, 0, 1], 0, 1)])
def test_the_judge_is_the_seat_after_the_winner_and_only_they_may_answer(
        amounts: list[int], winner: int, judge_seat: int) -> None:
    state, _ = GAME.new_game(7, len(amounts))
    state, events = bids(state, amounts)
    assert events[-1] == PrizeWon(round=1, seat=winner, bid=max(amounts), prize=state.prize,
                                  judge=judge_seat)
    decision, = GAME.pending(state)
    assert (decision.player, decision.kind, decision.ui) == (judge_seat, "sealed.judge",
                                                             DecisionUI.PROMPT)
    assert [o.action for o in decision.options] == [{"type": "judge", "allow": True},
                                                    {"type": "judge", "allow": False}]
    for other in range(len(amounts)):
        if other != judge_seat:
            assert GAME.decision_for(state, other) is None
            with pytest.raises(NotYourTurn, match=f"seat {judge_seat + 1} judges"):
                judge(state, other, True)
    with pytest.raises(IllegalAction, match="Allow the winning bid or veto it"):
        bid(state, judge_seat, 1)
    _, events = judge(state, judge_seat, False)
    assert isinstance(events[0], Judged) and events[0].judge == judge_seat


def test_allowing_makes_the_winner_pay_and_score_and_a_veto_changes_nothing() -> None:
    state, _ = GAME.new_game(8, 2)
    prize = state.prize
    state, _ = bids(state, [3, 1])
    allowed, events = judge(state, 1, True)
    assert events[0] == Judged(round=1, judge=1, allow=True, seat=0, bid=3, prize=prize)
    assert (allowed.players[0].coins, allowed.players[0].points) == (7, prize)
    assert (allowed.players[1].coins, allowed.players[1].points) == (10, 0)
    vetoed, events = judge(state, 1, False)
    assert events[0].allow is False
    assert [(p.coins, p.points) for p in vetoed.players] == [(10, 0), (10, 0)]
    for after in (allowed, vetoed):
        assert (after.round, after.phase) == (2, "bid")
        assert all(p.bid is None for p in after.players)


def test_a_three_way_tie_for_the_highest_bid_means_nobody_wins_and_the_next_round_starts(
        ) -> None:
    state, _ = GAME.new_game(9, 4)
    prize = state.prize
    state, events = bids(state, [2, 4, 4, 4])
    assert types(events) == [BidPlaced, BidsRevealed, NoWinner, RoundStarted]
    assert events[2] == NoWinner(round=1, bid=4, prize=prize, tied=[1, 2, 3])
    assert (state.round, state.phase) == (2, "bid")
    assert [(p.coins, p.points) for p in state.players] == [(10, 0)] * 4


def duel(state: SealedState, seat: int, move: str) -> tuple[SealedState, list[GameEvent]]:
    """A duellist's move."""
    return GAME.apply(state, seat, {"type": "duel", "move": move})


def test_two_tied_bidders_duel_in_a_room_decision_between_the_two_of_them() -> None:
    state, _ = GAME.new_game(9, 3)
    prize = state.prize
    state, events = bids(state, [2, 4, 4])
    assert types(events) == [BidPlaced, BidsRevealed, DuelStarted]
    assert events[2] == DuelStarted(round=1, seats=[1, 2], bid=4, prize=prize)
    (decision,) = GAME.pending(state)
    assert (decision.player, decision.partner, decision.ui) == (1, 2, DecisionUI.ROOM)
    assert [o.label for o in decision.options] == ["Yield", "Press"]
    with pytest.raises(NotYourTurn, match="partner's turn"):
        duel(state, 2, "yield")
    with pytest.raises(NotYourTurn, match="not in this duel"):
        duel(state, 0, "yield")
    with pytest.raises(IllegalAction):
        duel(state, 1, "split")  # only once pressed


def test_yielding_a_duel_hands_the_prize_to_the_other_who_then_faces_the_judge() -> None:
    state, _ = GAME.new_game(9, 3)
    state, _ = bids(state, [2, 4, 4])
    after, events = duel(state, 1, "yield")
    assert types(events) == [DuelSettled, PrizeWon]
    assert events[0].winner == 2 and events[1].seat == 2 and events[1].judge == 0
    assert after.phase == "judge" and GAME.pending(after)[0].player == 0


def test_a_pressed_duellist_yields_or_splits_and_a_split_means_nobody_wins() -> None:
    state, _ = GAME.new_game(9, 3)
    state, _ = bids(state, [2, 4, 4])
    pressed, events = duel(state, 1, "press")
    assert types(events) == [DuelPressed]
    (decision,) = GAME.pending(pressed)
    assert (decision.player, decision.partner) == (2, 1)
    assert decision.key != GAME.pending(state)[0].key
    assert [o.label for o in decision.options] == ["Yield", "Split"]
    yielded, events = duel(pressed, 2, "yield")
    assert events[0].winner == 1 and yielded.winner == 1
    split, events = duel(pressed, 2, "split")
    assert types(events) == [DuelSettled, RoundStarted] and events[0].winner is None
    assert (split.round, split.phase) == (2, "bid")


def test_after_three_rounds_points_plus_coins_rank_the_players_and_ties_share() -> None:
    state, _ = GAME.new_game(10, 3)
    prizes = [state.prize, *state.prizes]
    state, _ = bids(state, [1, 0, 0])  # seat 0 pays 1 for the first prize
    state, _ = judge(state, 1, True)
    state, _ = bids(state, [0, 5, 0])  # vetoed: seat 1 keeps its coins
    state, _ = judge(state, 2, False)
    state, _ = bids(state, [1, 1, 0])  # two tie: they duel, and split
    state, _ = duel(state, 0, "press")
    state, events = duel(state, 1, "split")  # nobody wins: the game ends
    assert types(events)[-2:] == [DuelSettled, GameEnded]
    assert GAME.is_over(state)
    assert events[-1] == GameEnded(scores=[prizes[0] + 9, 10, 10], winners=[0])
    results = GAME.results(state)
    assert [(s.player, s.rank, s.score) for s in results.standings] == [
        (0, 1, prizes[0] + 9), (1, 2, 10), (2, 2, 10)]  # equal scores share a place
    assert (results.winners, results.tiebreak) == ([0], "score")
    by_seat = {s.player: s for s in results.standings}
    assert by_seat[0].detail == {"points": prizes[0], "coins": 9}
    assert GAME.standing_text(by_seat[1]) == "10 points"
    with pytest.raises(IllegalAction, match="over"):
        bid(state, 0, 0)


def test_equal_best_scores_share_the_win() -> None:
    state, _ = GAME.new_game(11, 2)
    for _ in range(3):
        state, _ = bids(state, [2, 2])
        state, _ = duel(state, 0, "press")
        state, _ = duel(state, 1, "split")
    results = GAME.results(state)
    assert results.winners == [0, 1] and results.tiebreak == "shared"
    assert [s.rank for s in results.standings] == [1, 1]
    assert "shared" in GAME.tiebreak_text(results.tiebreak)


# --- what each seat may see -------------------------------------------------------------------


@pytest.mark.parametrize("viewer", [1, 2, None])
def test_a_view_never_reveals_another_seats_unrevealed_bid(viewer: int | None) -> None:
    state, _ = GAME.new_game(12, 3)
    low, _ = bid(state, 0, 1)
    high, _ = bid(state, 0, 5)
    # The two states differ only in seat 0's secret bid: nobody else can tell them apart.
    assert json.dumps(GAME.view(low, viewer)) == json.dumps(GAME.view(high, viewer))
    seen = GAME.view(high, viewer)
    assert seen["players"][0]["has_bid"] is True and seen["players"][0]["bid"] is None
    ann = GAME.board(seen, ["Ann", "Bob", "Cy"]).splitlines()[1]
    assert ann.endswith("has bid") and "bid 5" not in ann
    assert GAME.board(GAME.view(high, 0), ["Ann", "Bob", "Cy"]).splitlines()[1].endswith(
        "bid 5 (secret)")
    assert {"seat": 0, "kind": "sealed.bid"} not in seen["waiting_for"]


def test_a_seat_sees_its_own_bid_and_everyone_sees_all_bids_after_the_reveal() -> None:
    state, _ = GAME.new_game(13, 3)
    state, _ = bid(state, 0, 3)
    own = GAME.view(state, 0)
    assert own["players"][0]["bid"] == 3
    assert own["decision"]["current"] == {"type": "bid", "amount": 3}
    assert GAME.view(state, 1)["decision"]["current"] is None
    state, _ = bid(state, 1, 1)
    state, _ = bid(state, 2, 2)
    public = GAME.view(state, None)
    assert [p["bid"] for p in public["players"]] == [3, 1, 2]
    assert (public["winner"], public["judge"]) == (0, 1)
    assert public["waiting_for"] == [{"seat": 1, "kind": "sealed.judge"}]
    assert public["decision"] is None and public["results"] is None
    assert GAME.view(state, 7) == public  # no seat: a spectator


def test_a_view_does_not_reveal_the_order_of_the_prizes_to_come() -> None:
    state, _ = GAME.new_game(14, 2)
    other = state.model_copy(update={"prizes": list(reversed(state.prizes))})
    assert GAME.view(state, 0) == GAME.view(other, 0)
    assert GAME.view(state, 0)["prizes_left"] == 2


def test_every_event_has_a_line_and_a_placed_bid_never_says_how_much() -> None:
    game = play_game("sealed", 15, ["random"] * 3)
    _, events = replay(game.record)
    names = ["Ann", "Bob", "Cy"]
    for event in events:
        line = GAME.narrate(event, names)
        assert line, event
        if isinstance(event, BidPlaced):
            assert not any(ch.isdigit() for ch in line)
            assert set(event.model_dump()) == {"type", "seat", "changed"}


# --- registration -----------------------------------------------------------------------------


def test_the_registry_lists_esr_first_and_sealed_after_it() -> None:
    names = [kind.name for kind in kinds()]
    assert names[0] == "esr"
    assert "sealed" in names[1:]
    assert get_kind("sealed") is GAME


# --- through the real service -----------------------------------------------------------------


async def test_a_whole_game_through_the_service_on_a_real_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "sealed.sqlite3"
    rng = random.Random(5)
    service = await GameService.open(path, clock=lambda: 1_000_000.0, snapshot_every=3)
    try:
        lobby = await service.create_lobby(1, 100, 1, "Ann", kind="sealed", seed=99)
        assert (lobby.kind, lobby.max_players) == ("sealed", 4)
        await service.add_ai(lobby.id, 1)
        await service.add_ai(lobby.id, 1)
        started = await service.start(lobby.id, 1)
        assert isinstance(started.events[0], GameEvent)
        human = (await service.get_view(lobby.id, 1)).seat
        for moves in range(50):
            if (await service.get_game(lobby.id)).status != "running":
                break
            if moves == 2:  # reopen the file: the game is rebuilt from a snapshot and the log
                await service.close()
                service = await GameService.open(path, clock=lambda: 1_000_000.0,
                                                 snapshot_every=3)
                await service.resume()
            pv = await service.get_view(lobby.id, 1)
            assert pv.decision is not None and pv.decision.player == human
            others = [p for p in pv.view["players"] if p["seat"] != human]
            if pv.view["phase"] == "bid":  # the AI seats have bid already, in secret
                assert all(p["has_bid"] and p["bid"] is None for p in others)
            decision, action = await service.suggest(lobby.id, 1, rng)
            await service.submit(lobby.id, 1, action, decision.key)
        info = await service.get_game(lobby.id)
        assert info.status == "finished"
        final = GAME.load(await service.state_json(lobby.id))
        assert GAME.is_over(final)
        record = await service.export_record(lobby.id)
        assert replay(record)[0] == final
        results = GAME.results(final)
        assert len(results.standings) == 3
        assert await service.leaderboard(1) == []  # one person against AI seats: practice
        board = await service.leaderboard(1, practice=True)
        assert [row.user_id for row in board] == [1]
        assert board[0].wins == int(human in results.winners)
    finally:
        await service.close()
