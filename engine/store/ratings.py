"""Rating rows: members' ratings per game and server, each rated game's changes, and which
ended games have been looked at (every one once, in the order they ended)."""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from engine.store.models import Change, Entrant, Rating, UserId
from engine.store.query import fetch_all, fetch_one


@dataclass(frozen=True)
class EndedGame:
    """What rating needs of an ended game: where, which game, how it ended, who sat where."""

    game_id: int
    guild_id: int
    kind: str
    status: str
    moved: bool  # at least one action was logged
    entrants: list[Entrant]


async def ended_game(conn: aiosqlite.Connection, game_id: int) -> EndedGame | None:
    """A finished or abandoned game's table (places from its results; none when abandoned)."""
    row = await fetch_one(conn, "SELECT guild_id, kind, status, version FROM games "
                                "WHERE id = ? AND "
                                "status IN ('finished', 'abandoned')", (game_id,))
    if row is None:
        return None
    seats = await fetch_all(
        conn,
        "SELECT s.seat, s.user_id, s.ai_level, s.autopilot, r.rank FROM seats s "
        "LEFT JOIN results r ON r.game_id = s.game_id AND r.seat = s.seat "
        "WHERE s.game_id = ? AND s.seat IS NOT NULL ORDER BY s.seat", (game_id,))
    entrants = [Entrant(seat=seat, place=rank or 1, user_id=user, level=level,
                        left=bool(autopilot))
                for seat, user, level, autopilot, rank in seats]
    return EndedGame(game_id, int(row[0]), str(row[1]), str(row[2]), int(row[3]) > 0, entrants)


async def unlooked_games(conn: aiosqlite.Connection) -> list[int]:
    """Ended games not yet looked at for rating, in the order they ended."""
    rows = await fetch_all(
        conn,
        "SELECT g.id FROM games g WHERE g.status IN ('finished', 'abandoned') "
        "AND NOT EXISTS (SELECT 1 FROM rated_games x WHERE x.game_id = g.id) "
        "ORDER BY g.finished_at, g.id")
    return [int(r[0]) for r in rows]


async def looked_at(conn: aiosqlite.Connection, game_id: int) -> bool:
    """Whether this game has been looked at for rating already."""
    return await fetch_one(conn, "SELECT 1 FROM rated_games WHERE game_id = ?",
                           (game_id,)) is not None


async def current(conn: aiosqlite.Connection, guild_id: int, kind: str,
                  users: list[UserId]) -> dict[UserId, Rating]:
    """These members' ratings in this game on this server (newcomers are missing)."""
    found = {}
    for user in users:
        row = await fetch_one(conn, "SELECT mu, sigma, games FROM ratings WHERE guild_id = ? "
                                    "AND kind = ? AND user_id = ?", (guild_id, kind, user))
        if row is not None:
            found[user] = Rating(float(row[0]), float(row[1]), int(row[2]))
    return found


async def record(conn: aiosqlite.Connection, game: EndedGame, changes: list[Change]) -> None:
    """Write a looked-at game's changes (none: not rated) and the members' new ratings."""
    await conn.execute("INSERT INTO rated_games (game_id, rated) VALUES (?, ?)",
                       (game.game_id, int(bool(changes))))
    for change in changes:
        before, after = change.before, change.after
        await conn.execute(
            "INSERT INTO rating_changes (game_id, seat, user_id, mu_before, sigma_before, "
            "mu_after, sigma_after, games_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game.game_id, change.seat, change.user_id, before.mu, before.sigma, after.mu,
             after.sigma, after.games))
        await conn.execute(
            "INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, games) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET "
            "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
            (game.guild_id, game.kind, change.user_id, after.mu, after.sigma, after.games))


async def changes(conn: aiosqlite.Connection, game_id: int) -> list[Change]:
    """A rated game's changes, by seat (empty when it was not rated)."""
    rows = await fetch_all(
        conn,
        "SELECT user_id, seat, mu_before, sigma_before, mu_after, sigma_after, games_after "
        "FROM rating_changes WHERE game_id = ? ORDER BY seat", (game_id,))
    return [Change(user_id=r[0], seat=int(r[1]), before=Rating(r[2], r[3], int(r[6]) - 1),
                   after=Rating(r[4], r[5], int(r[6]))) for r in rows]


@dataclass(frozen=True)
class RankedMember:
    """One member on a game's rating leaderboard."""

    user_id: UserId
    name: str
    rating: Rating


