"""The coach's review: the planted blunder first, nothing from another seat's secrets, and a
search's own games not reported as mistakes beyond the estimate's error."""

from __future__ import annotations

import random

import pytest

from engine import get_kind
from engine.coach import review as coach
from engine.coach.review import review
from engine.core.simulate import play_game
from engine.games.emerald.ai import greedy_policy
from engine.games.emerald.strong import strong_judgement
from engine.games.gke.coach import size_shown as coach_size
from tests.engine.coach.planted import emerald_blunder, esr_blunder, gke_blunder


def mine(log, seat: int) -> set[int]:
    return {step for step, (actor, _) in enumerate(log) if actor == seat}


@pytest.mark.parametrize(("seed", "seat"), [(0, 1), (2, 2), (6, 1), (6, 2), (14, 0)])
def test_a_knight_walked_into_the_dragons_reach_for_nothing_is_named_first(seed: int,
                                                                            seat: int) -> None:
    planted = emerald_blunder(seed, seat=seat)
    assert planted is not None
    found = review("emerald", planted.seed, planted.players, None, planted.log, planted.seat,
                   mine(planted.log, planted.seat))
    top = found.findings[0]
    assert top.step == planted.step
    assert top.sure and top.cost > 0
    assert top.decision.options[top.chosen].action == planted.log[planted.step][1]
    assert found.cpu_seconds < 20


def test_only_the_members_own_choices_are_judged_never_the_autopilots() -> None:
    planted = emerald_blunder(6, seat=2)
    chosen = mine(planted.log, 2) - {planted.step}  # the autopilot made the blunder
    found = review("emerald", planted.seed, planted.players, None, planted.log, 2, chosen)
    assert all(f.step != planted.step for f in found.findings)


def test_the_review_reads_each_decision_only_through_the_members_own_view(monkeypatch) -> None:
    kind = get_kind("emerald")
    game = play_game("emerald", 4, ["greedy"] * 3)
    seen = []
    original = type(kind).coach_values

    def spy(self, view, seat, decision, rng, worlds, chosen):
        seen.append((view["viewer"], "hand" in view, view.get("hands")))
        return original(self, view, seat, decision, rng, worlds, chosen)

    def spy_choice(self, view, seat, decision, rng, chosen):
        seen.append((view["viewer"], "hand" in view, view.get("hands")))
        return original_choice(self, view, seat, decision, rng, chosen)

    original_choice = type(kind).coach_choice
    monkeypatch.setattr(type(kind), "coach_values", spy)
    monkeypatch.setattr(type(kind), "coach_choice", spy_choice)
    review("emerald", 4, 3, None, game.log, 1, mine(game.log, 1))
    assert seen and all(viewer == 1 and own and hands is None for viewer, own, hands in seen)


def test_the_same_view_gives_the_same_judgement_whatever_is_hidden() -> None:
    kind = get_kind("emerald")
    game = play_game("emerald", 9, ["greedy"] * 3)
    state, _ = kind.new_game(9, 3)
    for step, (actor, action) in enumerate(game.log):
        if step > 60 and actor == 0 and kind.next_decision(state).player == 0:
            break
        state, _ = kind.advance(state, actor, action, quiet=True)
    other = state.clone()
    rival = next(s for s in (1, 2) if other.hands[s])
    # A rival's gold card and a box card swap values; the cards under each top reverse:
    # all hidden from seat 0.
    other.hands[rival][0], other.box_gold[0] = other.box_gold[0], other.hands[rival][0]
    for pile in other.gold_piles:
        pile[:-1] = list(reversed(pile[:-1]))
    assert kind.dump(other) != kind.dump(state)
    views = [kind.view(s, 0) for s in (state, other)]
    assert views[0] == views[1]
    decision = kind.next_decision(state)
    judged = [kind.coach_values(v, 0, decision, random.Random(1), 6, 0) for v in views]
    assert judged[0] == judged[1] and len(judged[0]) == len(decision.options)
    answers = [kind.coach_choice(v, 0, decision, random.Random(1), 0) for v in views]
    assert answers[0] == answers[1] and answers[0]


@pytest.mark.parametrize(("game", "seed"), [("emerald", 12), ("emerald", 16), ("esr", 0)])
def test_the_strong_ais_own_choices_cost_no_more_than_the_estimates_error(game: str,
                                                                          seed: int) -> None:
    # Three strong seats. Emerald seed 12 has an endgame move the screen leaves out in one run
    # and plays out in another; ESR's strong seats keep to their public spread.
    # In seed 16 the AI, run again, answered two decisions otherwise (each under its error).
    # Not every game holds: in 2 of seeds 0-29 (19 and 29) one endgame move strong took on
    # the noise of its play-outs is found worse (docs/benchmarks.md, benchmarks/coach_self.py).
    played = play_game(game, seed, ["strong"] * 3)
    found = review(game, seed, 3, None, played.log, 0, mine(played.log, 0),
                   levels=["strong"] * 3)
    assert found.judged > 5
    assert not [f for f in found.findings if f.cost > coach.SURE * f.error]


