"""The fixed API every game kind offers: setup, pending decisions, apply, views, results."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from engine.core.catalog import N_, _
from engine.core.errors import IllegalAction

Action = dict[str, Any]


class Option(BaseModel):
    """One legal answer to a decision, ready to submit as it is."""

    label: str
    action: Action
    detail: str = ""


class DecisionUI(StrEnum):
    """How a front end should present a decision; typed, so no front end reads `kind` strings."""

    PROMPT = "prompt"  # one player answers, privately, by picking an option
    SECRET = "secret"  # a simultaneous secret choice: everyone picks, changeable until all have
    ROOM = "room"  # one move of a two-player exchange (with `partner`), held in a private room
    # Everyone at once over one shared, public pool, first come first served: each answer
    # changes the table at once (others see who holds what) and may be changed until the game
    # closes the round. Options list what is free to this player now.
    POOL = "pool"


# The player index of a game's own clock: the actor of a Clock's action in the log.
CLOCK = -1


class Clock(BaseModel):
    """A time limit whose expiry is the game's own move (a round scored as it stands), not an
    autopilot answer for an absent player. The service applies `action` as player CLOCK once
    the limit the lobby set for `kind` has run out since the decision point `key` began."""

    kind: str = Field(description="The decision kind whose deadline setting times it.")
    key: str = Field(description="Stable id of the timed stretch; changes when it ends.")
    action: Action


class Decision(BaseModel):
    """Who must decide what right now, with everything a front end needs to render the prompt."""

    player: int
    kind: str
    ui: DecisionUI = DecisionUI.PROMPT
    partner: int | None = Field(
        default=None, description="The other seat of a two-player exchange (ui ROOM).")
    key: str = Field(description="Stable id of this decision point; changes when it is answered.")
    prompt: str
    options: list[Option] = Field(default_factory=list)
    constraints: dict[str, Any] = Field(
        default_factory=dict,
        description="Limits for free-form answers (e.g. an offer); validate drafts with check().",
    )
    current: Action | None = Field(
        default=None, description="The player's answer so far, if it may still be changed."
    )


class GameEvent(BaseModel):
    """Something that happened, for narration; each game defines its own event types."""

    model_config = ConfigDict(frozen=True)
    type: str


class Standing(BaseModel):
    """One player's final place."""

    player: int
    rank: int
    score: int
    detail: dict[str, Any] = Field(default_factory=dict)


class Results(BaseModel):
    """Final standings, winners and how the tie (if any) was broken."""

    standings: list[Standing]
    winners: list[int]
    tiebreak: str


S = TypeVar("S")  # a game's state: a pydantic model, or plain classes with load and dump


