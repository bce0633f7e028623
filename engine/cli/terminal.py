"""`python -m engine play`: one person plays a whole game in the terminal against AI seats.

It goes through the same GameService (and SQLite file) as the Discord bot, and knows no game:
the board, what changed on it, the narration and free-form answers come from the game's
GameKind text hooks. Every line it prints is wrapped to 80 columns (engine.core.plaintext).
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.cli import racing
from engine.core.catalog import _, ngettext
from engine.core.errors import EngineError
from engine.core.game import Action, Decision, DecisionUI, GameEvent, GameKind
from engine.core.i18n import DEFAULT, current
from engine.core.plaintext import fit, keep_together
from engine.core.registry import get_kind, kinds
from engine.core.seats import seat_number, seat_pattern
from engine.service import GameService

YOU = "you"
QUIT = ("q", "quit", "exit")
BOARD = ("b", "board")  # the whole table again, on request
Ask = Callable[[str], str]
Say = Callable[[str], None]


def parse_answer(kind: GameKind, decision: Decision, text: str) -> Action | None:
    """An option number, or a free-form answer the game reads (an ESR offer); None if neither.
    A malformed free-form answer raises the game's EngineError, which says what is wrong."""
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= len(decision.options):
        return decision.options[int(text) - 1].action
    return kind.parse_text(decision, text)


def unreadable(kind: GameKind, decision: Decision, text: str) -> str:
    """What to say to an answer that is neither an option's number nor a free-form answer."""
    last = len(decision.options)
    try:
        number = int(text.strip())
    except ValueError:
        number = None
    if number is not None and last:
        message = ngettext("There is no option {number}: type {last}, the only one.",
                           "There is no option {number}: type a number from 1 to {last}.",
                           last).format(number=number, last=last)
    else:
        message = _("Please type one of the numbers shown.")
    hint = kind.text_hint(decision)
    return f"{message}\n  {hint}" if hint else message


def with_names(text: str, names: Sequence[str]) -> str:
    """The engine's 'seat 3' (in the current language) as the player's name: the engine knows
    no names, and a seat number is not what the board shows."""

    def name(match: re.Match[str]) -> str:
        index = seat_number(match) - 1
        return names[index] if 0 <= index < len(names) else match[0]

    return seat_pattern().sub(name, text)