def test_the_member_is_measured_against_the_ais_own_answer_in_every_world(monkeypatch) -> None:
    kind = get_kind("emerald")
    planted = emerald_blunder(6, seat=1)
    values_seen = {}
    original = type(kind).coach_values

    def other_than_chosen(self, view, seat, decision, rng, chosen):
        return [decision.options[0 if chosen else 1].action]

    def values(self, view, seat, decision, rng, worlds, chosen):
        values_seen[decision.key] = original(self, view, seat, decision, rng, worlds, chosen)
        return values_seen[decision.key]

    monkeypatch.setattr(type(kind), "coach_choice", other_than_chosen)
    monkeypatch.setattr(type(kind), "coach_values", values)
    found = review("emerald", planted.seed, planted.players, None, planted.log, 1,
                   mine(planted.log, 1))
    assert found.findings and found.agreed == 0
    for finding in found.findings:
        assert finding.best == (0 if finding.chosen else 1)
        seen = values_seen[finding.decision.key]
        gains = [b - c for b, c in zip(seen[finding.best], seen[finding.chosen], strict=True)]
        assert finding.cost == pytest.approx(sum(gains) / len(gains))  # every world, none held out


def test_a_choice_the_ais_own_judgement_cannot_tell_from_its_answer_is_not_reported(
        monkeypatch) -> None:
    kind = get_kind("emerald")
    planted = emerald_blunder(6, seat=1)

    def as_good_as_the_chosen(self, view, seat, decision, rng, chosen):
        other = 0 if chosen else 1
        return [decision.options[other].action, decision.options[chosen].action]

    monkeypatch.setattr(type(kind), "coach_choice", as_good_as_the_chosen)
    found = review("emerald", planted.seed, planted.players, None, planted.log, 1,
                   mine(planted.log, 1))
    assert not found.findings and found.agreed == found.judged > 10


def test_the_ai_judges_the_members_own_endgame_answer_beside_its_candidates() -> None:
    # Seed 2, seat 2 walked a knight to C6 with one treasure left: greedy's search of the turn
    # scores it 1.2 gold below C8, but played out from the seat's view it ends 2.9 gold better
    # (60 worlds). The strong AI's screen leaves it out; judged beside its answer it is kept.
    kind = get_kind("emerald")
    state, _ = kind.new_game(2, 3)
    rng = random.Random(2)  # as emerald_blunder plays greedy up to its first chance
    for _ in range(120):
        decision = kind.next_decision(state)
        action = greedy_policy(kind, state, decision, rng)
        state, _ = kind.advance(state, decision.player, action, quiet=True)
    view, walk = kind.view(state, 2), {"type": "move", "space": "C6", "colour": 2}
    assert view["treasures_left"] == 1 and walk in [o.action for o in
                                                    kind.next_decision(state).options]
    alone = [strong_judgement(view, 2, random.Random(seed)) for seed in range(4)]
    beside = [strong_judgement(view, 2, random.Random(seed), also=walk) for seed in range(4)]
    assert all(walk not in answers for answers in alone)
    assert sum(walk in answers for answers in beside) >= 3


def test_a_clearly_worse_action_card_is_named_first() -> None:
    # Seed 7: the planted card 25 million worse; how often the review names the planted card
    # first over many constructed games is in docs/benchmarks.md (not always).
    planted = esr_blunder(7, margin=15.0)
    assert planted is not None
    found = review("esr", 7, 3, None, planted.log, 0, mine(planted.log, 0),
                   levels=[None, "greedy", "greedy"])
    top = found.findings[0]
    assert top.step == planted.step and top.sure
    assert top.decision.kind == "esr.choose_action"
    assert found.cpu_seconds < 20 * 1.1  # the budget, checked between decisions


@pytest.mark.parametrize(("seed", "seat"), [(0, 0), (1, 1), (4, 2)])
def test_a_pick_two_sizes_off_is_named_first_with_what_the_exact_gem_would_have_won(
        seed: int, seat: int) -> None:
    planted = gke_blunder(seed, seat=seat)
    assert planted is not None
    found = review("gke", seed, 3, None, planted.log, seat, mine(planted.log, seat))
    top = found.findings[0]
    assert top.step == planted.step and top.sure
    assert top.cost == 3.0 and top.error < 1e-9  # the card's three stars, judged exactly
    assert top.decision.options[top.chosen].action == planted.log[planted.step][1]
    kind = get_kind("gke")
    state, _ = kind.new_game(seed, 3)
    for actor, action in planted.log[:top.step]:
        state, _ = kind.advance(state, actor, action, quiet=True)
    note = kind.coach_note(kind.view(state, seat), seat, top.decision, top.chosen, top.best)
    assert "was 2 sizes " in note and "would have won the card and its 3 stars" in note
    best = top.decision.options[top.best].action
    assert best["card"] == planted.log[planted.step][1]["card"]


