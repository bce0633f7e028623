"""Setup, rounds, turns, the reveal and resolution in card order, game end."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.game import Results, Standing
from engine.core.rng import Rng
from engine.games.esr import negotiation
from engine.games.esr.carry import carry_out
from engine.games.esr.catalog import _
from engine.games.esr.events import (
    ActionChosen,
    ActionLapsed,
    ActionsRevealed,
    EventCardTaken,
    FreeChoiceTaken,
    GameEnded,
    GameStarted,
    RoundStarted,
    TurnEnded,
    TurnStarted,
)
from engine.games.esr.gems import COLOURS, SUPPLY_PER_COLOUR, colour_name
from engine.games.esr.scoring import score_round
from engine.games.esr.state import (
    ACTION_ORDER,
    LAID_ASIDE,
    ROUNDS,
    VISIBLE_LAID_ASIDE,
    EsrState,
    EventSlot,
    FreeChoiceStep,
    InstantStep,
    PlayerState,
    action_name,
)
from engine.games.esr.table import Table

START_GEMS = 3


def new_state(seed: int, players: int, settings: dict) -> Table:
    """Lay out the game (rulebook: Setup) and play up to the first decision."""
    rng = Rng.from_seed(seed)
    state = EsrState(
        num_players=players,
        settings=settings,
        rng=rng,
        players=[PlayerState(gems=[START_GEMS] * 4) for _ in range(players)],
        supply=[SUPPLY_PER_COLOUR - START_GEMS * players] * 4,
    )
    table = Table(state)
    deck = [EventSlot(card=c.id) for c in table.cards.event]
    state.rng.shuffle(deck)
    state.event_deck = deck
    table.emit(GameStarted, players=players)
    start_round(table)
    advance(table)
    return table


def start_round(table: Table) -> None:
    """Shuffle all gemstone cards, lay some aside, top up a short supply (ESR-1, ESR-12)."""
    state = table.state
    state.round += 1
    state.turn = 0
    deck = [c.id for c in table.cards.gem]
    state.rng.shuffle(deck)
    aside = LAID_ASIDE[state.num_players]
    state.laid_aside, state.gem_deck, state.gem_discard = deck[:aside], deck[aside:], []
    top_up: dict[int, list[str]] = {}
    if state.round > 1:
        for colour in range(4):
            if state.supply[colour] > 5:
                continue
            for seat in range(state.num_players):
                if table.move_gems(colour, 1, from_seat=seat):
                    top_up.setdefault(seat, []).append(COLOURS[colour])
    visible = VISIBLE_LAID_ASIDE[state.num_players]
    table.emit(RoundStarted, round=state.round, laid_aside_visible=state.laid_aside[:visible],
                            laid_aside_hidden=aside - visible, top_up=top_up)
    start_turn(table)


def start_turn(table: Table) -> None:
    """Deal each player a gemstone card and turn up an event card."""
    state = table.state
    state.turn += 1
    for player in state.players:
        player.gem_card = state.gem_deck.pop(0)
        player.choice = None
    state.face_up_event = table.draw_event()
    state.phase = "choose"
    table.next_step()
    table.emit(TurnStarted, round=state.round, turn=state.turn,
                           gem_cards={i: p.gem_card for i, p in enumerate(state.players)},
                           event_card=state.face_up_event)


def choose(table: Table, seat: int, card: str) -> None:
    """Place (or change) a secret action card; reveal once everyone has chosen."""
    state = table.state
    if card not in state.hand():
        # Translators: {card} is what the player asked for, in quotes; {cards} lists the action
        # cards, e.g. "Money, Event, Gemstones"
        raise IllegalAction(_("You have no {card} action card. Choose one of: {cards}.").format(
            card=repr(card), cards=", ".join(action_name(c) for c in state.hand())))
    player = state.players[seat]
    changed = player.choice is not None
    player.choice = card  # type: ignore[assignment]
    table.emit(ActionChosen, seat=seat, changed=changed)
    if all(p.choice is not None for p in state.players):
        table.emit(ActionsRevealed, choices={i: p.choice for i, p in enumerate(state.players)})
        state.phase = "resolve"
        state.queue = [a for a in ACTION_ORDER if a in state.hand()]
        table.next_step()


def advance(table: Table) -> None:
    """Run everything that needs no decision until someone must decide or the game ends."""
    state = table.state
    while state.phase == "resolve" and state.step is None:
        if state.queue:
            resolve_action(table, state.queue.pop(0))
        else:
            end_turn(table)


def resolve_action(table: Table, action: str) -> None:
    """One chooser acts, two negotiate, three or more lapse; Free Choice is for all (ESR-11)."""
    state = table.state
    seats = [i for i, p in enumerate(state.players) if p.choice == action]
    if not seats:
        return
    if action == "free":
        start_free_choice(table, seats)
    elif len(seats) == 1:
        carry_out(table, action, seats[0])
    elif len(seats) == 2:
        negotiation.start(table, action, seats)
    else:
        table.emit(ActionLapsed, action=action, seats=seats, reason="three_or_more")


def take_event(table: Table, seat: int, source: str) -> None:
    """The Event player takes the face-up card or draws blind (rulebook: Event)."""
    state = table.state
    if source == "face_up":
        card = state.face_up_event
        state.face_up_event = None
    elif source == "blind":
        table.event_to_bottom(state.face_up_event, "blind_draw")  # type: ignore[arg-type]
        state.face_up_event = None
        card = table.draw_event()
    else:
        raise IllegalAction(_("Take the face-up card or draw blind."))
    info = table.event_card(card)  # type: ignore[arg-type]
    scoring = info.kind == "scoring"
    table.emit(EventCardTaken, seat=seat, card=card, source=source, scoring=scoring)
    if scoring:
        state.players[seat].scoring_cards.append(card)  # type: ignore[arg-type]
        state.step = None
    else:
        state.step = InstantStep(seat=seat, card=card)  # type: ignore[arg-type]
    table.next_step()


def start_free_choice(table: Table, seats: list[int]) -> None:
    """Set up Free Choice alone or shared (ESR-11)."""
    if len(seats) == 1:
        if sum(table.gems(seats[0])) == 0:
            table.emit(ActionLapsed, action="free", seats=seats, reason="no_gemstones")
            return
        table.state.step = FreeChoiceStep(seats=seats, alone=True, stage="give")
    else:
        order, _ = table.turn_order(seats)
        table.state.step = FreeChoiceStep(seats=order, alone=False, stage="take")
    table.next_step()
    skip_empty_supply(table)


def free_choice(table: Table, seat: int, colour: int | None) -> None:
    """Apply one Free Choice pick: a gemstone to return, or one to take."""
    state = table.state
    step = state.step
    assert isinstance(step, FreeChoiceStep)
    if step.stage == "give":
        if colour is None:
            table.emit(FreeChoiceTaken, seat=seat, returned=None, taken=[])
            state.step = None
            return
        if table.gems(seat)[colour] == 0:
            # Translators: {colour} is a colour's name, e.g. "red"
            raise IllegalAction(_("You have no {colour} gemstone to return.").format(
                colour=colour_name(colour)))
        table.move_gems(colour, 1, from_seat=seat)
        step.returned, step.stage = colour, "take"
    else:
        if colour is None:
            raise IllegalAction(_("There is no such gemstone left in the supply."))
        if state.supply[colour] == 0:
            # Translators: {colour} is a colour's name, e.g. "red"
            raise IllegalAction(_("There is no {colour} gemstone left in the supply.").format(
                colour=colour_name(colour)))
        table.move_gems(colour, 1, to_seat=seat)
        step.taken.append(colour)
        if not step.alone or len(step.taken) == 2:
            finish_free_choice_pick(table)
    table.next_step()
    skip_empty_supply(table)


def finish_free_choice_pick(table: Table) -> None:
    """Narrate the finished pick and pass Free Choice to the next seat, if any."""
    step = table.state.step
    assert isinstance(step, FreeChoiceStep)
    seat = step.seats.pop(0)
    returned = COLOURS[step.returned] if step.returned is not None else None
    table.emit(FreeChoiceTaken, seat=seat, returned=returned,
                               taken=[COLOURS[c] for c in step.taken])
    step.returned, step.taken = None, []
    if not step.seats:
        table.state.step = None


def skip_empty_supply(table: Table) -> None:
    """Short supply: take what there is (ESR-11); with nothing left, the picks end."""
    step = table.state.step
    supply = table.state.supply
    while isinstance(step, FreeChoiceStep) and step.stage == "take" and sum(supply) == 0:
        finish_free_choice_pick(table)
        step = table.state.step


def end_turn(table: Table) -> None:
    """Clear the turn; score when the gemstone deck is used up; end after round 3."""
    state = table.state
    if state.face_up_event is not None:
        table.event_to_bottom(state.face_up_event, "not_taken")
        state.face_up_event = None
    for player in state.players:
        state.gem_discard.append(player.gem_card)  # type: ignore[arg-type]
        player.gem_card = None
        player.choice = None
    table.emit(TurnEnded, round=state.round, turn=state.turn)
    if state.gem_deck:
        start_turn(table)
        return
    score_round(table)
    if state.round == ROUNDS:
        end_game(table)
    else:
        start_round(table)


def end_game(table: Table) -> None:
    """Rank by money, then gemstones in total, then red, yellow, green, blue (ESR-13)."""
    state = table.state
    state.phase = "over"
    table.next_step()

    def key(seat: int) -> tuple[int, ...]:
        p = state.players[seat]
        return (p.money, sum(p.gems), *p.gems)

    ranking = sorted(range(state.num_players), key=key, reverse=True)
    top = key(ranking[0])
    winners = [s for s in ranking if key(s) == top]
    tiebreak = "shared" if len(winners) > 1 else "money"
    if len(winners) == 1 and len(ranking) > 1:
        runner_up = key(ranking[1])
        criteria = ("money", "gemstones", *COLOURS)
        tiebreak = next(criteria[i] for i in range(len(top)) if top[i] != runner_up[i])
    standings, rank = [], 0
    for pos, seat in enumerate(ranking):
        if pos == 0 or key(seat) != key(ranking[pos - 1]):
            rank = pos + 1
        p = state.players[seat]
        standings.append(Standing(player=seat, rank=rank, score=p.money,
                                  detail={"gems": list(p.gems), "gem_total": sum(p.gems)}))
    state.results = Results(standings=standings, winners=winners, tiebreak=tiebreak)
    table.emit(GameEnded, winners=winners, tiebreak=tiebreak, ranking=ranking,
                         money={i: p.money for i, p in enumerate(state.players)})
