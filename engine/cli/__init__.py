"""`python -m engine`: simulate games with automatic players, play one in the terminal, replay an
exported game (its record names its game), or list the games; simulate and play take any
registered game (`--game NAME`)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from engine.core.ai import POLICIES, own_levels
from engine.core.catalog import _, ngettext
from engine.core.errors import EngineError
from engine.core.i18n import LOCALES, use_locale
from engine.core.record import GameRecord, replay
from engine.core.registry import get_kind, kinds
from engine.core.simulate import play_game


def _levels(policy: str, players: int) -> list[str]:
    names = [p.strip() for p in policy.split(",") if p.strip()]
    if len(names) == 1:
        return names * players
    if len(names) != players:
        # Translators: --policy is a command-line option; keep it as it is
        raise EngineError(_("--policy names {levels} levels for {players} players.").format(
            levels=len(names), players=players))
    return names


def _people(seats: str, players: int) -> frozenset[int]:
    try:
        found = frozenset(int(s) - 1 for s in seats.split(",") if s.strip())
    except ValueError:
        raise EngineError(_("--people takes seat numbers, e.g. --people 1,3.")) from None
    if any(not 0 <= seat < players for seat in found):
        raise EngineError(_("--people names a seat outside 1..{players}.").format(
            players=players))
    return found


def simulate(args: argparse.Namespace) -> int:
    """Play K games and print a summary."""
    kind = get_kind(args.game) if args.game else kinds()[0]
    args.game = kind.name
    kind.check_player_count(args.players)
    levels = _levels(args.policy, args.players)
    people = _people(args.people, args.players)
    if args.export:
        Path(args.export).mkdir(parents=True, exist_ok=True)
    wins = [0] * args.players
    money = [0] * args.players
    started = time.process_time()  # CPU time: this machine is shared
    for i in range(args.games):
        seed = args.seed + i
        game = play_game(args.game, seed, levels, people=people)
        results = kind.results(game.final_state)
        for seat in results.winners:
            wins[seat] += 1
        for standing in results.standings:
            money[standing.player] += standing.score
        if args.export:
            path = Path(args.export) / f"{args.game}-{seed}.json"
            path.write_text(game.record.model_dump_json(indent=1), encoding="utf-8")
    elapsed = time.process_time() - started
    # Translators: {game} is the game's title; {first}..{last} the range of seeds played
    print(_("{game}: {games} games, {players} players, seeds {first}..{last}").format(
        game=kind.title, games=args.games, players=args.players, first=args.seed,
        last=args.seed + args.games - 1))
    # Translators: column headings of the simulation summary (each padded to its column)
    seat, level, wins_, win_rate, average = (_("seat"), _("level"), _("wins"), _("win %"),
                                             _("avg score"))
    print(f"{seat:>4}  {level:<8} {wins_:>6} {win_rate:>6} {average:>10}")
    for seat in range(args.players):
        level = levels[seat] + ("*" if seat in people else "")
        print(f"{seat + 1:>4}  {level:<8} {wins[seat]:>6} "
              f"{100 * wins[seat] / args.games:>5.1f}% {money[seat] / args.games:>10.1f}")
    if people:
        print(_("* shown to the other seats as a person (level unknown)"))
    # Translators: {score} is a score with the game's unit, e.g. "54 million" or "23 gold"
    print(_("average final score: {score}").format(
        score=kind.score_text(round(sum(money) / (args.games * args.players)))))
    print(_("speed: {speed} games per CPU-second").format(
        speed=f"{args.games / max(elapsed, 1e-9):.1f}"))
    return 0


def replay_file(args: argparse.Namespace) -> int:
    """Replay an exported game and print the final standings."""
    record = GameRecord.model_validate_json(Path(args.file).read_text(encoding="utf-8"))
    kind = get_kind(record.kind)
    state, _events = replay(record)
    results = kind.results(state)
    print(ngettext("{game}, seed {seed}, {actions} action replayed",
                   "{game}, seed {seed}, {actions} actions replayed",
                   len(record.actions)).format(game=kind.title, seed=record.seed,
                                               actions=len(record.actions)))
    if results is None:
        print(_("The game is not finished; the log stops before the end."))
        return 0
    for standing in results.standings:
        name = record.seats[standing.player]
        # Translators: one line of the final standings: rank, name, seat number, score in words
        print(_("{rank}. {name} (seat {seat}): {score}").format(
            rank=standing.rank, name=name, seat=standing.player + 1,
            score=kind.standing_text(standing)))
    winners = ", ".join(record.seats[s] for s in results.winners)
    # Translators: {tiebreak} is how first place was decided, as the record names it (money …)
    print(_("winner: {winners} (decided by {tiebreak})").format(winners=winners,
                                                                tiebreak=results.tiebreak))
    return 0


def play_terminal(args: argparse.Namespace) -> int:
    """Play one game in the terminal against AI seats."""
    # Imported here so `simulate` starts without the service.
    from engine.cli.terminal import default_kind, run

    if args.resume and args.db is None:
        raise EngineError(_("--resume needs --db FILE: the file the game was saved in."))
    args.name = " ".join(args.name.split())
    if not 1 <= len(args.name) <= NAME_MAX:  # as on Discord: the table is laid out for it
        # Translators: --name is a command-line option; keep it as it is
        raise EngineError(_("--name takes a name of 1 to {most} characters.").format(
            most=NAME_MAX))
    if not args.resume:
        kind = get_kind(args.game) if args.game is not None else default_kind()
        kind.check_player_count(args.players)
        offered = own_levels(kind.name, sorted(POLICIES))  # as a lobby offers them
        if args.ai not in offered:
            # Translators: --ai is a command-line option; keep it as it is
            raise EngineError(_("--ai: {game} plays the AI levels {levels}.").format(
                game=kind.title, levels=", ".join(offered)))
    return run(args.players, args.ai, args.seed, args.name, game=args.game, db=args.db,
               resume=args.resume)


NAME_MAX = 32  # the longest name the terminal's table is laid out for (Discord's longest)
GAME_HELP = "game kind, by name (default: the first built-in game; see `python -m engine games`)"


def list_games(args: argparse.Namespace) -> int:
    """Print the registered games."""
    for kind in kinds():
        # Translators: after a game's title, how many players it takes
        players = _("({min_players}–{max_players} players)").format(
            min_players=kind.min_players, max_players=kind.max_players)
        print(f"{kind.name:<10} {kind.title} {players}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command-line interface."""
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    parser.add_argument("--language", default=None, choices=LOCALES,
                        help="the language of the output (default: from $LANG, else English)")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play complete games with automatic players")
    sim.add_argument("--game", default=None, help=GAME_HELP)
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--policy", default="random",
                     help="AI level for every seat, or one per seat separated by commas")
    sim.add_argument("--export", metavar="DIR", help="write each game's record as JSON here")
    sim.add_argument("--people", default="", metavar="SEATS",
                     help="seats (from 1, comma-separated) whose level the other seats are not "
                          "told, as for a person at the bot's table")
    sim.set_defaults(run=simulate)
    play = sub.add_parser(
        "play", help="play a game in the terminal against AI seats",
        description="Play one game in the terminal against AI seats: type an option's number "
                    "(or a free-form answer where the prompt says how), q to stop; the game is "
                    "saved, and --resume goes on with it.")
    play.add_argument("--game", default=None, help=GAME_HELP)
    play.add_argument("--players", type=int, default=4,
                      help="seats at the table, you included (default 4; the game says how many "
                           "it takes)")
    play.add_argument("--ai", default="random",
                      help="level of the AI seats: random (any legal move), greedy (good "
                           "heuristics), strong (the hardest: out-trades greedy seats), "
                           "strong-v1 (the first strong level, kept for comparison); Große "
                           "kleine Edelsteine: easy, medium, hard (default: random)")
    play.add_argument("--seed", type=int, default=None,
                      help="the game's seed, to play the same deal again (default: random)")
    play.add_argument("--name", default="Player",
                      help=f"your name at the table (at most {NAME_MAX} characters)")
    play.add_argument("--db", type=Path, default=None, metavar="FILE",
                      help="SQLite file to save the game in (default: a temporary one)")
    play.add_argument("--resume", action="store_true",
                      help="go on with the unfinished game saved in --db")
    play.set_defaults(run=play_terminal)
    games = sub.add_parser("games", help="list the games this engine knows")
    games.set_defaults(run=list_games)
    rep = sub.add_parser("replay", help="replay an exported game and print the standings")
    rep.add_argument("file")
    rep.set_defaults(run=replay_file)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit code."""
    args = build_parser().parse_args(argv)
    language = args.language or os.environ.get("LC_ALL") or os.environ.get("LANG")
    try:
        with use_locale(language):
            return args.run(args)
    except EngineError as exc:
        print(_("error: {message}").format(message=exc.message), file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(_("error: {message}").format(message=exc), file=sys.stderr)
        return 2
