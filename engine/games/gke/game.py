"""Große kleine Edelsteine as a GameKind: the one door to its rules."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from engine.core.errors import IllegalAction
from engine.core.game import CLOCK, Action, Clock, Decision, GameEvent, GameKind, Results
from engine.games.gke import coach, decisions, rules, text, views
from engine.games.gke.catalog import N_, _
from engine.games.gke.narrate import narrate
from engine.games.gke.state import GkeSettings, GkeState


class GkeGame(GameKind[GkeState]):
    """Große kleine Edelsteine for 2 to 4 players (GKE-1)."""

    name: ClassVar[str] = "gke"
    title: ClassVar[str] = "Große kleine Edelsteine"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    settings_model: ClassVar[type[BaseModel]] = GkeSettings
    state_model: ClassVar[type[BaseModel]] = GkeState
    turn_decision: ClassVar[str | None] = "pick"
    # The round's time limit (the lobby's timer sets it); its expiry is the game's own move.
    default_deadlines: ClassVar[dict[str, float | None]] = {"pick": 90.0, "default": 90.0}
    score_unit: ClassVar[str] = N_("points")
    rounds_setting: ClassVar[str | None] = "cards_per_colour"  # a round per card of each colour
    longest_clock: ClassVar[float | None] = 300.0  # the choices: 30 s to 5 minutes

    def new_game(self, seed: int, players: int, settings: dict[str, Any] | None = None,
                 revision: int | None = None) -> tuple[GkeState, list[GameEvent]]:
        """Lay out the cards and open the first round."""
        self.check_player_count(players)
        self.check_revision(revision)
        try:
            chosen = GkeSettings.model_validate(settings or {})
        except ValidationError:
            raise IllegalAction(_("Cards per colour must be a number from 3 to 9.")) from None
        return rules.new_state(seed, players, chosen)

    def pending(self, state: GkeState) -> list[Decision]:
        """The picks still owed while the round is open."""
        return decisions.pending(state)

    def next_decision(self, state: GkeState) -> Decision | None:
        """A player still lacking a pick, in a seeded order (picks arrive one by one)."""
        seat = decisions.next_picker(state)
        return None if seat is None else decisions.pick_decision(state, seat)

    def decision_for(self, state: GkeState, player: int) -> Decision | None:
        """What `player` may do now: pick, move, put back (until the round closes)."""
        if state.phase == "over" or not 0 <= player < state.players:
            return None
        return decisions.pick_decision(state, player)

    def apply(self, state: GkeState, player: int, action: Action
              ) -> tuple[GkeState, list[GameEvent]]:
        """Apply one action to a copy; the given state is never changed."""
        new = state.clone()
        events = self._dispatch(new, player, action)
        new.step += 1
        return new, events

    def _dispatch(self, state: GkeState, player: int, action: Action) -> list[GameEvent]:
        if state.phase == "over":
            raise IllegalAction(_("The game is over."))
        kind = action.get("type")
        if player == CLOCK:
            if kind != "time_up" or action.get("round") != state.round:
                raise IllegalAction(_("That time limit has passed already."))
            return rules.close_round(state, "time_up")
        if not 0 <= player < state.players:
            raise IllegalAction(_("You are not playing in this game."))
        if kind not in ("pick", "release"):
            raise IllegalAction(_("That is not a move in this game."))
        card = action.get("card")
        if not isinstance(card, int) or isinstance(card, bool):
            raise IllegalAction(_("Choose one of the round's three cards."))
        if kind == "pick":
            label = action.get("label")
            if not isinstance(label, str):
                raise IllegalAction(_("Choose a gem by its label."))
            return rules.pick(state, player, card, label)
        return rules.release(state, player, card)

    def clock(self, state: GkeState) -> Clock | None:
        """The round's time limit: when it runs out the round is scored as picked (GKE-10)."""
        if state.phase == "over":
            return None
        return Clock(kind="pick", key=decisions.key(state),
                     action={"type": "time_up", "round": state.round})

    def think_time(self, decision: Decision, level: str, limit: float | None,
                   rng: random.Random) -> float:
        """A person's pace at the table: a pick takes 8-22 % of the round's time limit (all
        of a seat's picks well inside it), 6-16 s when there is no clock."""
        return rng.uniform(0.08, 0.22) * limit if limit else rng.uniform(6.0, 16.0)

    def view(self, state: GkeState, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see."""
        return views.view(state, viewer)

    def is_over(self, state: GkeState) -> bool:
        """True after the last round's scoring."""
        return state.phase == "over"

    def results(self, state: GkeState) -> Results | None:
        """Final standings (GKE-6)."""
        return state.results

    def sample_action(self, state: GkeState, decision: Decision, rng: random.Random) -> Action:
        """A random free gem for a card still without a pick (a random seat always gets on)."""
        empty = [o.action for o in decision.options if o.action["type"] == "pick"
                 and state.picks[decision.player][o.action["card"]] is None]
        return rng.choice(empty)

    def coach_values(self, view: dict[str, Any], seat: int, decision: Decision,
                     rng: random.Random, worlds: int, chosen: int) -> list[list[float]] | None:
        """What each free gem of the pick's kind would have won, read off the round's picture
        exactly (coach.py)."""
        return coach.option_values(view, decision, chosen, worlds)

    def coach_stood(self, after: GkeState, seat: int, action: Action,
                    later: Sequence[tuple[int, Action]]) -> bool:
        """A pick is judged only if it was still held when the round closed."""
        return action.get("type") == "pick" and coach.stood(self, after, seat, action["card"],
                                                            later)

    def coach_note(self, view: dict[str, Any], seat: int, decision: Decision, chosen: int,
                   best: int) -> str | None:
        """How many sizes off the pick was, and what the exact gem would have won."""
        return coach.note(view, decision, chosen, best)

    def narrate(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """The event in plain words."""
        return narrate(event, names)

    def board(self, view: dict[str, Any], names: Sequence[str]) -> str:
        """The table as plain text."""
        return text.board(view, names)

    def tiebreak_text(self, tiebreak: str) -> str:
        """Equal points share the win (GKE-6)."""
        return _("Equal points share the win.") if tiebreak == "shared" else _("most points")
