"""The docs stay true to the tree: every relative link in README.md and docs/ reaches a file (and
a heading, where it names one), every repository path they name in backticks exists, and every
command the README shows still runs (with --help where it would start a bot or a game that waits
for a person)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\n]+)`")
# Repository paths a doc may name in backticks: they start with one of the tree's own folders.
TOP = ("engine/", "bot/", "tests/", "benchmarks/", "data/", "docs/", ".ci/")
PATTERN_MARKS = set("<>*{}…|$ ") | {"NNNN"}


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file (repeated headings get -1, -2 …)."""
    seen: dict[str, int] = {}
    found = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if fenced or not line.startswith("#"):
            continue
        base = slug(line.lstrip("#"))
        count = seen.get(base, 0)
        found.add(base if count == 0 else f"{base}-{count}")
        seen[base] = count + 1
    return found


def prose(path: Path) -> str:
    """The file without its fenced code blocks."""
    return re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)


def broken_links(path: Path) -> list[str]:
    """Relative links of one file that reach no file or no heading."""
    broken = []
    for match in LINK.finditer(prose(path)):
        target = match.group(1) or match.group(2)
        if re.match(r"[a-z]+:", target) or target.startswith("//"):
            continue  # https:, mailto: …: not ours to check offline
        file_part, _, anchor = target.partition("#")
        where = (path.parent / file_part).resolve() if file_part else path
        if not where.exists():
            broken.append(f"{path.relative_to(ROOT)}: {target} (no such file)")
        elif anchor and where.suffix == ".md" and anchor not in anchors(where):
            broken.append(f"{path.relative_to(ROOT)}: {target} (no such heading)")
    return broken


def missing_paths(path: Path) -> list[str]:
    """Repository paths named in backticks that do not exist."""
    missing = []
    for match in CODE.finditer(path.read_text(encoding="utf-8")):
        text = match.group(1).strip()
        for word in text.split():
            word = word.strip("(),;:'\"")
            if not word.startswith(TOP) or any(mark in word for mark in PATTERN_MARKS):
                continue
            name = word.split("::")[0].rstrip(".")
            folder, _, leaf = name.rpartition("/")
            module = f"{folder}/{leaf.split('.')[0]}.py"  # `bot/core/x.name`: a name in x.py
            if not (ROOT / name).exists() and not (ROOT / module).exists():
                missing.append(f"{path.relative_to(ROOT)}: {word}")
    return missing


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_a_file_and_heading(doc: Path) -> None:
    assert not broken_links(doc)


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_repository_path_named_exists(doc: Path) -> None:
    assert not missing_paths(doc)


# --- the README's commands ---------------------------------------------------------------------

SETUP = re.compile(r"^(python3 -m venv \.venv|\.venv/bin/pip install .*)$")


def waits(args: list[str]) -> bool:
    """Whether a Python command starts something that waits (the bot, the playground's local
    server, a terminal game for a person): run with --help instead, which still imports and
    parses everything it needs."""
    return args[:2] in (["-m", "bot"], ["-m", "bot.playground"]) \
        or (args[:2] == ["-m", "engine"] and "play" in args)


# The pages whose commands a newcomer copies: the README, and the command line's own page.
COMMAND_PAGES = (ROOT / "README.md", ROOT / "docs" / "command-line.md")


def readme_commands() -> list[list[str]]:
    """Each shell block of the command pages as its commands, setup steps (the venv, pip) left
    out: CI itself runs the install and test commands exactly as written."""
    text = "\n".join(page.read_text(encoding="utf-8") for page in COMMAND_PAGES)
    blocks = re.findall(r"```(?:sh|bash|shell)\n(.*?)```", text, flags=re.S)
    found = []
    for block in blocks:
        commands = []
        for line in block.replace("\\\n", " ").splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if not line or line.startswith("#"):
                continue
            commands += [part.strip() for part in line.split("&&")
                         if part.strip() and not SETUP.match(part.strip())]
        found.append(commands)
    return found


def runnable(command: str) -> tuple[dict[str, str], list[str]] | None:
    """The environment and argv to run a README command with, or None for one not run here
    (docker: no engine on this machine or in CI; pytest: this is it)."""
    words = shlex.split(command)
    env = {}
    while words and re.match(r"^[A-Z_]+=", words[0]):
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    if not words or words[0] in ("docker", ".venv/bin/pytest", "pytest"):
        return None
    if words[0] in (".venv/bin/python", "python", "python3"):
        words[0] = sys.executable
    if waits(words[1:]):
        words.append("--help")
    return env, words


def test_the_commands_the_readme_and_the_command_line_page_show_run(tmp_path: Path) -> None:
    blocks = readme_commands()
    assert sum(len(b) for b in blocks) >= 5
    ran = 0
    for commands in blocks:
        for command in commands:
            plan = runnable(command)
            if plan is None:
                continue
            env, argv = plan
            done = subprocess.run(argv, cwd=tmp_path, env={**os.environ, **env},
                                  capture_output=True, text=True, timeout=300)
            assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
            ran += 1
    assert ran >= 5
