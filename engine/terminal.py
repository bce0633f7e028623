"""`python -m engine play`: one person plays a whole game in the terminal against AI seats.

It goes through the same GameService (and SQLite file) as the Discord bot.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.core.errors import EngineError
from engine.core.game import Decision, GameEvent
from engine.esr.narrate import TIEBREAK_TEXT, narrate
from engine.service import GameService
from engine.terminal_board import board

YOU = "you"
Ask = Callable[[str], str]
Say = Callable[[str], None]


def parse_answer(decision: Decision, text: str) -> dict[str, Any] | None:
    """An option number, or for offers four counts 'red yellow green blue'; None if unreadable."""
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= len(decision.options):
        return decision.options[int(text) - 1].action
    parts = text.replace(",", " ").split()
    if "offer" in decision.constraints and len(parts) == 4 and all(p.isdigit() for p in parts):
        return {"type": "offer", "gems": [int(p) for p in parts]}
    return None


def prompt_text(decision: Decision) -> str:
    """The decision and its numbered options."""
    lines = [decision.prompt]
    lines += [f"  {i}. {o.label}" + (f" — {o.detail}" if o.detail else "")
              for i, o in enumerate(decision.options, start=1)]
    if "offer" in decision.constraints:
        lines.append("  or type an offer as four numbers: red yellow green blue (e.g. 0 1 0 2)")
    lines.append("  (q to quit)")
    return "\n".join(lines)


def tell(say: Say, events: Sequence[GameEvent], names: Sequence[str]) -> None:
    """Narrate events in order, one line each (AI moves included; all ESR events are public)."""
    for event in events:
        line = narrate(event, names)
        if line:
            say(f"  • {line}")


def final_standings(view: dict[str, Any], names: Sequence[str]) -> str:
    """The ranking and the winner, once the game is over."""
    results = view["results"]
    lines = ["", "=== Game over ==="]
    lines += [f"{s['rank']}. {names[s['player']]}: {s['score']} million"
              for s in results["standings"]]
    winners = " and ".join(names[s] for s in results["winners"])
    tiebreak = TIEBREAK_TEXT.get(results["tiebreak"], results["tiebreak"])
    lines.append(f"Winner: {winners} ({tiebreak})")
    return "\n".join(lines)


async def play(players: int, ask: Ask = input, say: Say = print, ai_level: str = "random",
               db: Path | None = None, seed: int | None = None, name: str = "Player") -> int:
    """Run one game to the end (or until the player quits); returns an exit code."""
    path = db or Path(tempfile.mkdtemp()) / "terminal.sqlite3"
    async with await GameService.open(path) as service:
        info = await service.create_lobby(0, 0, YOU, name, seed=seed)
        for _ in range(players - 1):
            await service.add_ai(info.id, YOU, ai_level)
        started = await service.start(info.id, YOU)
        info = await service.get_game(info.id)
        names = [s.name for s in sorted(info.seats, key=lambda s: s.seat)]
        tell(say, started.events, names)
        shown = -1  # the version whose board was printed last: reprint only after a change
        while True:
            pv = await service.get_view(info.id, YOU)
            if pv.status != "running":
                break
            if pv.decision is None:
                tell(say, (await service.play_ai_turns(info.id)).events, names)
                continue
            if pv.version != shown:
                say("\n" + board(pv.view, names))
                shown = pv.version
            say(prompt_text(pv.decision))
            try:
                text = ask("> ")
            except (EOFError, KeyboardInterrupt):
                text = "q"
            if text.strip().lower() in ("q", "quit", "exit"):
                say("Bye — the game is saved in " + str(path))
                return 0
            action = parse_answer(pv.decision, text)
            if action is None:
                say("Please type one of the numbers shown.")
                continue
            try:
                result = await service.submit(info.id, YOU, action, pv.decision.key)
            except EngineError as exc:
                say(f"Not allowed: {exc.message}")
                continue
            tell(say, result.events, names)
        final = await service.get_view(info.id, None)
        say(final_standings(final.view, names))
        return 0


def _ask(prompt: str) -> str:
    text = input(prompt)
    if not sys.stdin.isatty():
        print(text)  # piped answers are not echoed, and a transcript should show them
    return text


def run(players: int, ai_level: str, seed: int | None, name: str = "Player") -> int:
    """Entry point for the CLI."""
    return asyncio.run(play(players, ask=_ask, ai_level=ai_level, seed=seed, name=name))
