"""What a tournament says in its channel: the sign-up, a round's tables, the standings."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.catalog import N_, _, ngettext
from bot.core.presenter import EMBED_COLOUR
from bot.core.texts import human_duration, safe_name
from engine.core.registry import get_kind
from engine.store.tournaments import TableRow, TournamentInfo
from engine.tournament.standings import Standing

# Marked here, translated where shown.
FORMATS = {"swiss": N_("Swiss"), "round_robin": N_("Round robin")}
STATUS = {
    "signup": N_("Press **Join** to take part. The organiser presses **Start** when everyone "
                 "is in."),
    "running": N_("Under way: each round's tables play in their own threads."),
    "finished": N_("This tournament is over: see the final standings below."),
    "cancelled": N_("This tournament was cancelled."),
}
STANDINGS_SHOWN = 30  # lines of the standings in one message; the picture shows the top


def format_name(info: TournamentInfo) -> str:
    """The tournament's format in words."""
    return _(FORMATS[info.format])


def title(info: TournamentInfo, trophy: bool = True) -> str:
    """The tournament's title, e.g. '🏆 Emerald tournament #3' (a picture's font has no
    emoji: `trophy=False` leaves it out)."""
    # Translators: {game} is a game's name, {id} the tournament's number.
    text = _("{game} tournament #{id}").format(game=get_kind(info.kind).title, id=info.id)
    return f"🏆 {text}" if trophy else text


def schedule(info: TournamentInfo) -> str:
    """How the rounds follow each other."""
    if info.every is None:
        return _("Each round starts as soon as the last table of the one before has ended.")
    return _("One round every {duration} (play by post): a round starts when the one before "
             "has ended and its time is up.").format(duration=human_duration(info.every))


def rounds_text(info: TournamentInfo) -> str:
    """'3 rounds', or for a round robin not yet started: as many as it takes."""
    if info.format == "round_robin" and info.status == "signup":
        return _("as many rounds as it takes for everyone to meet everyone")
    return ngettext("{count} round", "{count} rounds", info.rounds).format(count=info.rounds)


def timer_text(info: TournamentInfo) -> str:
    """The tables' timer."""
    kind = get_kind(info.kind)
    timer = info.deadlines.get(kind.turn_decision or "default")
    if not timer:
        return _("No timer: nobody is hurried")
    if kind.has_clock():
        return _("Time limit: {duration} per round").format(duration=human_duration(timer))
    return _("Timer: {duration} per action").format(duration=human_duration(timer))


def signup_embed(info: TournamentInfo) -> discord.Embed:
    """The sign-up message: format, schedule, who has joined, what to do."""
    embed = discord.Embed(title=title(info), colour=EMBED_COLOUR,
                          description=_(STATUS[info.status]))
    # Translators: the format line, e.g. "Swiss · 3 rounds · tables of 4".
    embed.add_field(name=_("Format"), value=_("{format} · {rounds} · tables of {size}").format(
        format=format_name(info), rounds=rounds_text(info), size=info.table_size), inline=False)
    embed.add_field(name=_("Schedule"), value=schedule(info) + "\n" + timer_text(info),
                    inline=False)
    names = [f"{i}. {seat_label(info, e.user_id)}" + (" 🚪" if e.dropped is not None else "")
             for i, e in enumerate(info.entrants, start=1)]
    listing = "\n".join(names)
    if len(listing) > 1000:
        listing = "\n".join(names[:40]) + "\n…"
    embed.add_field(name=_("Players ({count})").format(count=len(info.entrants)),
                    value=listing or _("nobody yet"), inline=False)
    embed.set_footer(text=_("Points per table: one for each player you finish ahead of, half "
                            "for a tie. Ties broken by Buchholz, then game score."))
    return embed


def thread_name(info: TournamentInfo, table: TableRow) -> str:
    """A table's thread: the same name every time, so a thread opened before a crash is
    found again rather than opened twice."""
    # Translators: a table's thread name, e.g. "Tournament 3 · round 2 · table 1".
    return _("Tournament {id} · round {round} · table {table}").format(
        id=info.id, round=table.round, table=table.table_no)[:100]


