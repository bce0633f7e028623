"""Edel, Stein & Reich as a GameKind: the one door to the rules."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import Action, Decision, GameEvent, GameKind, Results, Standing
from engine.games.esr import (
    coach,
    decisions,
    flow,
    instants,
    negotiation,
    offer_text,
    scoring_text,
    text,
    views,
)
from engine.games.esr.catalog import N_, _, ngettext
from engine.games.esr.events import RoundScored
from engine.games.esr.gems import beats, colour_index
from engine.games.esr.narrate import narrate, tiebreak_text
from engine.games.esr.schema import EsrSettings, EsrStateModel
from engine.games.esr.state import (
    EsrState,
    EventSourceStep,
    FreeChoiceStep,
    InstantStep,
    NegotiationStep,
    from_json,
    to_json,
)
from engine.games.esr.table import Table


class EsrGame(GameKind[EsrState]):
    """Edel, Stein & Reich for 3 to 5 players (ESR-1)."""

    name: ClassVar[str] = "esr"
    title: ClassVar[str] = "Edel, Stein & Reich"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    settings_model: ClassVar[type[BaseModel]] = EsrSettings
    state_model: ClassVar[type[BaseModel]] = EsrStateModel  # the JSON form; see load and dump
    turn_decision: ClassVar[str | None] = "choose_action"
    default_deadlines: ClassVar[dict[str, float | None]] = {
        "choose_action": 120.0, "negotiate": 90.0, "default": 60.0}
    score_unit: ClassVar[str] = N_("million")  # translated with this game's catalog: score_text
    # The strong level mixes cards whose values lie within a million of each other (search.py's
    # TEMPERATURE): a smaller difference is within what its judgement tells apart.
    coach_resolution: ClassVar[float] = 1.0

    def new_game(self, seed: int, players: int, settings: dict[str, Any] | None = None,
                 revision: int | None = None) -> tuple[EsrState, list[GameEvent]]:
        """Set up a game and run it to the first action choice."""
        self.check_player_count(players)
        self.check_revision(revision)
        try:
            valid = self.settings(settings).model_dump()
        except ValidationError as exc:
            problem = exc.errors()[0]
            where = ".".join(str(p) for p in problem["loc"])
            # Translators: {setting} is a setting's name in quotes; {problem} says what is
            # wrong with its value (in English, from the validation library)
            raise IllegalAction(_("Setting {setting} is not valid: {problem}.").format(
                setting=repr(where), problem=problem["msg"])) from None
        table = flow.new_state(seed, players, valid)
        return table.state, table.events

    def pending(self, state: EsrState) -> list[Decision]:
        """The decisions owed right now."""
        return decisions.pending(state)

    def next_decision(self, state: EsrState) -> Decision | None:
        """The first pending decision, built alone."""
        return decisions.next_decision(state)

    def coach_values(self, view: dict[str, Any], seat: int, decision: Decision,
                     rng: random.Random, worlds: int, chosen: int) -> list[list[float]] | None:
        """The strong level's look-ahead of an action choice, from the seat's view
        (coach.py)."""
        return coach.option_values(self, view, seat, decision, rng, worlds)

    def coach_choice(self, view: dict[str, Any], seat: int, decision: Decision,
                     rng: random.Random, chosen: int) -> Sequence[Action] | None:
        """The strong level's action card from the seat's view (coach.py)."""
        return coach.strong_choice(self, view, seat, decision, rng)

    def decision_for(self, state: EsrState, player: int) -> Decision | None:
        """What `player` may decide now."""
        return decisions.decision_for(state, player)

    def apply(self, state: EsrState, player: int, action: Action
              ) -> tuple[EsrState, list[GameEvent]]:
        """Apply one action to a deep copy; the given state is never changed."""
        if isinstance(player, bool) or not 0 <= player < state.num_players:
            raise NotYourTurn(_("You have no seat in this game."))
        if state.phase == "over":
            raise IllegalAction(_("The game is over."))
        return self.advance(state.clone(), player, action)

    def advance(self, state: EsrState, player: int, action: Action, quiet: bool = False
                ) -> tuple[EsrState, list[GameEvent]]:
        """Apply one action to `state` itself (simulations; `apply` passes it a copy)."""
        table = Table(state, quiet=quiet)
        _dispatch(table, player, action)
        flow.advance(table)
        return table.state, table.events

    def load(self, data: str | dict[str, Any]) -> EsrState:
        """A stored state, validated at the edge, as the engine's plain classes."""
        return from_json(data)

    def dump(self, state: EsrState) -> str:
        """The stored JSON form (the same bytes the pydantic models always wrote)."""
        return to_json(state)

    def view(self, state: EsrState, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see."""
        return views.view(state, viewer)

    def is_over(self, state: EsrState) -> bool:
        """True after the third scoring."""
        return state.phase == "over"

    def results(self, state: EsrState) -> Results | None:
        """Final standings (ESR-13)."""
        return state.results

    def narrate(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """The event in plain words for the terminal (the channel uses the same lines, marked
        up); a round's scoring comes player by player, as in the channel. Gem counts and card
        names are joined by non-breaking spaces, so plaintext.fit() never splits one."""
        if isinstance(event, RoundScored):
            return scoring_text.scoring_table(event, names)
        return narrate(event, names, text.TERMINAL)  # counts and cards kept whole when wrapped

    def board(self, view: dict[str, Any], names: Sequence[str]) -> str:
        """The table as plain text for the terminal, within 80 columns."""
        return text.board(view, names)

    def board_changes(self, before: dict[str, Any], after: dict[str, Any],
                      names: Sequence[str]) -> str | None:
        """The whole board at a turn's start, else only the players and lines that changed."""
        return text.board_changes(before, after, names)

    def score_text(self, score: int) -> str:
        """'81 million', in the current language."""
        # Translators: a final score in millions, e.g. "81 million"
        return ngettext("{score} million", "{score} million", score).format(score=score)

    def standing_text(self, standing: Standing) -> str:
        """'81 million, 12 gemstones'."""
        gems = standing.detail.get("gem_total", 0)
        # Translators: a player's gemstones at the end (the English singular keeps "gemstones"
        # as the game has always written it)
        gem_text = ngettext("{count} gemstones", "{count} gemstones", gems).format(count=gems)
        return f"{self.score_text(standing.score)}, {gem_text}"

    def tiebreak_text(self, tiebreak: str) -> str:
        """How ESR-13 broke a tie, in words."""
        return tiebreak_text(tiebreak)

    def parse_text(self, decision: Decision, text: str) -> Action | None:
        """An offer typed as four counts, 'red yellow green blue'; a malformed one is told
        what is wrong with it (IllegalAction)."""
        return offer_text.parse_offer(decision, text)

    def text_hint(self, decision: Decision) -> str | None:
        """How to type an offer."""
        return offer_text.offer_hint() if "offer" in decision.constraints else None

    def sample_action(self, state: EsrState, decision: Decision, rng: random.Random) -> Action:
        """A random legal answer; offers are drawn from the player's own gemstones."""
        spec = decision.constraints.get("offer")
        if spec is None or spec["exactly_one"] or (decision.options and rng.random() < 0.4):
            return rng.choice(decision.options).action
        own, current = spec["own"], spec["current"]
        size = sum(own) if current is None else sum(current)
        for _attempt in range(20):
            want = rng.randint(max(1, size if current else 1), min(sum(own), size + 2))
            pool = [c for c in range(4) for _ in range(own[c])]
            gems = [0, 0, 0, 0]
            for c in rng.sample(pool, want):
                gems[c] += 1
            if current is None or beats(gems, current):
                return {"type": "offer", "gems": gems}
        return rng.choice(decision.options).action


def _colour(action: Action) -> int:
    try:
        return colour_index(str(action.get("colour", "")))
    except ValueError:
        raise IllegalAction(_("Name a colour: red, yellow, green or blue.")) from None


def _dispatch(table: Table, seat: int, action: Action) -> None:
    kind = action.get("type") if isinstance(action, dict) else None
    state = table.state
    if state.phase == "choose":
        if kind != "choose":
            raise IllegalAction(_("Everyone is choosing an action card now."))
        flow.choose(table, seat, str(action.get("card")))
        return
    step = state.step
    if isinstance(step, NegotiationStep):
        negotiation.check_turn(step, seat)
    elif _step_owner(step) != seat:
        raise NotYourTurn(_("It is not your turn to decide."))
    if isinstance(step, NegotiationStep):
        if kind == "accept":
            negotiation.accept(table, seat)
        elif kind == "offer":
            negotiation.offer(table, seat, _offer_gems(action))
        else:
            raise IllegalAction(_("In a negotiation you can accept, raise or offer nothing."))
    elif isinstance(step, EventSourceStep):
        if kind != "event_source":
            raise IllegalAction(_("Take the face-up card or draw blind."))
        flow.take_event(table, seat, str(action.get("source")))
    elif isinstance(step, InstantStep):
        _instant(table, step, kind, action)
    elif isinstance(step, FreeChoiceStep):
        if kind == "forgo" and step.stage == "give":
            flow.free_choice(table, seat, None)
        elif kind == "colour":
            flow.free_choice(table, seat, _colour(action))
        else:
            raise IllegalAction(_("Free Choice: pick a colour."))


def _instant(table: Table, step: InstantStep, kind: Any, action: Action) -> None:
    if step.stage == "use":
        if kind not in ("carry_out", "forgo"):
            raise IllegalAction(_("Carry the card out or forgo it first."))
        instants.use(table, step, kind == "carry_out")
    elif kind == "colour":
        instants.pick_colour(table, step, _colour(action))
    elif kind == "player":
        seat = action.get("seat")
        if not isinstance(seat, int):
            raise IllegalAction(_("Choose a fellow player."))
        instants.pick_player(table, step, seat)
    else:
        raise IllegalAction(_("This card needs a colour or a fellow player now."))


def _offer_gems(action: Action) -> list[int]:
    gems = action.get("gems")
    try:
        if isinstance(gems, dict):
            counts = [0, 0, 0, 0]
            for colour, n in gems.items():
                counts[colour_index(colour)] += int(n)
            return counts
        if isinstance(gems, list) and len(gems) == 4:
            return [int(n) for n in gems]
    except (ValueError, TypeError, ValidationError):
        pass
    raise IllegalAction(
        _("An offer names how many red, yellow, green and blue gemstones you give."))


def _step_owner(step: Any) -> int | None:
    if isinstance(step, EventSourceStep | InstantStep):
        return step.seat
    if isinstance(step, FreeChoiceStep):
        return step.seats[0]
    return None
