"""Sealed Bid: a tiny test-only game that proves the engine and the bot know no single game.

2 to 4 players start with 10 coins. In each of 3 rounds a prize worth 3 to 8 points is
revealed; everyone secretly bids 0 to 5 coins (at most what they have) and may change the bid
until all have bid. The bids are then revealed: a unique highest bidder wins, a tie for the
highest bid means nobody does, unless exactly two tied: then those two settle it in a duel
(a private two-player exchange: the earlier seat yields or presses; pressed, the other yields or
splits, and a split means nobody wins). The next seat after the winner, the judge, allows the
purchase (the winner pays the bid and gains the prize) or vetoes it (nothing changes hands).
After round 3 the score is points + coins; equal scores share a place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, ValidationError

from engine.core.errors import IllegalAction, NotYourTurn
from engine.core.game import (
    Action,
    Decision,
    DecisionUI,
    GameEvent,
    GameKind,
    Option,
    Results,
    Standing,
)
from engine.core.rng import Rng

NAME = "sealed"
ROUNDS = 3
START_COINS = 10
MAX_BID = 5
PRIZES = (3, 4, 5, 6, 7, 8)
TIEBREAK_TEXT = {"score": "highest score", "shared": "a tie on score: the win is shared"}


# --- events ----------------------------------------------------------------------------------


class GameStarted(GameEvent):
    """The game is set up."""

    type: Literal["game_started"] = "game_started"
    players: int
    rounds: int = ROUNDS
    coins: int = START_COINS


class RoundStarted(GameEvent):
    """A new prize is revealed and the bidding opens."""

    type: Literal["round_started"] = "round_started"
    round: int
    prize: int


class BidPlaced(GameEvent):
    """A seat has bid (or changed its bid); never says how much."""

    type: Literal["bid_placed"] = "bid_placed"
    seat: int
    changed: bool = False


class BidsRevealed(GameEvent):
    """Everyone has bid: every bid, by seat."""

    type: Literal["bids_revealed"] = "bids_revealed"
    round: int
    bids: list[int]


class PrizeWon(GameEvent):
    """A unique highest bid; the judge now allows or vetoes the purchase."""

    type: Literal["prize_won"] = "prize_won"
    round: int
    seat: int
    bid: int
    prize: int
    judge: int


class NoWinner(GameEvent):
    """Two or more seats tied for the highest bid: nobody wins this prize."""

    type: Literal["no_winner"] = "no_winner"
    round: int
    bid: int
    prize: int
    tied: list[int]


class DuelStarted(GameEvent):
    """Exactly two seats tied for the highest bid: they settle it between them."""

    type: Literal["duel_started"] = "duel_started"
    round: int
    seats: list[int]
    bid: int
    prize: int


class DuelPressed(GameEvent):
    """The first duellist presses: the other must yield or split."""

    type: Literal["duel_pressed"] = "duel_pressed"
    seat: int


class DuelSettled(GameEvent):
    """The duel is over: a winner (who then faces the judge), or a split (nobody wins)."""

    type: Literal["duel_settled"] = "duel_settled"
    round: int
    winner: int | None
    seats: list[int]


class Judged(GameEvent):
    """The judge allowed (winner pays and gains the prize) or vetoed (nothing happens)."""

    type: Literal["judged"] = "judged"
    round: int
    judge: int
    allow: bool
    seat: int
    bid: int
    prize: int


class GameEnded(GameEvent):
    """The final scores (points + coins) by seat, and who shares first place."""

    type: Literal["game_ended"] = "game_ended"
    scores: list[int]
    winners: list[int]


# --- state -----------------------------------------------------------------------------------


class SealedSettings(BaseModel):
    """Sealed Bid has no options; the schema exists because every game kind has one."""

    model_config = {"extra": "forbid"}


class SealedPlayer(BaseModel):
    """One seat: public coins and points, and this round's secret bid."""

    coins: int = START_COINS
    points: int = 0
    bid: int | None = None


class SealedState(BaseModel):
    """Everything about one game of Sealed Bid, the unrevealed bids and prizes included."""

    num_players: int
    rng: Rng
    round: int = 0
    phase: Literal["bid", "duel", "judge", "over"] = "bid"
    prizes: list[int] = Field(default_factory=list, description="Prizes still to come, in order.")
    prize: int = 0
    players: list[SealedPlayer]
    winner: int | None = None
    judge: int | None = None
    duel: list[int] = Field(default_factory=list, description="The two duellists, mover first.")
    pressed: bool = False
    results: Results | None = None

    def max_bid(self, seat: int) -> int:
        """The most `seat` may bid now."""
        return min(self.players[seat].coins, MAX_BID)


# --- the game --------------------------------------------------------------------------------