def seat_label(info: TournamentInfo, user: int | None) -> str:
    """A seat at a table: the member's name, or an AI seat."""
    if user is None:
        return "🤖 " + _("AI seat")
    name = safe_name(info.names().get(user, "?"))
    return f"🤖 {name}" if user < 0 else name


def round_text(info: TournamentInfo, tables: Sequence[TableRow]) -> str:
    """A round's tables in the channel, each with its thread (names, no pings)."""
    lines = ["**" + _("Round {round} of {rounds}").format(round=tables[0].round,
                                                          rounds=info.rounds) + "**"]
    for table in tables:
        people = ", ".join(seat_label(info, u) for u in table.seats)
        if table.is_bye:
            lines.append("· " + _("{player} has a bye this round (it counts as a win).").format(
                player=people))
        elif table.thread_id is not None:
            lines.append(_("Table {table} in <#{thread}>: {players}").format(
                table=table.table_no, thread=table.thread_id, players=people))
        else:
            lines.append(_("Table {table}: {players}").format(table=table.table_no,
                                                              players=people))
    return "\n".join(lines)


def table_intro(info: TournamentInfo, table: TableRow) -> str:
    """The first line in a table's thread, pinging its players."""
    mentions = " ".join(seat_label(info, u) if u < 0 else f"<@{u}>" for u in table.people)
    # Translators: {title} is the tournament's title; {mentions} the players at this table.
    return _("{title}, round {round}, table {table}: {mentions} — your game starts here. "
             "Good luck!").format(title=title(info), round=table.round, table=table.table_no,
                                  mentions=mentions)


def points_text(value: float) -> str:
    """Tournament points as a reader writes them: 3, 1.5."""
    return f"{value:g}"


def standings_lines(info: TournamentInfo, lines: Sequence[Standing]) -> list[str]:
    """One line per member: rank, name, points, Buchholz, game score."""
    names = info.names()
    out = []
    for line in lines[:STANDINGS_SHOWN]:
        name = safe_name(names.get(line.user_id, "?"))
        if line.dropped:
            name += " 🚪"
        # Translators: a standings line; "Bh" is Buchholz (the opponents' points).
        # The rank in bold: a line starting "7. " is a Markdown list, which renumbers shared
        # ranks (7, 7 would show as 7, 8).
        # One point is singular; half points, like none, are plural (1 pt, 1.5 pts, 0 pts).
        out.append(ngettext("{rank}. {player} — {points} pt · Bh {buchholz} · score {score}",
                            "{rank}. {player} — {points} pts · Bh {buchholz} · score {score}",
                            1 if line.points == 1 else 2).format(
            rank=f"**{line.rank}**", player=name, points=points_text(line.points),
            buchholz=points_text(line.buchholz), score=points_text(line.score)))
    if len(lines) > STANDINGS_SHOWN:
        more = len(lines) - STANDINGS_SHOWN
        out.append(ngettext("… and {count} more", "… and {count} more", more).format(count=more))
    return out


def standings_heading(info: TournamentInfo, after: int, final: bool,
                      trophy: bool = True) -> str:
    """The standings' heading: after a round, or final (plain text, without the trophy, for
    the picture)."""
    name = title(info, trophy)
    if final:
        return _("{title}: final standings").format(title=name)
    return _("{title}: standings after round {round} of {rounds}").format(
        title=name, round=after, rounds=info.rounds)


def winner_line(info: TournamentInfo, lines: Sequence[Standing]) -> str:
    """Who won (several, if they share first place)."""
    names = info.names()
    first = [safe_name(names.get(s.user_id, "?")) for s in lines if s.rank == 1]
    return "🥇 " + ngettext("Winner: {players}", "Shared first place: {players}",
                           len(first)).format(players=", ".join(first))
