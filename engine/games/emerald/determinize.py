"""A full state consistent with one seat's view, the hidden cards dealt at random (EM-12): what
an AI may plan on without knowing what it cannot know. Built from the view alone, so changing
anything hidden from that seat changes no sampled world."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.core.rng import Rng
from engine.games.emerald.board import CODES, GEM_TYPES, SPACES, game_data
from engine.games.emerald.state import EmeraldState


def _unseen(full: Counter[int], seen: list[int]) -> list[int]:
    left = Counter(full)
    left.subtract(seen)
    return [card for card, count in left.items() for _ in range(max(count, 0))]


def sample(view: dict[str, Any], rng: random.Random) -> EmeraldState:
    """A world the viewer cannot tell from the real one: its own hand and everything public as
    they are; rivals' gold values, the cards under the tops, the box and the bribes shuffled."""
    data = game_data()
    me = view["viewer"]
    players = view["players"]
    caves = view["caves"]
    hands_seen = list(view["hand"])
    gold_tops = [c["gold"] for c in caves if c["gold"] is not None]
    gem_tops = [GEM_TYPES.index(c["gem"]) for c in caves if c["gem"] is not None]
    held_gems = [t for counts in view["gems"] for t, g in enumerate(GEM_TYPES)
                 for _ in range(counts[g])]
    gold = _unseen(Counter(data.gold_cards), hands_seen + gold_tops)
    gems = _unseen(Counter({t: n for t, n in enumerate(data.gem_cards.values())}),
                   held_gems + gem_tops)
    rng.shuffle(gold)
    rng.shuffle(gems)
    hands = [sorted(hands_seen) if seat == me else [gold.pop() for _ in range(count)]
             for seat, count in enumerate(view["gold_cards"])]
    gold_piles = [[gold.pop() for _ in range(c["gold_left"] - 1)] + [c["gold"]]
                  if c["gold"] is not None else [] for c in caves]
    gem_piles = [[gems.pop() for _ in range(c["gems_left"] - 1)] + [GEM_TYPES.index(c["gem"])]
                 if c["gem"] is not None else [] for c in caves]
    removed = [gold.pop() for _ in range(view["removed"])]
    at = [list(row) for row in view["knights"]]
    moved = view["moved"]
    victims = [x for colour, flag in view["victims"] for x in (colour, int(flag))]
    victim = view["victim"]
    return EmeraldState(
        num_players=players, colours=len(at), at=at,
        total=[sum(row[s] for row in at) for s in range(SPACES)],
        gold_piles=gold_piles, gem_piles=gem_piles, box_gold=gold, box_gems=gems,
        removed=removed, hands=hands, gems=[[c[g] for g in GEM_TYPES] for c in view["gems"]],
        treasures=list(view["treasures"]), treasures_left=view["treasures_left"],
        four_kinds=view["four_kinds"], dragon=view["dragon"],
        heading=1 if view["heading"] == "chamber" else -1, rail=view["rail"],
        seat=view["to_move"], turn=view["turn"], step=0, phase=view["phase"],
        moves=view["moves"], moved=[moved[0], CODES[moved[1]]] if moved else [],
        card_taken=view["card_taken"], victims=victims,
        victim=[victim[0], int(victim[1])] if victim else [], end_reason=None, end_seat=None,
        rules=view["rules"], rng=Rng.from_seed(rng.getrandbits(64)))
