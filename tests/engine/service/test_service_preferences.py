"""Per-user preferences and front-end bookkeeping survive a reopen of the file."""

from pathlib import Path

from engine.service import GameService


async def test_preferences_default_then_persist_across_reopen(tmp_path: Path) -> None:
    path = tmp_path / "prefs.sqlite3"
    async with await GameService.open(path) as service:
        assert await service.get_preference(42, "dm_prompts", False) is False
        await service.set_preference(42, "dm_prompts", True)
        await service.set_preference(43, "dm_prompts", False)
        await service.set_meta("commands:global", "abc")
    async with await GameService.open(path) as service:
        assert await service.get_preference(42, "dm_prompts") is True
        assert await service.get_preference(43, "dm_prompts") is False
        assert await service.get_meta("commands:global") == "abc"
        assert await service.get_meta("unknown") is None


async def test_setting_a_preference_again_replaces_it(tmp_path: Path) -> None:
    async with await GameService.open(tmp_path / "p.sqlite3") as service:
        await service.set_preference(7, "dm_prompts", True)
        await service.set_preference(7, "dm_prompts", False)
        assert await service.get_preference(7, "dm_prompts") is False
