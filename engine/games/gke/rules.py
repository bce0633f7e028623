"""Große kleine Edelsteine's rules as state changes: setup, a round's picks, the scoring and the
end (rulebook; RULINGS GKE-1 … GKE-13). Each function changes `state` in place and returns the
events it gave; the caller (game.py) works on a copy and checks legality first."""

from __future__ import annotations

from typing import Literal

from engine.core.errors import IllegalAction
from engine.core.game import GameEvent, Results, Standing
from engine.core.rng import Rng
from engine.games.gke import events as ev
from engine.games.gke.catalog import _
from engine.games.gke.data import BACKS, KINDS, SCORING_ORDER, game_data
from engine.games.gke.state import PIECES, GkeSettings, GkeState
from engine.games.gke.words import back_name, kind_name

# Two characters, a letter and a digit, without the ones read alike (I/1, O/0, S/5, Z/2, B/8).
LETTERS = "ACDEFGHJKLMNPQRTUVWXY"
DIGITS = "34679"
LABELS = tuple(f"{letter}{digit}" for letter in LETTERS for digit in DIGITS)


def new_state(seed: int, players: int, settings: GkeSettings) -> tuple[GkeState, list[GameEvent]]:
    """Shuffle the cards, lay out N of each back colour, stack the rest as bonus cards."""
    data = game_data()
    rng = Rng.from_seed(seed)
    by_back: list[list[int]] = [[] for _ in BACKS]
    for card in data.cards:
        by_back[BACKS.index(card.back)].append(card.id)
    stacks, bonus = [], []
    for cards in by_back:
        rng.shuffle(cards)
        stacks.append(cards[:settings.cards_per_colour])
        bonus += cards[settings.cards_per_colour:]
    rng.shuffle(bonus)
    state = GkeState(
        players=players, picks_per_round=2 if players == 4 else 3,  # GKE-1
        rounds=settings.cards_per_colour, stacks=stacks, bonus=bonus, face_up=[None] * 3,
        picks=[[None] * 3 for _ in range(players)], pieces=[0] * players,
        won=[[] for _ in range(players)], bonus_won=[[] for _ in range(players)], rng=rng)
    return state, start_round(state)


def start_round(state: GkeState) -> list[GameEvent]:
    """Turn up the top card of each colour and give the pool fresh labels (GKE-9)."""
    state.round += 1
    state.face_up = [stack.pop() for stack in state.stacks]
    labels = list(LABELS)
    state.rng.shuffle(labels)
    gems = list(range(len(game_data().gems)))
    state.rng.shuffle(gems)
    state.labels = dict(sorted(zip(labels, gems, strict=False)))
    kinds = {label: game_data().gems[gem].kind for label, gem in state.labels.items()}
    return [ev.RoundStarted(round=state.round, rounds=state.rounds,
                            cards=[c for c in state.face_up if c is not None], pool=kinds)]


def label_of(state: GkeState, gem: int) -> str:
    """The label a gem bears this round."""
    return next(label for label, g in state.labels.items() if g == gem)


def labels_by_gem(state: GkeState) -> dict[int, str]:
    """This round's label of every gem, by gem id."""
    return {gem: label for label, gem in state.labels.items()}


def card_kind(state: GkeState, card: int) -> int:
    """The gem kind face-up card `card` shows."""
    data = game_data()
    card_id = state.face_up[card]
    assert card_id is not None
    return data.gems[data.cards[card_id].gem].kind


def pick(state: GkeState, seat: int, card: int, label: str) -> list[GameEvent]:
    """Take the gem `label` for face-up card `card` (GKE-5, GKE-12)."""
    gem = _gem_for(state, card, label)
    row = state.picks[seat]
    where = state.holder(gem)
    if where is not None and where[0] != seat:
        raise IllegalAction(_("Someone else took gem {label} first. Choose another one.")
                            .format(label=label))
    if where == (seat, card):
        raise IllegalAction(_("You already hold gem {label} for this card.").format(label=label))
    moved_from = where[1] if where is not None else None
    if moved_from is None and row[card] is None and state.held(seat) >= state.picks_per_round:
        raise IllegalAction(_("You hold {count} gems already, as many as a round allows: put "
                              "one back first, or pick for a card you hold a gem for.")
                            .format(count=state.picks_per_round))
    old = row[card]
    if moved_from is not None:
        row[moved_from] = None
    row[card] = gem
    events: list[GameEvent] = [ev.GemPicked(
        seat=seat, card=card, label=label, moved_from=moved_from,
        put_back=label_of(state, old) if old is not None else None)]
    if state.everyone_done():
        events += close_round(state, "all_picked")
    return events


