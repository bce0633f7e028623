"""engine/ must never depend on Discord: every front end goes through it."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[3] / "engine"


def test_no_engine_module_imports_discord() -> None:
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path}: {n}" for n in names if n.split(".")[0] in {"discord", "bot"}]
    assert offenders == []


def test_importing_and_playing_the_engine_loads_no_discord_module() -> None:
    code = (
        "import sys, pkgutil, importlib, engine\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    if not m.name.endswith('__main__'): importlib.import_module(m.name)\n"
        "from engine.core.simulate import play_game\n"
        "play_game('esr', 1, ['random'] * 3)\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] == 'discord'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
