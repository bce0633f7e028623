"""What nobody may see (GKE-9, GKE-10): a pool gem's size number and symbol before it is turned
over, the bonus cards' stars but their owner's, the stacks' order; AIs decide from their view
through their perception's noise, so changing what is hidden changes no view and no pick."""

import random

import pytest

from engine.core.game import CLOCK
from engine.games.gke import GAME, POLICIES
from engine.games.gke.ai import SPREAD, perceived
from engine.games.gke.data import SYMBOLS
from tests.engine.games.gke.builders import card_id, gem_id, pick, table


def test_a_pool_gem_shows_its_label_shape_and_drawn_size_only():
    view = GAME.view(table(3), 1)
    assert len(view["pool"]) == 81
    assert {tuple(sorted(gem)) for gem in view["pool"]} == {
        ("card", "drawn", "holder", "kind", "label")}
    text = repr(view["pool"])
    assert not any(symbol in text for symbol in SYMBOLS)


def test_labels_tell_no_size_labels_differ_from_round_to_round():
    state = table(2)
    first = dict(state.labels)
    state, _ = GAME.apply(state, CLOCK, GAME.clock(state).action)
    assert state.labels != first
    # Over many games, a label's gem size is spread over all nine sizes.
    sizes = {size: 0 for size in range(1, 10)}
    for seed in range(60):
        state, _ = GAME.new_game(seed, 2)
        gem = state.labels.get("A3")
        if gem is not None:
            sizes[gem % 9 + 1] += 1
    assert all(sizes.values())


def test_bonus_stars_show_to_their_owner_only_until_the_end():
    state = table(2)
    state.bonus_won[0] = [card_id("ruby", 5)]
    assert GAME.view(state, 0)["table"][0]["bonus_stars"] == 3
    assert GAME.view(state, 1)["table"][0]["bonus_stars"] is None
    assert GAME.view(state, None)["table"][0]["bonus_stars"] is None
    assert GAME.view(state, 1)["table"][0]["bonus_cards"] == 1


def hide_differently(state):
    """The same table with everything hidden dealt otherwise: stacks under the top, bonus."""
    other = state.clone()
    for stack in other.stacks:
        stack.reverse()
    other.bonus.reverse()
    return other


def test_changing_the_stacks_and_bonus_order_changes_no_view():
    state = table(3)
    state.bonus_won[1] = [state.bonus.pop()]
    other = hide_differently(state)
    assert other != state
    for viewer in (0, 2, None):
        assert GAME.view(other, viewer) == GAME.view(state, viewer)


@pytest.mark.parametrize("level", sorted(SPREAD))
def test_ai_picks_do_not_depend_on_what_is_hidden(level):
    state = table(3)
    policy = POLICIES[level]
    for seat in range(3):
        decision = GAME.decision_for(state, seat)
        mine = policy(GAME, state, decision, random.Random(0))
        theirs = policy(GAME, hide_differently(state), decision, random.Random(0))
        assert mine == theirs


def test_an_ai_perceives_a_gem_the_same_on_a_second_look_and_with_an_error():
    state = table(2, cards=[card_id("aquamarine", 5), card_id("ruby", 3)])
    view = GAME.view(state, 0)
    assert perceived(view, 0, 0.5) == perceived(view, 0, 0.5)
    assert perceived(view, 0, 0.5) != perceived(view, 1, 0.5)
    state, _ = pick(state, 1, 1, gem_id("ruby", 3))
    again = GAME.view(state, 0)
    assert perceived(again, 0, 0.5) == perceived(view, 0, 0.5)
    exact = perceived(view, 0, 0.0)
    label = next(g["label"] for g in view["pool"] if g["kind"] == "aquamarine"
                 and abs(exact[g["label"]] - 5) < 0.01)
    assert state.labels[label] == gem_id("aquamarine", 5)


def test_ai_picks_do_not_depend_on_the_hidden_symbols(monkeypatch):
    """The symbols dealt otherwise within each kind: the pool looks the same to everyone (only
    the face-up cards, which show theirs, change) and no AI pick changes."""
    from engine.games.gke import data as gke_data

    state = table(3)
    before = {level: [POLICIES[level](GAME, state, GAME.decision_for(state, seat),
                                      random.Random(0)) for seat in range(3)]
              for level in sorted(SPREAD)}
    def pool_views():
        return [{k: v for k, v in GAME.view(state, seat).items() if k != "cards"}
                for seat in range(3)]

    views = pool_views()
    real = gke_data.game_data()
    shuffled = real.model_copy(update={"gems": [
        gem.model_copy(update={"symbol": (gem.symbol + 4) % 9}) for gem in real.gems]})
    for module in ("engine.games.gke.data", "engine.games.gke.views",
                   "engine.games.gke.rules", "engine.games.gke.decisions"):
        monkeypatch.setattr(f"{module}.game_data", lambda: shuffled)
    assert pool_views() == views
    for level, picks in before.items():
        assert [POLICIES[level](GAME, state, GAME.decision_for(state, seat), random.Random(0))
                for seat in range(3)] == picks