def _gem_for(state: GkeState, card: int, label: str) -> int:
    if card not in (0, 1, 2) or state.face_up[card] is None:
        raise IllegalAction(_("There is no such card this round."))
    gem = state.labels.get(label)
    if gem is None:
        raise IllegalAction(_("No gem bears the label {label} this round.").format(label=label))
    wanted = card_kind(state, card)
    if game_data().gems[gem].kind != wanted:
        # Translators: {label} is a gem's label ("K7"); {card} a card by its back colour ("the
        # pink card"); {kind} the gem kind it shows ("sapphire")
        raise IllegalAction(_("Gem {label} is not the kind {card} shows ({kind}).").format(
            label=label, card=back_name(card), kind=kind_name(KINDS[wanted])))
    return gem


def release(state: GkeState, seat: int, card: int) -> list[GameEvent]:
    """Put back the gem `seat` holds for `card`."""
    if card not in (0, 1, 2) or state.picks[seat][card] is None:
        raise IllegalAction(_("You hold no gem for that card."))
    gem = state.picks[seat][card]
    assert gem is not None
    state.picks[seat][card] = None
    return [ev.GemReleased(seat=seat, card=card, label=label_of(state, gem))]


def close_round(state: GkeState, reason: Literal["all_picked", "time_up"]) -> list[GameEvent]:
    """Score the three cards in order, return every gem to the pool, go on or end (GKE-6)."""
    data = game_data()
    events: list[GameEvent] = [ev.RoundClosed(round=state.round, reason=reason)]
    for back in SCORING_ORDER:
        card_id = state.face_up[back]
        assert card_id is not None
        card = data.cards[card_id]
        target = data.gems[card.gem]
        reveals, winner, later = [], None, []
        for seat in range(state.players):  # GKE-11: seat order within one card
            gem_id = state.picks[seat][back]
            if gem_id is None:
                continue
            gem = data.gems[gem_id]
            result = "none"
            if gem_id == card.gem:
                result, winner = "card", seat
            elif gem.kind == target.kind and abs(gem.size - target.size) == 1:
                result = "piece"
                state.pieces[seat] += 1
                state.supply -= 1
                if state.pieces[seat] == 3:
                    later.append(_complete_magnifier(state, seat))
            reveals.append(ev.Reveal(seat=seat, label=label_of(state, gem_id), gem=gem_id,
                                     size=gem.size, symbol=gem.symbol, result=result))
        if winner is None:
            state.removed.append(card_id)
        else:
            state.won[winner].append(card_id)
        state.face_up[back] = None
        events.append(ev.CardScored(card=card_id, back=back, reveals=reveals, winner=winner))
        events += later
    state.picks = [[None] * 3 for _ in range(state.players)]
    state.labels = {}
    if state.round < state.rounds:
        return events + start_round(state)
    return events + finish(state)


def _complete_magnifier(state: GkeState, seat: int) -> GameEvent:
    state.pieces[seat] = 0
    state.supply += 3
    # The stack always has a card: a round gives at most one piece per pick, 9 picks (3 × 3,
    # or 2 × 4), so N rounds trade at most 9 N / 3 = 3 N magnifiers, and 63 − 3 N ≥ 3 N.
    state.bonus_won[seat].append(state.bonus.pop())
    return ev.MagnifierCompleted(seat=seat, bonus_left=len(state.bonus))


def score_lines(state: GkeState) -> list[dict[str, int]]:
    """Each player's stars, cards, the two-piece point and total (GKE-6)."""
    cards = game_data().cards
    lines = []
    for seat in range(state.players):
        stars = sum(cards[c].stars for c in state.won[seat] + state.bonus_won[seat])
        extra = 1 if state.pieces[seat] == 2 else 0
        lines.append({"stars": stars, "cards": len(state.won[seat]),
                      "bonus_cards": len(state.bonus_won[seat]), "pieces": state.pieces[seat],
                      "magnifier_point": extra, "total": stars + extra})
    return lines


def finish(state: GkeState) -> list[GameEvent]:
    """The end: most points wins; equal totals share the win (GKE-6)."""
    lines = score_lines(state)
    order = sorted(range(state.players), key=lambda s: lines[s]["total"], reverse=True)
    totals = [line["total"] for line in lines]
    standings = [Standing(player=seat, score=totals[seat], detail=lines[seat],
                          rank=1 + sum(1 for total in totals if total > totals[seat]))
                 for seat in order]
    winners = [s for s in order if lines[s]["total"] == lines[order[0]]["total"]]
    state.phase = "over"
    state.results = Results(standings=standings, winners=winners,
                            tiebreak="shared" if len(winners) > 1 else "score")
    assert state.supply + sum(state.pieces) == PIECES
    return [ev.GameEnded(scores=lines, winners=winners)]