@dataclass(frozen=True)
class PlayedGame:
    """One finished game of a member's profile, newest first."""

    game_id: int
    finished_at: float
    place: int
    players: int
    score: int
    change: Change | None  # None: not rated


@dataclass(frozen=True)
class Profile:
    """A member's record in one game on one server."""

    kind: str
    rating: Rating | None  # None: no rated game yet
    trend: list[Rating]  # after each of the last rated games, oldest first
    games: int
    wins: int
    average_place: float
    best_score: int
    recent: list[PlayedGame]


# The name a member used at their most recent game on this server.
_LAST_NAME = ("(SELECT s.name FROM seats s JOIN games g ON g.id = s.game_id "
              " WHERE s.user_id = r.user_id AND g.guild_id = r.guild_id "
              " ORDER BY g.id DESC LIMIT 1)")


async def board(conn: aiosqlite.Connection, guild_id: int, kind: str,
                limit: int = 10) -> list[RankedMember]:
    """The server's members by their shown rating in one game, best first."""
    rows = await fetch_all(
        conn,
        f"SELECT r.user_id, {_LAST_NAME}, r.mu, r.sigma, r.games FROM ratings r "
        "WHERE r.guild_id = ? AND r.kind = ? "
        "ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id LIMIT ?",
        (guild_id, kind, limit))
    return [RankedMember(r[0], r[1] or "?", Rating(float(r[2]), float(r[3]), int(r[4])))
            for r in rows]


async def rated_kinds(conn: aiosqlite.Connection, guild_id: int) -> list[str]:
    """The games someone on this server has a rating in."""
    rows = await fetch_all(conn, "SELECT DISTINCT kind FROM ratings WHERE guild_id = ? "
                                 "ORDER BY kind", (guild_id,))
    return [str(r[0]) for r in rows]


async def played_kinds(conn: aiosqlite.Connection, guild_id: int, user_id: UserId) -> list[str]:
    """The games this member finished on this server."""
    rows = await fetch_all(
        conn, "SELECT DISTINCT g.kind FROM games g JOIN seats s ON s.game_id = g.id "
              "WHERE g.guild_id = ? AND g.status = 'finished' AND s.user_id = ? ORDER BY g.kind",
        (guild_id, user_id))
    return [str(r[0]) for r in rows]


async def profile(conn: aiosqlite.Connection, guild_id: int, user_id: UserId, kind: str,
                  recent: int = 5, trend: int = 10) -> Profile:
    """A member's rating, its trend, and their finished games in one game on one server."""
    rating = (await current(conn, guild_id, kind, [user_id])).get(user_id)
    finished = ("FROM results x JOIN seats s ON s.game_id = x.game_id AND s.seat = x.seat "
                "JOIN games g ON g.id = x.game_id WHERE g.guild_id = ? AND g.kind = ? "
                "AND g.status = 'finished' AND s.user_id = ?")
    where = (guild_id, kind, user_id)
    totals = await fetch_one(
        conn, "SELECT COUNT(*), COALESCE(SUM(x.winner), 0), COALESCE(AVG(x.rank), 0), "
              f"COALESCE(MAX(x.score), 0) {finished}", where)
    rows = await fetch_all(
        conn,
        "SELECT g.id, g.finished_at, x.rank, "
        "(SELECT COUNT(*) FROM seats p WHERE p.game_id = g.id AND p.seat IS NOT NULL), x.score "
        f"{finished} ORDER BY g.finished_at DESC, g.id DESC LIMIT ?", (*where, recent))
    by_game = {}  # each recent game's change of this member's rating
    for game in {r[0] for r in rows}:
        by_game.update((game, c) for c in await changes(conn, game) if c.user_id == user_id)
    history = await fetch_all(
        conn,
        "SELECT c.mu_after, c.sigma_after, c.games_after FROM rating_changes c "
        "JOIN games g ON g.id = c.game_id WHERE g.guild_id = ? AND g.kind = ? AND c.user_id = ? "
        "ORDER BY g.finished_at DESC, g.id DESC LIMIT ?", (*where, trend))
    return Profile(
        kind=kind, rating=rating,
        trend=[Rating(float(r[0]), float(r[1]), int(r[2])) for r in reversed(history)],
        games=int(totals[0]), wins=int(totals[1]), average_place=float(totals[2]),
        best_score=int(totals[3]),
        recent=[PlayedGame(int(r[0]), float(r[1]), int(r[2]), int(r[3]), int(r[4]),
                           by_game.get(r[0])) for r in rows])
