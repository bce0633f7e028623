"""What Große kleine Edelsteine asks: every player at once picks gems from one public pool,
first come first served (DecisionUI.POOL), until the round closes."""

from __future__ import annotations

import random
from functools import cache

from engine.core.game import Decision, DecisionUI, Option
from engine.games.gke.catalog import _, ngettext
from engine.games.gke.data import KINDS, game_data
from engine.games.gke.rules import card_kind, labels_by_gem
from engine.games.gke.state import GkeState
from engine.games.gke.words import back_name, kind_name


def key(state: GkeState) -> str:
    """The decision point: one per round (picks change the table, not the question)."""
    return f"r{state.round}"


@cache
def gem_kinds() -> tuple[int, ...]:
    """Each gem's kind, by gem id."""
    return tuple(gem.kind for gem in game_data().gems)


def pick_decision(state: GkeState, seat: int) -> Decision:
    """Per card, each gem of its kind no other player holds; the player's own picks to release.

    A player holding all their picks (four players: two for three cards, GKE-1) picks for the
    card left empty only by moving a gem they hold for another card of its kind (GKE-13)."""
    row = state.picks[seat]
    taken = {gem for other, picks in enumerate(state.picks) if other != seat
             for gem in picks if gem is not None}
    kinds = gem_kinds()
    options: list[Option] = []
    full = state.held(seat) >= state.picks_per_round
    for card in range(3):
        kind, where = card_kind(state, card), back_name(card)
        # A new gem needs a free pick: none left, only the gems held here move (GKE-12).
        only_held = full and row[card] is None
        # Built unvalidated: every field is made here, and a decision has ~27 of them.
        options += [Option.model_construct(label=label, detail=where, action={
            "type": "pick", "card": card, "label": label})
            for label, gem in state.labels.items()
            if kinds[gem] == kind and gem not in taken and row[card] != gem
            and (not only_held or gem in row)]
    by_gem = labels_by_gem(state)
    for card, gem in enumerate(row):
        if gem is not None:
            # Translators: a button: put the gem with this label back in the pool
            options.append(Option(label=_("Put back {label}").format(label=by_gem[gem]),
                                  action={"type": "release", "card": card},
                                  detail=back_name(card)))
    missing = state.picks_per_round - state.held(seat)
    prompt = (ngettext("Find the cards' gems in the pool: {count} pick to go.",
                       "Find the cards' gems in the pool: {count} picks to go.", missing)
              .format(count=missing) if missing else
              _("You hold your picks: change them until everyone has picked."))
    names = [kind_name(KINDS[card_kind(state, card)]) for card in range(3)]
    return Decision(player=seat, kind="gke.pick", ui=DecisionUI.POOL, key=key(state),
                    prompt=prompt, options=options,
                    constraints={"picks": state.picks_per_round, "kinds": names},
                    current={"picks": [by_gem.get(gem) if gem is not None else None
                                       for gem in row]})


def pending(state: GkeState) -> list[Decision]:
    """The pick of everyone still lacking one, all at once, while the round is open (a
    player holding all their picks may still change them: decision_for, not pending)."""
    if state.phase == "over":
        return []
    return [pick_decision(state, seat) for seat in range(state.players)
            if state.held(seat) < state.picks_per_round]


def next_picker(state: GkeState) -> int | None:
    """A player who still lacks a pick, drawn from the state in a seeded order: how a
    simulation's seats reach for gems one after another as if at once."""
    if state.phase == "over":
        return None
    lacking = [seat for seat in range(state.players) if state.held(seat) < state.picks_per_round]
    return random.Random(state.rng.state ^ state.step).choice(lacking) if lacking else None
