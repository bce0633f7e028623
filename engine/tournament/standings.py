"""Tournament points by place, tie-breaks and the ranked standings (see docs/tournaments.md).

Points: at a table of `s` seats a seat earns one point for every seat it finished ahead of and
half a point for every seat it tied with (ties shared), scaled so that a win at any table is
worth `table_size - 1`. AI seats take places but earn nothing; a member who dropped scores
nothing at the table they left and after. A bye counts as a win with a game score of 0.
Tie-breaks: Buchholz (the sum of the opponents' points), then the total game score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TableResult:
    """One table's outcome: seats (None: AI) with their places (1 = best) and game scores."""

    round: int
    table: int
    seats: tuple[int | None, ...]
    places: tuple[int, ...]
    scores: tuple[float, ...]
    forfeited: frozenset[int] = field(default_factory=frozenset)
    bye: bool = False


@dataclass(frozen=True)
class Standing:
    """One member's line in the standings."""

    user_id: int
    rank: int
    points: float
    buchholz: float
    score: float
    played: int
    dropped: bool


def table_points(result: TableResult, table_size: int) -> dict[int, float]:
    """The tournament points each member earned at one table."""
    if result.bye:
        return {s: float(table_size - 1) for s in result.seats if s is not None}
    count = len(result.seats)
    scale = (table_size - 1) / (count - 1) if count > 1 else 0.0
    points: dict[int, float] = {}
    for seat, user in enumerate(result.seats):
        if user is None:
            continue
        if user in result.forfeited:
            points[user] = 0.0
            continue
        mine = result.places[seat]
        beaten = sum(1 for p in result.places if p > mine)
        tied = sum(1 for p in result.places if p == mine) - 1
        points[user] = round((beaten + tied / 2) * scale, 4)
    return points


def met(results: Iterable[TableResult]) -> dict[int, Counter[int]]:
    """Whom each member has sat at a table with, and how often."""
    seen: dict[int, Counter[int]] = {}
    for result in results:
        people = [s for s in result.seats if s is not None]
        for user in people:
            seen.setdefault(user, Counter()).update(p for p in people if p != user)
    return seen


def standings(players: Sequence[int], results: Iterable[TableResult],
              dropped: Iterable[int] = (), table_size: int | None = None) -> list[Standing]:
    """Everyone ranked: points, then Buchholz, then game score; equal on all three share a rank
    (listed in join order)."""
    results = list(results)
    size = table_size or max((len(r.seats) for r in results), default=2)
    gone = set(dropped)
    points = dict.fromkeys(players, 0.0)
    score = dict.fromkeys(players, 0.0)
    played = dict.fromkeys(players, 0)
    opponents: dict[int, list[int]] = {p: [] for p in players}
    for result in results:
        for user, earned in table_points(result, size).items():
            if user not in points:
                continue
            points[user] += earned
            played[user] += 1
            if not result.bye and user not in result.forfeited:
                score[user] += result.scores[result.seats.index(user)]
                opponents[user].extend(s for s in result.seats if s is not None and s != user)
    buchholz = {p: sum(points.get(o, 0.0) for o in opponents[p]) for p in players}
    order = {p: i for i, p in enumerate(players)}

    def key(p: int) -> tuple[float, float, float]:
        return (-round(points[p], 4), -round(buchholz[p], 4), -round(score[p], 4))

    ranked = sorted(players, key=lambda p: (key(p), order[p]))
    lines: list[Standing] = []
    for index, user in enumerate(ranked):
        rank = lines[-1].rank if lines and key(ranked[index - 1]) == key(user) else index + 1
        lines.append(Standing(user_id=user, rank=rank, points=round(points[user], 4),
                              buchholz=round(buchholz[user], 4), score=round(score[user], 4),
                              played=played[user], dropped=user in gone))
    return lines
