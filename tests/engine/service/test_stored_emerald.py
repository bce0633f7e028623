"""Emerald games stored before ruling EM-20 (tests/fixtures/stored_emerald_v1.sqlite3, written by
the code of commit 4dc5fc5, see make_stored_emerald.py): each replays exactly as it was played,
under the rules revision it was set up under, and a running one follows EM-20 from its next roll.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from engine.core.errors import EngineError
from engine.core.game import CLOCK
from engine.core.record import replay
from engine.core.registry import get_kind
from engine.service import GameService

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
STORED = json.loads((FIXTURES / "stored_emerald_v1.states.json").read_text(encoding="utf-8"))
ROLES, VERSIONS, STATES = STORED["roles"], STORED["versions"], STORED["states"]
CLOCK_AT = 1_700_000_000.0  # the clock the fixture was written with
KIND = get_kind("emerald")


def as_played(game_id: int):
    """The state the old code rebuilt for this game."""
    return KIND.load(STATES[str(game_id)])


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    """A copy of the fixture file (the test writes to it; the committed file stays as is)."""
    path = tmp_path / "stored.sqlite3"
    shutil.copyfile(FIXTURES / "stored_emerald_v1.sqlite3", path)
    return path


def test_the_fixture_holds_what_it_says() -> None:
    stranded = as_played(ROLES["stranded"])
    assert (stranded.heading, stranded.dragon) == (-1, stranded.rail)  # on the end it heads for
    tail = as_played(ROLES["tail"])
    assert tail.dragon < tail.rail  # its roll from there walked it off the rail
    assert KIND.is_over(as_played(ROLES["finished"]))
    assert all(as_played(int(game_id)).rules == 1 for game_id in STATES)


async def test_every_stored_game_replays_under_its_own_revision_exactly_as_played(
        stored: Path) -> None:
    async with await GameService.open(stored, clock=lambda: CLOCK_AT) as service:
        await service.resume()
        for game_id in map(int, STATES):
            record = await service.export_record(game_id)
            assert record.rules_revision == 1
            state, _ = replay(record, upto=VERSIONS[str(game_id)])
            assert state == as_played(game_id)
        # Under today's rule the same logs lead elsewhere: what revision 1 keeps them from.
        record = await service.export_record(ROLES["finished"])
        try:
            today, _ = replay(record.model_copy(update={"rules_revision": 2}))
        except EngineError:  # a logged action no longer legal there
            today = None
        assert today != as_played(ROLES["finished"])


async def test_a_game_stranded_by_an_old_shift_turns_on_resume_and_rolls_along_the_rail(
        stored: Path) -> None:
    game_id = ROLES["stranded"]
    before = as_played(game_id)
    async with await GameService.open(stored, clock=lambda: CLOCK_AT) as service:
        pending_before = KIND.pending(before)[0]
        await service.resume()
        log = await service.action_log(game_id)
        assert len(log) == VERSIONS[str(game_id)] + 1
        assert (log[-1].seat, log[-1].by, log[-1].action) == (
            CLOCK, "clock", {"type": "rules", "revision": 2})
        state = KIND.load(await service.state_json(game_id))
        assert (state.rules, state.heading, state.dragon) == (2, 1, before.dragon)
        # The decision owed is the same one, under the same key: an open prompt stays good.
        assert KIND.pending(state)[0] == pending_before
        # Its event is told like any move's: the story says the dragon turned.
        _, events = replay(await service.export_record(game_id))
        (update,) = [e for e in events if e.type == "rules_updated"]
        assert update.dragon_turned and "faces the chamber" in KIND.narrate(update, ["A", "B"])
        # Play on until the dragon rolls: its first step goes toward the chamber.
        rng, user = random.Random(1), _human(await service.get_game(game_id))
        for _ in range(200):
            pv = await service.get_view(game_id, user)
            if pv.decision is None:
                break
            result = await service.submit(game_id, user, rng.choice(pv.decision.options).action,
                                          pv.decision.key)
            rolls = [e for e in result.events if e.type == "dragon_moved"]
            if rolls:
                assert rolls[0].start == before.dragon and rolls[0].path[0] == before.dragon + 1
                break
        else:
            raise AssertionError("the dragon never rolled")
        # A second start moves nothing on again.
        version = await service.version(game_id)
    async with await GameService.open(stored, clock=lambda: CLOCK_AT) as service:
        await service.resume()
        assert await service.version(game_id) == version


async def test_stored_games_resume_without_damage_and_play_on_to_the_end_under_em20(
        stored: Path) -> None:
    async with await GameService.open(stored, clock=lambda: CLOCK_AT) as service:
        resumed = await service.resume()
        assert sorted(info.id for info in resumed) == sorted([ROLES["stranded"], ROLES["tail"]])
        assert await service.damaged_untold() == []
        rng = random.Random(7)
        for game_id in (ROLES["stranded"], ROLES["tail"]):
            user = _human(await service.get_game(game_id))
            for _ in range(3000):
                pv = await service.get_view(game_id, user)
                if pv.status != "running":
                    break
                if pv.decision is not None:
                    await service.submit(game_id, user, rng.choice(pv.decision.options).action,
                                         pv.decision.key)
            assert (await service.get_game(game_id)).status == "finished"
            record = await service.export_record(game_id)
            state, _ = replay(record)
            assert KIND.dump(state) == await service.state_json(game_id)
            upgraded = [i for i, e in enumerate(record.actions) if e.player == CLOCK]
            assert len(upgraded) == 1
            after = replay(record, upto=upgraded[0] + 1)[0]
            assert after.rules == 2 and not (after.heading == -1 and after.dragon == after.rail)


def _human(info) -> int:
    return next(seat.user_id for seat in info.seats if seat.ai_level is None)