class SealedGame(GameKind[SealedState]):
    """Sealed Bid for 2 to 4 players: secret bids, then another player's veto."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Sealed Bid"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    settings_model: ClassVar[type[BaseModel]] = SealedSettings
    state_model: ClassVar[type[BaseModel]] = SealedState
    turn_decision: ClassVar[str | None] = "sealed.bid"
    default_deadlines: ClassVar[dict[str, float | None]] = {
        "bid": 60.0, "judge": 30.0, "default": 60.0}
    score_unit: ClassVar[str] = "points"

    def new_game(self, seed: int, players: int, settings: dict[str, Any] | None = None,
                 revision: int | None = None) -> tuple[SealedState, list[GameEvent]]:
        """Shuffle the prizes from the seed and open round 1."""
        self.check_player_count(players)
        self.check_revision(revision)
        try:
            self.settings(settings)
        except ValidationError as exc:
            where = ".".join(str(p) for p in exc.errors()[0]["loc"])
            raise IllegalAction(f"Setting {where!r} is not valid for Sealed Bid.") from None
        rng = Rng.from_seed(seed)
        prizes = list(PRIZES)
        rng.shuffle(prizes)
        state = SealedState(num_players=players, rng=rng, prizes=prizes[:ROUNDS],
                            players=[SealedPlayer() for _ in range(players)])
        events: list[GameEvent] = [GameStarted(players=players)]
        _start_round(state, events)
        return state, events

    def pending(self, state: SealedState) -> list[Decision]:
        """Every seat still to bid, or the judge."""
        if state.phase == "bid":
            return [_bid_decision(state, s) for s, p in enumerate(state.players) if p.bid is None]
        if state.phase == "judge":
            return [_judge_decision(state)]
        if state.phase == "duel":
            return [_duel_decision(state)]
        return []

    def decision_for(self, state: SealedState, player: int) -> Decision | None:
        """The seat's bid (also once placed, while it may be changed) or its judgement."""
        if not 0 <= player < state.num_players:
            return None
        if state.phase == "bid":
            return _bid_decision(state, player)
        return next((d for d in self.pending(state) if d.player == player), None)

    def apply(self, state: SealedState, player: int, action: Action
              ) -> tuple[SealedState, list[GameEvent]]:
        """Apply one action to a copy; the given state is never changed."""
        if isinstance(player, bool) or not isinstance(player, int) \
                or not 0 <= player < state.num_players:
            raise NotYourTurn("You have no seat in this game.")
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if not isinstance(action, dict):
            raise IllegalAction("That is not a Sealed Bid action.")
        new = state.model_copy(deep=True)
        events: list[GameEvent] = []
        if new.phase == "bid":
            _bid(new, player, action, events)
        elif new.phase == "duel":
            _duel(new, player, action, events)
        else:
            _judge(new, player, action, events)
        return new, events

    def view(self, state: SealedState, viewer: int | None) -> dict[str, Any]:
        """Public coins and points; a bid only to its owner until the reveal."""
        if viewer is not None and not 0 <= viewer < state.num_players:
            viewer = None
        revealed = state.phase != "bid"
        players = [{
            "seat": seat,
            "coins": p.coins,
            "points": p.points,
            "has_bid": p.bid is not None,
            "bid": p.bid if (revealed or seat == viewer) else None,
        } for seat, p in enumerate(state.players)]
        own = self.decision_for(state, viewer) if viewer is not None else None
        return {
            "game": NAME,
            "viewer": viewer,
            "round": state.round,
            "rounds": ROUNDS,
            "phase": state.phase,
            "prize": state.prize,
            "prizes_left": len(state.prizes),
            "players": players,
            "winner": state.winner,
            "judge": state.judge,
            "duel": list(state.duel),
            "waiting_for": [{"seat": d.player, "kind": d.kind} for d in self.pending(state)],
            "decision": own.model_dump() if own else None,
            "results": state.results.model_dump() if state.results else None,
        }

    def is_over(self, state: SealedState) -> bool:
        """True after round 3."""
        return state.phase == "over"

    def results(self, state: SealedState) -> Results | None:
        """Final standings by points + coins."""
        return state.results

    # --- plain text ----------------------------------------------------------------------

    def narrate(self, event: GameEvent, names: Sequence[str]) -> str | None:
        """One plain line per event."""
        return narrate(event, names)

    def board(self, view: dict[str, Any], names: Sequence[str]) -> str:
        """The table as plain text."""
        lines = [f"=== Sealed Bid · round {view['round']}/{view['rounds']} · prize "
                 f"{view['prize']} points ==="]
        waiting = {w["seat"] for w in view["waiting_for"]}
        for p in view["players"]:
            name = names[p["seat"]] + (" (you)" if p["seat"] == view["viewer"] else "")
            if p["bid"] is not None:
                status = f"bid {p['bid']}" + (" (secret)" if view["phase"] == "bid" else "")
            else:
                status = "has bid" if p["has_bid"] else "bidding..."
            if p["seat"] == view["judge"] and p["seat"] in waiting:
                status += ", judging"
            lines.append(f"  {name:<16}{p['coins']:>3} coins {p['points']:>3} points   {status}")
        return "\n".join(lines)

    def standing_text(self, standing: Standing) -> str:
        """'14 points'."""
        return f"{standing.score} points"

    def tiebreak_text(self, tiebreak: str) -> str:
        """How first place was decided, in words."""
        return TIEBREAK_TEXT.get(tiebreak, tiebreak)