class GameKind(ABC, Generic[S]):
    """A game's rules behind one small API; every front end goes through it."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    settings_model: ClassVar[type[BaseModel]]
    state_model: ClassVar[type[BaseModel]]
    # The decision kind a lobby's turn timer sets (None: the timer sets every decision's).
    turn_decision: ClassVar[str | None] = None
    # Seconds per decision kind ("default" for the rest; None: no deadline for that kind).
    default_deadlines: ClassVar[dict[str, float | None]] = {"default": 60.0}
    # What a final score counts, in words: a msgid (marked N_) that score_text translates; a
    # game with a unit of its own overrides score_text to translate it with its own catalog.
    score_unit: ClassVar[str] = N_("points")
    # The setting that says how many rounds are played, where a lobby may choose it (Große
    # kleine Edelsteine: cards per colour); None: the game's length is fixed.
    rounds_setting: ClassVar[str | None] = None
    # The longest time limit a lobby may set for the game's own clock, in seconds (Große kleine
    # Edelsteine: 5 minutes a round; longer and a round drags); None: any of the offered timers.
    longest_clock: ClassVar[float | None] = None
    # The revision of the rules new games are set up under. A rules fix that changes what a
    # logged action leads to raises it and keeps the older rule for games set up before: their
    # logs replay exactly as they were played, and `upgrade` moves a running one on
    # (docs/decisions/0010-rules-revisions.md).
    rules_revision: ClassVar[int] = 1

    def settings(self, raw: dict[str, Any] | None = None) -> BaseModel:
        """Validate settings against this kind's schema."""
        return self.settings_model.model_validate(raw or {})

    def rounds_range(self) -> tuple[int, int] | None:
        """The fewest and most rounds a lobby may choose (from the settings model's bounds);
        None when the game's length is fixed."""
        if self.rounds_setting is None:
            return None
        field = self.settings_model.model_fields[self.rounds_setting]
        bounds = {type(m).__name__: m for m in field.metadata}
        return int(bounds["Ge"].ge), int(bounds["Le"].le)

    def check_player_count(self, players: int) -> None:
        """Raise IllegalAction if this many players cannot play."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                _("{game} needs {min_players} to {max_players} players, not {players}.").format(
                    game=self.title, min_players=self.min_players,
                    max_players=self.max_players, players=players)
            )

    def check_revision(self, revision: int | None) -> int:
        """The rules revision a game is set up under (None: today's); IllegalAction for one
        this code does not know."""
        if revision is None:
            return self.rules_revision
        if isinstance(revision, bool) or not isinstance(revision, int) \
                or not 1 <= revision <= self.rules_revision:
            raise IllegalAction(_("This game was stored under rules this version of the bot "
                                  "does not know."))
        return revision

    @abstractmethod
    def new_game(
        self, seed: int, players: int, settings: dict[str, Any] | None = None,
        revision: int | None = None,
    ) -> tuple[S, list[GameEvent]]:
        """Set up a game under rules revision `revision` (None: today's, see rules_revision) and
        run it to its first decision."""

    def upgrade(self, state: S) -> Action | None:
        """The game's own action (applied as player CLOCK) that moves a running game set up
        under an older rules revision onto today's, or None when it follows today's already
        (every game whose rules never changed)."""
        return None

    @abstractmethod
    def pending(self, state: S) -> list[Decision]:
        """The decisions owed right now, one per player who must act."""

    @abstractmethod
    def decision_for(self, state: S, player: int) -> Decision | None:
        """The decision this player may make now (also when it may still be changed)."""

    @abstractmethod
    def apply(self, state: S, player: int, action: Action) -> tuple[S, list[GameEvent]]:
        """Return the new state and events, or raise IllegalAction leaving `state` untouched."""

    def next_decision(self, state: S) -> Decision | None:
        """The first of `pending(state)` (or None): what a simulation answers next. A game may
        build only that one (ESR does not build the other players' secret choices)."""
        owed = self.pending(state)
        return owed[0] if owed else None

    def advance(self, state: S, player: int, action: Action, quiet: bool = False
                ) -> tuple[S, list[GameEvent]]:
        """`apply` for simulations that keep no earlier state: a game may change `state` in
        place and return it, skipping the copy. Only for legal actions (a policy's answer to a
        pending decision): an illegal one may leave `state` half changed. `quiet`: the caller
        reads no events, so the game may return none; the state is the same either way."""
        return self.apply(state, player, action)

    @abstractmethod
    def view(self, state: S, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see (None: a spectator), with hidden information removed."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def results(self, state: S) -> Results | None:
        """Final standings once the game is over, else None."""

    def clock(self, state: S) -> Clock | None:
        """The running time limit whose expiry is the game's own move, if any (most games:
        none; their deadlines only hand absent players' decisions to the autopilot)."""
        return None

    def has_clock(self) -> bool:
        """Whether this game has a clock of its own (it overrides `clock`)."""
        return type(self).clock is not GameKind.clock

    def think_time(self, decision: Decision, level: str, limit: float | None,
                   rng: random.Random) -> float:
        """Seconds an AI seat of `level` takes before answering a POOL decision, where the
        first to answer wins and an instant answer would be unfair; `limit` is the clock's
        time limit in seconds (None: no clock). The default: at once."""
        return 0.0

    def check(self, state: S, player: int, action: Action) -> None:
        """Raise IllegalAction if `action` is not legal now; changes nothing."""
        self.apply(state, player, action)

    def load(self, data: str | dict[str, Any]) -> S:
        """Rebuild a state from its JSON form."""
        if isinstance(data, str):
            return self.state_model.model_validate_json(data)  # type: ignore[return-value]
        return self.state_model.model_validate(data)  # type: ignore[return-value]

    def dump(self, state: S) -> str:
        """Serialise a state to JSON."""
        return state.model_dump_json()

    # --- plain-text presentation, for the terminal and logs (games override these) ----------

    def narrate(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """One plain-text line for an event, or None if it needs none."""
        return None

    def board(self, view: dict[str, Any], names: Sequence[str]) -> str:
        """What `view` shows, as plain text for a terminal."""
        return "\n".join(f"  {key}: {value}" for key, value in view.items())

    def board_changes(self, before: dict[str, Any], after: dict[str, Any],
                      names: Sequence[str]) -> str | None:
        """What a terminal that showed the board of `before` prints for `after` (two views of
        one seat), or None if nothing it shows changed; by default the whole new board."""
        new = self.board(after, names)
        return None if new == self.board(before, names) else new

    def score_text(self, score: int) -> str:
        """A final score with its unit, e.g. '81 points', in the current language."""
        # Translators: a final score and what the game counts, e.g. "81 points"
        return _("{score} {unit}").format(score=score, unit=_(self.score_unit))

    def standing_text(self, standing: Standing) -> str:
        """A final score in words, e.g. '81 points'."""
        return self.score_text(standing.score)

    def tiebreak_text(self, tiebreak: str) -> str:
        """How a tie for first place was broken, in words."""
        return tiebreak

    def parse_text(self, decision: Decision, text: str) -> Action | None:
        """A typed free-form answer (e.g. an offer), or None if `text` is not one; raises
        IllegalAction saying what is wrong with a malformed one. Option numbers need no help."""
        return None

    def text_hint(self, decision: Decision) -> str | None:
        """How to type a free-form answer to `decision`, if it takes one."""
        return None

    def random_action(self, state: S, rngs: Sequence[random.Random]) -> tuple[int, Action]:
        """Whoever decides next, and a uniformly random legal answer of theirs drawn from their
        own `rngs[seat]` exactly as `sample_action` would draw it: random playouts call this, and
        a game may answer without building the decision and its labels (Emerald)."""
        decision = self.next_decision(state)
        if decision is None:
            raise ValueError(f"{self.name}: a finished game owes no decision")
        return decision.player, self.sample_action(state, decision, rngs[decision.player])

    def playout(self, state: S, rngs: Sequence[random.Random]
                ) -> tuple[S, list[tuple[int, Action]]]:
        """Play random answers to the end, changing `state` where the game allows; the final
        state and the (seat, action) answered, exactly as `random_action` one at a time would
        give them. A game may play it in one tight loop (Emerald: docs/benchmarks.md)."""
        answers: list[tuple[int, Action]] = []
        while not self.is_over(state):
            seat, action = self.random_action(state, rngs)
            state, _ = self.advance(state, seat, action, quiet=True)
            answers.append((seat, action))
        return state, answers

    # The smallest difference the coach's judgement can tell apart, in the game's unit: its
    # search values positions by a heuristic, so a cost below this is not told from nothing.
    coach_resolution: ClassVar[float] = 0.0

    def coach_values(self, view: dict[str, Any], seat: int, decision: Decision,
                     rng: random.Random, worlds: int, chosen: int) -> list[list[float]] | None:
        """The coach's judgement of a decision from `seat`'s own view only (engine/coach/): per
        option, its value in the game's unit in each of `worlds` worlds sampled from the view,
        the same worlds for every option; `chosen`: the option the seat took. None: this game
        does not judge such decisions."""
        return None

    def coach_choice(self, view: dict[str, Any], seat: int, decision: Decision,
                     rng: random.Random, chosen: int) -> Sequence[Action] | None:
        """What the game's strongest AI would answer `decision` from `seat`'s own view: its
        answer first (the review's "the AI would choose", which the member's is measured
        against), then any answers its own judgement could not tell from that one (a member
        who chose one of those chose as the AI might have); `chosen`: the option the member
        took, which the AI may judge beside its own. None: the review takes the option best
        over its sampled worlds (a game without such an AI, or one that judges exactly)."""
        return None

    def coach_stood(self, after: S, seat: int, action: Action,
                    later: Sequence[tuple[int, Action]]) -> bool:
        """Whether `seat`'s action (which gave `after`) still stood when it counted, `later`
        being the rest of the log: a game whose players may change a choice before it counts
        (GKE: a pick until the round closes) has only the last judged. Most: every one stands."""
        return True

    def coach_note(self, view: dict[str, Any], seat: int, decision: Decision, chosen: int,
                   best: int) -> str | None:
        """A game whose coach judges exactly, not by sampled worlds, says here in its own terms
        why `best` was better (GKE: how many sizes off the pick was, what the exact gem would
        have won); shown instead of the estimate's margin. None: the margin is shown."""
        return None

    def coach_hint(self, view: dict[str, Any], seat: int, decision: Decision, chosen: int,
                   best: int) -> str | None:
        """A line after a sampled finding's verdict for what the two options' labels do not
        show (Emerald: the same step in two colours). None: nothing to add."""
        return None

    def sample_action(self, state: S, decision: Decision, rng: random.Random) -> Action:
        """A uniformly chosen legal answer; games with free-form answers override this."""
        if not decision.options:
            raise NotImplementedError(f"{self.name} must sample free-form decisions itself")
        return rng.choice(decision.options).action
