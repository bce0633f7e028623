"""Seating a round: Swiss tables by score groups without repeat meetings, round robin rounds.

A table is a tuple of user ids in seat order, None for an AI seat; a round robin's bye is a
table of one. Both are deterministic for a given seed, so a round paired again after a crash
is the same round.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence

Table = tuple[int | None, ...]
# A repeat meeting outweighs any spread of scores: score groups bend before pairs repeat.
REPEAT_COST = 1000.0
# Fresh starts tried while a seating still repeats a pair (each costs a few milliseconds).
RESTARTS = 200


def table_sizes(people: int, table_size: int) -> list[int]:
    """How many members sit at each table: as few tables as fit, filled as evenly as possible,
    fuller tables first (the rest of a table's seats are AI seats)."""
    tables = -(-people // table_size)
    base, extra = divmod(people, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def swiss_tables(ranked: Sequence[int], points: Mapping[int, float],
                 met: Mapping[int, Mapping[int, int]], table_size: int, seed: int) -> list[Table]:
    """Seat `ranked` (best first) at tables of `table_size`: players of similar points
    together, nobody at a table with someone they met before where that can be avoided."""
    if not ranked:
        return []
    rng = random.Random(seed)
    order = _shuffle_within_groups(list(ranked), points, rng)
    groups = _search(order, points, met, table_sizes(len(order), table_size), rng)
    tables = []
    for group in groups:
        seats: list[int | None] = list(group) + [None] * (table_size - len(group))
        rng.shuffle(seats)  # who starts is drawn, not earned
        tables.append(tuple(seats))
    return tables


def round_robin_rounds(players: Sequence[int], table_size: int) -> list[list[Table]]:
    """Every round of a round robin in which each pair of members meets at least once: the
    circle method for two-seat tables (a bye each round when the count is odd), otherwise
    rounds chosen to meet as many new pairs as possible until every pair has met."""
    players = list(players)
    if table_size == 2:
        return _circle(players)
    rounds: list[list[Table]] = []
    seen: dict[int, Counter[int]] = {p: Counter() for p in players}
    sizes = table_sizes(len(players), table_size)
    zero = dict.fromkeys(players, 0.0)
    while any(len(seen[p]) < len(players) - 1 for p in players):
        # Most fresh pairs first: start from the member with the most left to meet.
        order = sorted(players, key=lambda p: (len(seen[p]), players.index(p)))
        groups = _search(order, zero, seen, sizes, random.Random(len(rounds)))
        rounds.append([tuple(g) + (None,) * (table_size - len(g)) for g in groups])
        for group in groups:
            for a, b in itertools.permutations(group, 2):
                seen[a][b] += 1
    return rounds


def _circle(players: list[int]) -> list[list[Table]]:
    """Berger tables: n-1 rounds for even n, n rounds with one bye each for odd n."""
    ring: list[int | None] = list(players) + ([None] if len(players) % 2 else [])
    rounds: list[list[Table]] = []
    for number in range(len(ring) - 1):
        half = len(ring) // 2
        tables: list[Table] = []
        for a, b in zip(ring[:half], reversed(ring[half:]), strict=True):
            if a is None or b is None:
                tables.append((a if b is None else b,))
            else:  # alternate who starts
                tables.append((a, b) if number % 2 == 0 else (b, a))
        rounds.append(sorted(tables, key=len, reverse=True))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def _shuffle_within_groups(order: list[int], points: Mapping[int, float],
                           rng: random.Random) -> list[int]:
    """Members of equal points in a random order, the groups best first."""
    result: list[int] = []
    for _, group in itertools.groupby(order, key=lambda p: points.get(p, 0.0)):
        members = list(group)
        rng.shuffle(members)
        result.extend(members)
    return result


def _greedy(order: list[int], points: Mapping[int, float], met: Mapping[int, Mapping[int, int]],
            sizes: list[int]) -> list[list[int]]:
    """Fill tables top down: each next seat goes to the best-ranked member left who meets
    the fewest people again."""
    left = list(order)
    groups: list[list[int]] = []
    for size in sizes:
        group = [left.pop(0)]
        while len(group) < size:
            best = min(range(len(left)), key=lambda i: (
                sum(met.get(g, {}).get(left[i], 0) for g in group), i))
            group.append(left.pop(best))
        groups.append(group)
    return groups


def _search(order: list[int], points: Mapping[int, float], met: Mapping[int, Mapping[int, int]],
            sizes: list[int], rng: random.Random) -> list[list[int]]:
    """The greedy seating improved by swaps; while a repeat remains, restarts from shuffled
    orders (a swap at a time can get stuck) and keeps the cheapest."""
    best = _greedy(order, points, met, sizes)
    _improve(best, points, met)
    best_cost = _total(best, points, met)
    for _ in range(RESTARTS):
        if best_cost < REPEAT_COST:
            break
        shuffled = list(order)
        rng.shuffle(shuffled)
        groups = _greedy(shuffled, points, met, sizes)
        _improve(groups, points, met)
        cost = _total(groups, points, met)
        if cost < best_cost:
            best, best_cost = groups, cost
    return best


def _total(groups: list[list[int]], points: Mapping[int, float],
           met: Mapping[int, Mapping[int, int]]) -> float:
    """The cost of a whole seating."""
    return sum(_cost(g, points, met) for g in groups)


def _cost(group: list[int], points: Mapping[int, float],
          met: Mapping[int, Mapping[int, int]]) -> float:
    """Repeat meetings (heavily, the square of the earlier meetings, so that meeting a third
    time weighs more than two pairs meeting again) and the spread of points at one table."""
    repeats = sum(met.get(a, {}).get(b, 0) ** 2 for a, b in itertools.combinations(group, 2))
    values = [points.get(p, 0.0) for p in group]
    return REPEAT_COST * repeats + (max(values) - min(values))


def _improve(groups: list[list[int]], points: Mapping[int, float],
             met: Mapping[int, Mapping[int, int]]) -> None:
    """Swap members between tables while a swap lowers the total cost (first found first,
    so the result depends only on the input)."""
    improved = True
    while improved:
        improved = False
        for x, y in itertools.combinations(range(len(groups)), 2):
            before = _cost(groups[x], points, met) + _cost(groups[y], points, met)
            for i, j in itertools.product(range(len(groups[x])), range(len(groups[y]))):
                groups[x][i], groups[y][j] = groups[y][j], groups[x][i]
                after = _cost(groups[x], points, met) + _cost(groups[y], points, met)
                if after < before - 1e-9:
                    before, improved = after, True
                else:
                    groups[x][i], groups[y][j] = groups[y][j], groups[x][i]