def prompt_text(kind: GameKind, decision: Decision, names: Sequence[str] = ()) -> str:
    """The decision and its numbered options, with players named as on the board."""
    lines = [with_names(decision.prompt, names)]
    lines += [f"  {i}. {with_names(o.label, names)}"
              + (f" — {with_names(o.detail, names)}" if o.detail else "")
              for i, o in enumerate(decision.options, start=1)]
    hint = kind.text_hint(decision)
    if hint:
        lines.append(f"  {hint}")
    # Translators: under every prompt of the terminal game; b and q are typed as they are
    lines.append("  " + _("(b shows the whole table, q quits and keeps the game)"))
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
    """'A', 'A and B', 'A, B and C' (the 'and' translated as one whole phrase)."""
    if len(items) < 2:
        return items[0] if items else ""
    # Translators: joins the last two names, e.g. "Ann and Bo"; {first} may itself be a list
    # joined by commas ("Ann, Bo" and "Cy")
    return _("{first} and {second}").format(first=", ".join(items[:-1]), second=items[-1])


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

    def show(text: str) -> None:
        say(fit(text))

    async with await GameService.open(path) as service:
        if resume:
            await service.resume()
            mine = [g for g in await service.running_games() if g.seat_of(YOU) is not None]
            if not mine:
                show(_("There is no unfinished game in {path}.").format(path=path))
                return 2
            info = mine[-1]
            kind = get_kind(info.kind)
            show(_("Going on with game #{game_id} ({game}).").format(game_id=info.id,
                                                                      game=kind.title))
        else:
            kind = get_kind(game) if game else default_kind()
            info = await service.create_lobby(0, 0, YOU, name, seed=seed, kind=kind.name)
            for _seat in range(players - 1):
                await service.add_ai(info.id, YOU, ai_level)
            started = await service.start(info.id, YOU)
            info = await service.get_game(info.id)
        # A name is never broken over two lines: fit() prints its non-breaking spaces as spaces.
        names = [keep_together(name) for name in seat_names(info.seats)]
        if not resume:
            tell(kind, show, started.events, names)
        shown: dict[str, Any] | None = None  # the view whose board the player has in front of them
        draw, drawn = racing.picture_drawer(kind.name), None
        while True:
            tell(kind, show, await racing.play_due(service, info.id), names)
            pv = await service.get_view(info.id, YOU)
            if pv.status != "running":
                break
            if pv.decision is None:
                tell(kind, show, (await service.play_ai_turns(info.id)).events, names)
                continue
            if await racing.waiting_on_others(service, info.id, pv.decision):
                tell(kind, show, await racing.wait_for_next(service, info.id), names)
                continue
            if draw is not None and pv.decision.key != drawn:
                drawn = pv.decision.key
                spectator = (await service.get_view(info.id, None)).view
                picture = racing.write_picture(draw, spectator, path.parent,
                                               f"{kind.name}-{info.id}-{drawn}")
                # Translators: {path} is the file the table's picture was written to
                show(_("The picture of the table: {path}").format(path=picture))
            # The whole board the first time, then what the game says changed (for ESR: the
            # whole board at a turn's start, else only the rows and lines that changed).
            changes = kind.board(pv.view, names) if shown is None else kind.board_changes(
                shown, pv.view, names)
            if changes:
                show("\n" + changes)
            shown = pv.view
            events = await _decide(service, info.id, kind, pv.decision, pv.view, names, ask, show)
            if events is None:
                # Translators: the command to type follows on a line of its own (it names the
                # file the game is saved in)
                say(fit(_("Bye — the game is saved. To go on with it, type:")) + "\n  "
                    + resume_command(path))  # never wrapped: a wrapped command cannot be pasted
                return 0
            tell(kind, show, events, names)
        final = await service.get_view(info.id, None)
        show(final_standings(kind, final.view, names))
        return 0


async def _decide(service: GameService, game_id: int, kind: GameKind, decision: Decision,
                  view: dict[str, Any], names: Sequence[str], ask: Ask, show: Say
                  ) -> Sequence[GameEvent] | None:
    """Ask until an answer is played and return its events; None if the player quits. An
    answer that cannot be played is told why and changes nothing: only '> ' is asked again."""
    show(prompt_text(kind, decision, names))
    while True:
        try:
            text = ask("> ")
        except (EOFError, KeyboardInterrupt):
            text = "q"
        command = text.strip().lower()
        if command in QUIT:
            return None
        if command in BOARD:
            show("\n" + kind.board(view, names))
            show(prompt_text(kind, decision, names))
            continue
        try:
            action = parse_answer(kind, decision, text)
        except EngineError as exc:  # a malformed free-form answer: the game says what is wrong
            show(with_names(exc.message, names))
            continue
        if action is None:
            show(unreadable(kind, decision, text))
            continue
        # What fell due while the player typed (an AI's pick, the clock) came first.
        early = await racing.play_due(service, game_id)
        if early:
            tell(kind, show, early, names)
        try:
            result = await service.submit(game_id, YOU, action, decision.key)
        except EngineError as exc:
            # Translators: an answer the game refused; {message} says why
            show(_("Not allowed: {message}").format(message=with_names(exc.message, names)))
            now = (await service.get_view(game_id, YOU)).decision
            if now is None or now.key != decision.key or now.ui is DecisionUI.POOL:
                # The question itself has moved on (e.g. a deadline), or the pool has (someone
                # took the gem first): ask anew, with what is free now.
                return []
            continue
        return result.events


def resume_command(path: Path) -> str:
    """The command that goes on with the game saved in `path`, in the language played in."""
    language = f"--language {current()} " if current() != DEFAULT else ""
    return f"python -m engine {language}play --resume --db {path}"


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