# --- rules -----------------------------------------------------------------------------------


def _key(state: SealedState, what: str) -> str:
    return f"r{state.round}:{what}"


def _bid_decision(state: SealedState, seat: int) -> Decision:
    bid = state.players[seat].bid
    top = state.max_bid(seat)
    return Decision(
        player=seat, kind="sealed.bid", ui=DecisionUI.SECRET, key=_key(state, "bid"),
        prompt=(f"Round {state.round}: the prize is worth {state.prize} points. Bid 0 to {top} "
                f"of your {state.players[seat].coins} coins, secretly."),
        options=[Option(label=f"Bid {n}", action={"type": "bid", "amount": n})
                 for n in range(top + 1)],
        current={"type": "bid", "amount": bid} if bid is not None else None,
    )


def _judge_decision(state: SealedState) -> Decision:
    winner, judge = state.winner, state.judge
    assert winner is not None and judge is not None
    bid = state.players[winner].bid
    return Decision(
        player=judge, kind="sealed.judge", ui=DecisionUI.PROMPT, key=_key(state, "judge"),
        prompt=(f"Seat {winner + 1} bid {bid} coins for the prize of {state.prize} points. "
                "Allow the purchase or veto it?"),
        options=[
            Option(label="Allow", action={"type": "judge", "allow": True},
                   detail=f"They pay {bid} coins and gain {state.prize} points."),
            Option(label="Veto", action={"type": "judge", "allow": False},
                   detail="They keep their coins and gain nothing."),
        ],
    )


def _duel_decision(state: SealedState) -> Decision:
    mover, other = state.duel
    if not state.pressed:
        return Decision(
            player=mover, kind="sealed.duel", ui=DecisionUI.ROOM, partner=other,
            key=_key(state, "duel1"),
            prompt=f"You and seat {other + 1} tied. Yield the prize to them, or press them?",
            options=[Option(label="Yield", action={"type": "duel", "move": "yield"}),
                     Option(label="Press", action={"type": "duel", "move": "press"})])
    return Decision(
        player=mover, kind="sealed.duel", ui=DecisionUI.ROOM, partner=other,
        key=_key(state, "duel2"),
        prompt=f"Seat {other + 1} presses you. Yield the prize to them, or split (nobody wins)?",
        options=[Option(label="Yield", action={"type": "duel", "move": "yield"}),
                 Option(label="Split", action={"type": "duel", "move": "split"})])


def _start_round(state: SealedState, events: list[GameEvent]) -> None:
    state.round += 1
    state.prize = state.prizes.pop(0)
    state.phase, state.winner, state.judge = "bid", None, None
    state.duel, state.pressed = [], False
    for p in state.players:
        p.bid = None
    events.append(RoundStarted(round=state.round, prize=state.prize))


def _bid(state: SealedState, seat: int, action: Action, events: list[GameEvent]) -> None:
    if action.get("type") != "bid":
        raise IllegalAction("Everyone is bidding now: choose how many coins to bid.")
    amount = action.get("amount")
    top = state.max_bid(seat)
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= top:
        raise IllegalAction(f"You can bid 0 to {top} coins (at most {MAX_BID}, and no more than "
                            f"you have).")
    player = state.players[seat]
    changed = player.bid is not None
    player.bid = amount
    events.append(BidPlaced(seat=seat, changed=changed))
    if any(p.bid is None for p in state.players):
        return
    bids = [p.bid or 0 for p in state.players]
    events.append(BidsRevealed(round=state.round, bids=bids))
    best = max(bids)
    top_seats = [s for s, b in enumerate(bids) if b == best]
    if len(top_seats) == 2:
        state.phase, state.duel = "duel", top_seats
        events.append(DuelStarted(round=state.round, seats=top_seats, bid=best,
                                  prize=state.prize))
        return
    if len(top_seats) > 1:
        events.append(NoWinner(round=state.round, bid=best, prize=state.prize, tied=top_seats))
        _next_round(state, events)
        return
    _win(state, top_seats[0], best, events)


def _win(state: SealedState, seat: int, bid: int, events: list[GameEvent]) -> None:
    state.winner, state.duel, state.pressed = seat, [], False
    state.judge = (seat + 1) % state.num_players
    state.phase = "judge"
    events.append(PrizeWon(round=state.round, seat=seat, bid=bid, prize=state.prize,
                           judge=state.judge))


