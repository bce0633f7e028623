"""`python -m bot`: clear help without a token; the token comes from the environment or .env."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot import __main__ as entry
from bot.config import BotSettings
from bot.core.client import JuwelierBot, ShardedJuwelierBot, make_bot

REPO = Path(__file__).resolve().parents[2]
TOKEN_VARIABLES = ("DISCORD_TOKEN", "JUWELIER_TOKEN")


@pytest.fixture
def clean_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty working directory (so no .env of the developer's is read) and no token set;
    the collector settings main() makes are undone after."""
    for name in TOKEN_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    before = gc.get_threshold()
    yield tmp_path
    gc.set_threshold(*before)


def test_without_a_token_python_m_bot_exits_at_once_with_setup_help(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in TOKEN_VARIABLES}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode != 0
    assert "https://discord.com/developers/applications" in done.stderr
    assert "DISCORD_TOKEN=" in done.stderr
    assert not list(tmp_path.iterdir()), "nothing was started: not even the database file"


def test_a_blank_token_counts_as_no_token(clean_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "   ")
    monkeypatch.setattr(JuwelierBot, "run", lambda *a, **k: pytest.fail("must not connect"))
    assert entry.main() == 2
    assert "discord.com/developers" in capsys.readouterr().err


def test_settings_read_the_token_and_options_from_a_dotenv_file(clean_dir: Path) -> None:
    (clean_dir / ".env").write_text("DISCORD_TOKEN=token-from-dotenv\n"
                                    "JUWELIER_DEV_GUILD_ID=42\n"
                                    "JUWELIER_DB_PATH=games.sqlite3\n", encoding="utf-8")
    settings = BotSettings()
    assert settings.token == "token-from-dotenv"
    assert settings.dev_guild_id == 42
    assert settings.db_path == Path("games.sqlite3")


def test_the_juwelier_token_variable_works_too(clean_dir: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUWELIER_TOKEN", "token-from-env")
    assert BotSettings().token == "token-from-env"


def test_with_a_token_in_dotenv_main_runs_the_bot_with_it(clean_dir: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (clean_dir / ".env").write_text("DISCORD_TOKEN=token-from-dotenv\n", encoding="utf-8")
    calls: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(JuwelierBot, "run",
                        lambda self, token, **kwargs: calls.append((token, kwargs)))
    assert entry.main() == 0
    assert calls == [("token-from-dotenv", {"log_handler": None})]


def test_shards_on_the_command_line_make_a_bot_running_just_those(clean_dir: Path) -> None:
    settings = entry.read_settings(["--shards", "0-2,5", "--shard-count", "8"])
    assert settings.shard_ids == (0, 1, 2, 5) and settings.shard_count == 8
    bot = make_bot(settings)
    assert isinstance(bot, ShardedJuwelierBot)
    assert (bot.shard_ids, bot.shard_count) == ([0, 1, 2, 5], 8)
    assert type(make_bot(BotSettings())) is JuwelierBot  # no shards named: one process, all


def test_shards_come_from_the_environment_too(clean_dir: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUWELIER_SHARDS", "4-7")
    monkeypatch.setenv("JUWELIER_SHARD_COUNT", "8")
    monkeypatch.setenv("JUWELIER_DATABASE_URL", "postgresql://bot@db/juwelier")
    settings = entry.read_settings([])
    assert settings.shard_ids == (4, 5, 6, 7) and settings.shard_count == 8
    assert settings.database == "postgresql://bot@db/juwelier"
    assert entry.read_settings(["--shards", "0-3"]).shard_ids == (0, 1, 2, 3)  # the line wins


@pytest.mark.parametrize("argv", [["--shards", "0-3"], ["--shards", "0-8", "--shard-count", "8"],
                                  ["--shards", "two", "--shard-count", "8"]])
def test_shards_that_cannot_be_run_stop_with_a_usage_error(
        clean_dir: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        entry.read_settings(argv)
    assert stopped.value.code == 2 and "shard" in capsys.readouterr().err
