"""`python -m engine play`: one person plays a whole game in the terminal against AI seats.

It goes through the same GameService (and SQLite file) as the Discord bot, and knows no game:
the board, the narration and free-form answers come from the game's GameKind text hooks.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.catalog import _
from engine.core.errors import EngineError
from engine.core.game import Decision, GameEvent, GameKind
from engine.core.registry import get_kind, kinds
from engine.service import GameService

YOU = "you"
Ask = Callable[[str], str]
Say = Callable[[str], None]


def parse_answer(kind: GameKind, decision: Decision, text: str) -> dict[str, Any] | None:
    """An option number, or a free-form answer the game reads (an ESR offer); None if neither."""
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= len(decision.options):
        return decision.options[int(text) - 1].action
    return kind.parse_text(decision, text)


def prompt_text(kind: GameKind, decision: Decision) -> str:
    """The decision and its numbered options."""
    lines = [decision.prompt]
    lines += [f"  {i}. {o.label}" + (f" — {o.detail}" if o.detail else "")
              for i, o in enumerate(decision.options, start=1)]
    hint = kind.text_hint(decision)
    if hint:
        lines.append(f"  {hint}")
    lines.append("  " + _("(q to quit)"))
    return "\n".join(lines)


def tell(kind: GameKind, say: Say, events: Sequence[GameEvent], names: Sequence[str]) -> None:
    """Narrate events in order, one line each (AI moves included; narration is public)."""
    for event in events:
        line = kind.narrate(event, names)
        if line:  # a block of several lines (a round's scoring) stays indented under its bullet
            say("  • " + line.replace("\n", "\n    "))


def final_standings(kind: GameKind, view: dict[str, Any], names: Sequence[str]) -> str:
    """The ranking and the winner, once the game is over."""
    results = view["results"]
    lines = ["", "=== " + _("Game over") + " ==="]
    # Translators: one line of the final standings: rank, name, score with its unit
    lines += [_("{rank}. {name}: {score}").format(rank=s["rank"], name=names[s["player"]],
                                                  score=kind.score_text(s["score"]))
              for s in results["standings"]]
    winners = and_list([names[s] for s in results["winners"]])
    # Translators: {winners} names the winner (or winners); {tiebreak} says how a tie was broken
    lines.append(_("Winner: {winners} ({tiebreak})").format(
        winners=winners, tiebreak=kind.tiebreak_text(results["tiebreak"])))
    return "\n".join(lines)


def and_list(items: Sequence[str]) -> str:
    """'A', 'A and B', 'A and B and C' (each 'and' translated as one whole phrase)."""
    text = items[0] if items else ""
    for item in items[1:]:
        # Translators: joins two names (the first may itself be joined), e.g. "Ann and Bo"
        text = _("{first} and {second}").format(first=text, second=item)
    return text


def seat_names(seats: Sequence[Any]) -> list[str]:
    """Names in seat order; AI seats numbered in that order too (AI 1, AI 2, …), whatever
    order they were added in."""
    ordered = sorted(seats, key=lambda s: s.seat)
    numbers = iter(range(1, len(ordered) + 1))
    # Translators: an AI seat's name in the terminal game; {number} counts from 1
    return [_("AI {number}").format(number=next(numbers)) if s.is_ai else s.name
            for s in ordered]


async def play(players: int, ask: Ask = input, say: Say = print, ai_level: str = "random",
               db: Path | None = None, seed: int | None = None, name: str = "Player",
               game: str | None = None, resume: bool = False) -> int:
    """Run one game to the end (or until the player quits); returns an exit code. `resume`
    goes on with the unfinished game saved in `db` instead of starting one."""
    path = db or Path(tempfile.mkdtemp()) / "terminal.sqlite3"
    async with await GameService.open(path) as service:
        if resume:
            await service.resume()
            mine = [g for g in await service.running_games() if g.seat_of(YOU) is not None]
            if not mine:
                say(_("There is no unfinished game in {path}.").format(path=path))
                return 2
            info = mine[-1]
            kind = get_kind(info.kind)
            say(_("Going on with game #{game_id} ({game}).").format(game_id=info.id,
                                                                     game=kind.title))
        else:
            kind = get_kind(game) if game else default_kind()
            info = await service.create_lobby(0, 0, YOU, name, seed=seed, kind=kind.name)
            for _seat in range(players - 1):
                await service.add_ai(info.id, YOU, ai_level)
            started = await service.start(info.id, YOU)
            info = await service.get_game(info.id)
        names = seat_names(info.seats)
        if not resume:
            tell(kind, say, started.events, names)
        shown = -1  # the version whose board was printed last: reprint only after a change
        while True:
            pv = await service.get_view(info.id, YOU)
            if pv.status != "running":
                break
            if pv.decision is None:
                tell(kind, say, (await service.play_ai_turns(info.id)).events, names)
                continue
            if pv.version != shown:
                say("\n" + kind.board(pv.view, names))
                shown = pv.version
            say(prompt_text(kind, pv.decision))
            try:
                text = ask("> ")
            except (EOFError, KeyboardInterrupt):
                text = "q"
            if text.strip().lower() in ("q", "quit", "exit"):
                # Translators: {command} is a command line to type as it is
                say(_("Bye — the game is saved in {path}; go on with: {command}").format(
                    path=path, command=f"python -m engine play --resume --db {path}"))
                return 0
            action = parse_answer(kind, pv.decision, text)
            if action is None:
                say(_("Please type one of the numbers shown."))
                continue
            try:
                result = await service.submit(info.id, YOU, action, pv.decision.key)
            except EngineError as exc:
                say(_("Not allowed: {message}").format(message=exc.message))
                continue
            tell(kind, say, result.events, names)
        final = await service.get_view(info.id, None)
        say(final_standings(kind, final.view, names))
        return 0


def _ask(prompt: str) -> str:
    text = input(prompt)
    if not sys.stdin.isatty():
        print(text)  # piped answers are not echoed, and a transcript should show them
    return text


def default_kind() -> GameKind:
    """The first registered game (the first built-in one)."""
    return kinds()[0]


def run(players: int, ai_level: str, seed: int | None, name: str = "Player",
        game: str | None = None, db: Path | None = None, resume: bool = False) -> int:
    """Entry point for the CLI."""
    return asyncio.run(play(players, ask=_ask, ai_level=ai_level, seed=seed, name=name,
                            game=game, db=db, resume=resume))