def _duel(state: SealedState, seat: int, action: Action, events: list[GameEvent]) -> None:
    mover, other = state.duel
    if seat not in state.duel:
        raise NotYourTurn("You are not in this duel.")
    if seat != mover:
        raise NotYourTurn("It is your partner's turn in the duel.")
    move = action.get("move")
    allowed = ("yield", "split") if state.pressed else ("yield", "press")
    if action.get("type") != "duel" or move not in allowed:
        raise IllegalAction(f"Yield, or {allowed[1]}.")
    if move == "press":
        state.duel, state.pressed = [other, mover], True
        events.append(DuelPressed(seat=mover))
        return
    seats = sorted(state.duel)
    winner = other if move == "yield" else None
    events.append(DuelSettled(round=state.round, winner=winner, seats=seats))
    if winner is None:
        _next_round(state, events)
    else:
        _win(state, winner, state.players[winner].bid or 0, events)


def _judge(state: SealedState, seat: int, action: Action, events: list[GameEvent]) -> None:
    winner, judge = state.winner, state.judge
    assert winner is not None and judge is not None
    if seat != judge:
        raise NotYourTurn(f"It is not your turn: seat {judge + 1} judges this round's winner.")
    allow = action.get("allow")
    if action.get("type") != "judge" or not isinstance(allow, bool):
        raise IllegalAction("Allow the winning bid or veto it.")
    player = state.players[winner]
    bid = player.bid or 0
    if allow:
        player.coins -= bid
        player.points += state.prize
    events.append(Judged(round=state.round, judge=judge, allow=allow, seat=winner, bid=bid,
                         prize=state.prize))
    _next_round(state, events)


def _next_round(state: SealedState, events: list[GameEvent]) -> None:
    if state.round < ROUNDS:
        _start_round(state, events)
        return
    state.phase, state.winner, state.judge = "over", None, None
    state.duel, state.pressed = [], False
    scores = [p.points + p.coins for p in state.players]
    standings = [
        Standing(player=seat, rank=1 + sum(other > score for other in scores), score=score,
                 detail={"points": state.players[seat].points, "coins": state.players[seat].coins})
        for seat, score in sorted(enumerate(scores), key=lambda item: (-item[1], item[0]))
    ]
    winners = [s.player for s in standings if s.rank == 1]
    state.results = Results(standings=standings, winners=winners,
                            tiebreak="shared" if len(winners) > 1 else "score")
    events.append(GameEnded(scores=scores, winners=winners))


# --- narration -------------------------------------------------------------------------------


def narrate(event: GameEvent, names: Sequence[str]) -> str | None:
    """One plain line for a Sealed Bid event (every event is public: no bid before the reveal)."""
    if isinstance(event, GameStarted):
        return (f"Sealed Bid for {event.players} players: {event.rounds} rounds, "
                f"{event.coins} coins each.")
    if isinstance(event, RoundStarted):
        return f"Round {event.round}: a prize worth {event.prize} points is up for bids."
    if isinstance(event, BidPlaced):
        return f"{names[event.seat]} {'changed their bid' if event.changed else 'has bid'}."
    if isinstance(event, BidsRevealed):
        return "Bids: " + ", ".join(f"{names[s]} {b}" for s, b in enumerate(event.bids)) + "."
    if isinstance(event, PrizeWon):
        return (f"{names[event.seat]} bids highest ({event.bid}) for {event.prize} points; "
                f"{names[event.judge]} judges.")
    if isinstance(event, NoWinner):
        tied = " and ".join(names[s] for s in event.tied)
        return f"{tied} tie at {event.bid}: nobody wins the {event.prize} points."
    if isinstance(event, DuelStarted):
        a, b = (names[s] for s in event.seats)
        return f"{a} and {b} tie at {event.bid}: they duel for the {event.prize} points."
    if isinstance(event, DuelPressed):
        return f"{names[event.seat]} presses."
    if isinstance(event, DuelSettled):
        if event.winner is None:
            return f"{' and '.join(names[s] for s in event.seats)} split: nobody wins."
        loser = next(s for s in event.seats if s != event.winner)
        return f"{names[loser]} yields to {names[event.winner]}."
    if isinstance(event, Judged):
        if event.allow:
            return (f"{names[event.judge]} allows it: {names[event.seat]} pays {event.bid} "
                    f"coins for {event.prize} points.")
        return f"{names[event.judge]} vetoes it: {names[event.seat]} gains nothing."
    if isinstance(event, GameEnded):
        won = " and ".join(names[s] for s in event.winners)
        return f"Game over: {won} {'wins' if len(event.winners) == 1 else 'share the win'}."
    return None
