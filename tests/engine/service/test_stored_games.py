"""Games stored by the code before the multi-game reshape (tests/fixtures/, written at commit
6d7abd9) still load, resume, replay and play on, with byte-identical states."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from engine.core.record import replay
from engine.core.registry import get_kind
from engine.service import GameService

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
STATES = json.loads((FIXTURES / "stored_games_v1.states.json").read_text(encoding="utf-8"))
CLOCK = 1_700_000_000.0  # the clock the fixture was written with


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    """A copy of the fixture file (the test may write to it; the committed file stays as is)."""
    path = tmp_path / "stored.sqlite3"
    shutil.copyfile(FIXTURES / "stored_games_v1.sqlite3", path)
    return path


async def test_the_old_file_resumes_both_running_games_with_identical_states(
        stored: Path) -> None:
    async with await GameService.open(stored, clock=lambda: CLOCK) as service:
        resumed = await service.resume()
        assert sorted(info.id for info in resumed) == [2, 3]
        for game_id in (1, 2, 3):
            assert await service.state_json(game_id) == STATES[str(game_id)]
        lobby = await service.get_game(4)
        assert lobby.status == "lobby" and [s.name for s in lobby.seats] == ["emil", "fay"]


async def test_every_stored_game_replays_from_its_log_to_the_stored_state(stored: Path) -> None:
    async with await GameService.open(stored, clock=lambda: CLOCK) as service:
        await service.resume()
        for game_id in (1, 2, 3):
            record = await service.export_record(game_id)
            state, _ = replay(record)
            assert get_kind(record.kind).dump(state) == STATES[str(game_id)]
        finished = await service.get_game(1)
        assert finished.status == "finished"
        results = get_kind("esr").results(get_kind("esr").load(STATES["1"]))
        assert results is not None and len(results.standings) == 4


async def test_the_stored_negotiation_is_still_a_room_decision_with_its_room_remembered(
        stored: Path) -> None:
    async with await GameService.open(stored, clock=lambda: CLOCK) as service:
        await service.resume()
        pv = await service.get_view(3, 31)
        assert pv.decision is not None and pv.decision.ui == "room"
        assert pv.decision.partner is not None and pv.decision.partner != pv.decision.player
        refs = await service.get_messages(3)
        assert (refs["negotiation"].channel_id, refs["negotiation"].message_id) == (7003, 5004)


async def test_stored_running_games_play_on_to_the_end(stored: Path) -> None:
    rng = random.Random(5)
    async with await GameService.open(stored, clock=lambda: CLOCK) as service:
        await service.resume()
        for game_id, humans in ((2, (21, 22)), (3, (31,))):
            for _ in range(3000):
                if (await service.get_game(game_id)).status != "running":
                    break
                for user in humans:
                    pv = await service.get_view(game_id, user)
                    if pv.decision is not None and pv.decision.current is None:
                        action = rng.choice(pv.decision.options).action
                        await service.submit(game_id, user, action, pv.decision.key)
            assert (await service.get_game(game_id)).status == "finished"
            state, _ = replay(await service.export_record(game_id))
            assert get_kind("esr").dump(state) == await service.state_json(game_id)