def test_a_pick_changed_before_the_round_closed_is_not_judged() -> None:
    planted = gke_blunder(0)
    kind = get_kind("gke")
    state, _ = kind.new_game(0, 3)
    for actor, action in planted.log[:planted.step]:
        state, _ = kind.advance(state, actor, action, quiet=True)
    card = planted.log[planted.step][1]["card"]
    decision = kind.decision_for(state, 0)
    values = kind.coach_values(kind.view(state, 0), 0, decision, random.Random(0), 2,
                               next(i for i, o in enumerate(decision.options)
                                    if o.action == planted.log[planted.step][1]))
    # Another gem for the same card just before the planted one, worth nothing, then replaced.
    worthless = next(o.action for o, v in zip(decision.options, values, strict=True)
                     if o.action["type"] == "pick" and o.action["card"] == card and v[0] == 0
                     and o.action != planted.log[planted.step][1])
    log = [*planted.log[:planted.step], (0, worthless), *planted.log[planted.step:]]
    found = review("gke", 0, 3, None, log, 0, mine(log, 0))
    assert [f.step for f in found.findings][:1] == [planted.step + 1]
    assert all(f.step != planted.step for f in found.findings)


def test_a_pick_is_never_told_to_take_a_gem_the_member_holds_for_another_card() -> None:
    kind = get_kind("gke")
    for seed in range(30):
        game = play_game("gke", seed, ["easy"] * 3)
        state, _ = kind.new_game(seed, 3)
        for actor, action in game.log:
            decision = kind.decision_for(state, actor)
            view = kind.view(state, actor)
            chosen = next(i for i, o in enumerate(decision.options) if o.action == action)
            values = kind.coach_values(view, actor, decision, random.Random(0), 2, chosen)
            if values is not None:
                held = view["me"]["picks"]
                better = [o.action["label"] for o, v in zip(decision.options, values, strict=True)
                          if v[0] > values[chosen][0]]
                assert not set(better) & {label for label in held if label}
            state, _ = kind.advance(state, actor, action, quiet=True)


def test_giving_up_the_exact_gem_for_a_worse_one_is_never_told_as_the_exact_gem_taken() -> None:
    # The member first holds the card's own gem, then swaps it for the planted one.
    kind = get_kind("gke")
    told = 0
    for seed in range(12):
        planted = gke_blunder(seed)
        if planted is None:
            continue
        state, _ = kind.new_game(seed, 3)
        for actor, action in planted.log[:planted.step]:
            state, _ = kind.advance(state, actor, action, quiet=True)
        card = planted.log[planted.step][1]["card"]
        view = kind.view(state, 0)
        exact = next(g["label"] for g in view["pool"] if g["holder"] is None
                     and g["kind"] == view["cards"][card]["kind"]
                     and coach_size(g) == view["cards"][card]["size"])
        log = [*planted.log[:planted.step], (0, {"type": "pick", "card": card, "label": exact}),
               *planted.log[planted.step:]]
        found = review("gke", seed, 3, None, log, 0, mine(log, 0))
        told += sum(f.step == planted.step + 1 for f in found.findings)
    assert told == 0


def _noisy_options(rng: random.Random, truths: list[float], worlds: int) -> list[list[float]]:
    return [[truth + rng.gauss(0, 3) for _ in range(worlds)] for truth in truths]


def test_a_choice_as_good_as_any_other_is_not_charged_for_the_best_of_the_noise() -> None:
    # Five options worth the same: the best mean in the worlds it is measured in is the
    # largest of five noisy means, so charging the choice with it calls good play a mistake.
    rng = random.Random(3)
    trials = [_noisy_options(rng, [0.0] * 5, 24) for _ in range(400)]
    plain = [max(sum(o) / 24 for o in values) - sum(values[0]) / 24 for values in trials]
    held_out = [sum(d) / len(d) for d in (coach.held_out_differences(v, 0) for v in trials)]
    assert sum(plain) / len(plain) > 0.5  # the bias the held-out estimate removes
    assert abs(sum(held_out) / len(held_out)) < 0.25


def test_a_clearly_better_option_keeps_its_whole_margin_when_picked_in_the_other_half() -> None:
    rng = random.Random(4)
    values = _noisy_options(rng, [0.0, 10.0, 1.0, 0.0], 24)
    differences = coach.held_out_differences(values, 0)
    assert len(differences) == 24
    assert 8.0 < sum(differences) / 24 < 12.0
