"""Emerald as a GameKind: the one door to its rules."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from engine.core.errors import IllegalAction
from engine.core.game import CLOCK, Action, Decision, GameEvent, GameKind, Results, Standing
from engine.games.emerald import coach, decisions, rules, text, views
from engine.games.emerald.actions import dispatch
from engine.games.emerald.catalog import N_, _, ngettext
from engine.games.emerald.narrate import narrate, tiebreak_text
from engine.games.emerald.playout import playout
from engine.games.emerald.schema import EmeraldSettings, EmeraldStateModel
from engine.games.emerald.state import EmeraldState, from_dict, to_json


class EmeraldGame(GameKind[EmeraldState]):
    """Emerald for 2 to 5 players (EM-1)."""

    name: ClassVar[str] = "emerald"
    title: ClassVar[str] = "Emerald"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    settings_model: ClassVar[type[BaseModel]] = EmeraldSettings
    state_model: ClassVar[type[BaseModel]] = EmeraldStateModel  # the JSON form; see load
    turn_decision: ClassVar[str | None] = "move"
    default_deadlines: ClassVar[dict[str, float | None]] = {
        "move": 90.0, "card": 60.0, "victim": 60.0, "bribe": 60.0, "default": 60.0}
    score_unit: ClassVar[str] = N_("gold")
    rules_revision: ClassVar[int] = rules.REVISION  # 2: EM-20
    # The coach's judge (greedy's value, ai.value) steps by tenths of a gold for a step along
    # the path and by 0.3 for the best next landing: differences under half a gold are its
    # rounding.
    coach_resolution: ClassVar[float] = 0.5

    def new_game(self, seed: int, players: int, settings: dict[str, Any] | None = None,
                 revision: int | None = None) -> tuple[EmeraldState, list[GameEvent]]:
        """Shuffle, deal and open the first turn, under rules revision `revision` (None: today's;
        1 shifts the rail without EM-20's turn, as games set up before it were played)."""
        self.check_player_count(players)
        revision = self.check_revision(revision)
        try:
            self.settings(settings)
        except ValidationError as exc:
            where = ".".join(str(p) for p in exc.errors()[0]["loc"])
            # Translators: {setting} is a setting's name in quotes
            raise IllegalAction(_("Emerald has no setting {setting}.").format(
                setting=repr(where))) from None
        table = rules.new_state(seed, players, revision)
        return table.state, table.events or []

    def pending(self, state: EmeraldState) -> list[Decision]:
        """The one decision owed now."""
        return decisions.pending(state)

    def playout(self, state: EmeraldState, rngs: Sequence[random.Random]
                ) -> tuple[EmeraldState, list[tuple[int, Action]]]:
        """Random answers to the end in one loop (random games per CPU-second:
        docs/benchmarks.md)."""
        return playout(state, rngs)

    def coach_values(self, view: dict[str, Any], seat: int, decision: Decision,
                     rng: random.Random, worlds: int, chosen: int) -> list[list[float]] | None:
        """Greedy's search of the turn from the seat's own view (coach.py)."""
        return coach.option_values(view, seat, decision, rng, worlds)

    def coach_choice(self, view: dict[str, Any], seat: int, decision: Decision,
                     rng: random.Random, chosen: int) -> Sequence[Action] | None:
        """The strong level's answer from the seat's own view, and the answers its play-outs
        could not tell from it, the member's among those it judges (strong.py)."""
        return coach.strong_judgement(view, seat, rng, also=decision.options[chosen].action)

    def coach_hint(self, view: dict[str, Any], seat: int, decision: Decision, chosen: int,
                   best: int) -> str | None:
        """Why a colour matters when the finding's two moves are the same step (coach.py)."""
        return coach.colour_hint(decision, chosen, best)

    def decision_for(self, state: EmeraldState, player: int) -> Decision | None:
        """What `player` may decide now."""
        if decisions.decide_seat(state) != player:
            return None
        return decisions.pending(state)[0]

    def apply(self, state: EmeraldState, player: int, action: Action
              ) -> tuple[EmeraldState, list[GameEvent]]:
        """Apply one action to a copy; the given state is never changed."""
        return self.advance(state.clone(), player, action)

    def advance(self, state: EmeraldState, player: int, action: Action, quiet: bool = False
                ) -> tuple[EmeraldState, list[GameEvent]]:
        """Apply one action to `state` itself (simulations; `apply` passes it a copy)."""
        table = rules.Table(state, quiet=quiet)
        dispatch(table, player, action)
        if player != CLOCK:  # a rules upgrade leaves the decision owed as it was, its key too
            state.step += 1
        return state, table.events or []

    def upgrade(self, state: EmeraldState) -> Action | None:
        """A running game set up under revision 1 follows EM-20 from here on."""
        if state.rules >= rules.REVISION or state.phase == "over":
            return None
        return {"type": "rules", "revision": rules.REVISION}

    def load(self, data: str | dict[str, Any]) -> EmeraldState:
        """A stored state, validated at the edge."""
        model = (EmeraldStateModel.model_validate_json(data) if isinstance(data, str)
                 else EmeraldStateModel.model_validate(data))
        raw = model.model_dump()
        raw["results"] = model.results.model_dump() if model.results else None
        return from_dict(raw)

    def dump(self, state: EmeraldState) -> str:
        """The stored JSON form."""
        return to_json(state)

    def view(self, state: EmeraldState, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see."""
        return views.view(state, viewer)

    def is_over(self, state: EmeraldState) -> bool:
        """True once a game-ending step has happened (EM-8)."""
        return state.phase == "over"

    def results(self, state: EmeraldState) -> Results | None:
        """Final standings (EM-9)."""
        return state.results

    def narrate(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """The event in plain words."""
        return narrate(event, names, two_colours=len(names) == 2)

    def board(self, view: dict[str, Any], names: Sequence[str]) -> str:
        """The board as plain text for the terminal."""
        return text.board(view, names)

    def score_text(self, score: int) -> str:
        """'23 gold', in the current language."""
        # Translators: a final score in gold pieces, e.g. "23 gold"
        return ngettext("{score} gold", "{score} gold", score).format(score=score)

    def standing_text(self, standing: Standing) -> str:
        """'23 gold (2 treasures, 5 gems)'."""
        treasures = standing.detail.get("treasure_cards", 0)
        gems = standing.detail.get("gems", 0)
        # Translators: a count of dragon treasure cards
        treasure_text = ngettext("{count} treasure", "{count} treasures", treasures).format(
            count=treasures)
        # Translators: a count of gem cards
        gem_text = ngettext("{count} gem", "{count} gems", gems).format(count=gems)
        return f"{self.score_text(standing.score)} ({treasure_text}, {gem_text})"

    def tiebreak_text(self, tiebreak: str) -> str:
        """How EM-9 broke a tie, in words."""
        return tiebreak_text(tiebreak)
