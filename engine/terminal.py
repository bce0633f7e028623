"""`python -m engine play`: one person plays a whole game in the terminal against AI seats.

It goes through the same GameService (and SQLite file) as the Discord bot.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core.errors import EngineError
from engine.core.game import Decision
from engine.service import GameService

YOU = "you"
COLOUR_KEYS = ("red", "yellow", "green", "blue")
Ask = Callable[[str], str]
Say = Callable[[str], None]


def board(view: dict[str, Any], names: list[str]) -> str:
    """The public table as plain text."""
    lines = [f"=== Round {view['round']}/3 · turn {view['turn']}/{view['turns_per_round']} ==="]
    face_up = view["face_up_event"]
    if face_up:
        lines.append(f"Face-up event card: {face_up['name']} — {face_up['text']}")
    for p in view["players"]:
        gems = " ".join(f"{c[0].upper()}{n}" for c, n in p["gems"].items())
        card = p["gem_card"]["label"] if p["gem_card"] else "-"
        status = ("chose " + p["choice"]) if p["choice"] else ("chosen" if p["has_chosen"] else "")
        cards = ", ".join(c["name"] for c in p["scoring_cards"])
        lines.append(f"  {names[p['seat']]:<10} {p['money']:>4}M  {gems}  card {card}  "
                     f"{status}{'  [' + cards + ']' if cards else ''}")
    supply = " ".join(f"{c[0].upper()}{n}" for c, n in view["supply"].items())
    lines.append(f"Supply: {supply}")
    return "\n".join(lines)


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


async def play(players: int, ask: Ask = input, say: Say = print, ai_level: str = "random",
               db: Path | None = None, seed: int | None = None) -> int:
    """Run one game to the end (or until the player quits); returns an exit code."""
    path = db or Path(tempfile.mkdtemp()) / "terminal.sqlite3"
    async with await GameService.open(path) as service:
        info = await service.create_lobby(0, 0, YOU, "You", seed=seed)
        for _ in range(players - 1):
            await service.add_ai(info.id, YOU, ai_level)
        await service.start(info.id, YOU)
        info = await service.get_game(info.id)
        names = [s.name for s in sorted(info.seats, key=lambda s: s.seat)]
        while True:
            pv = await service.get_view(info.id, YOU)
            if pv.status != "running":
                break
            if pv.decision is None:
                await service.play_ai_turns(info.id)
                continue
            say(board(pv.view, names))
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
            for event in result.events:
                say(f"  · {event.type.replace('_', ' ')}")
        final = await service.get_view(info.id, None)
        results = final.view["results"]
        say("=== Game over ===")
        for standing in results["standings"]:
            say(f"{standing['rank']}. {names[standing['player']]}: {standing['score']} million")
        winners = " and ".join(names[s] for s in results["winners"])
        say(f"Winner: {winners} (decided by {results['tiebreak']})")
        return 0


def run(players: int, ai_level: str, seed: int | None) -> int:
    """Entry point for the CLI."""
    return asyncio.run(play(players, ai_level=ai_level, seed=seed))
