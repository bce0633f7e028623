"""The action log: seed, seats and log replay any state exactly."""

from engine import get_kind
from engine.core.record import GameRecord, replay
from engine.core.simulate import play_game


def test_replaying_a_finished_game_reproduces_its_final_state_exactly() -> None:
    game = play_game("esr", 11, ["random"] * 4)
    state, _ = replay(game.record)
    assert get_kind("esr").dump(state) == get_kind("esr").dump(game.final_state)
    assert get_kind("esr").is_over(state)


def test_replaying_a_prefix_gives_the_state_at_that_point() -> None:
    game = play_game("esr", 12, ["random"] * 3)
    kind = get_kind("esr")
    state, _ = kind.new_game(game.record.seed, 3)
    for entry in game.record.actions[:40]:
        state, _ = kind.apply(state, entry.player, entry.action)
    prefix, _ = replay(game.record, upto=40)
    assert get_kind("esr").dump(prefix) == get_kind("esr").dump(state)


def test_record_round_trips_through_json() -> None:
    record = play_game("esr", 13, ["random"] * 5).record
    again = GameRecord.model_validate_json(record.model_dump_json())
    assert again == record
    assert get_kind("esr").dump(replay(again)[0]) == get_kind("esr").dump(replay(record)[0])
