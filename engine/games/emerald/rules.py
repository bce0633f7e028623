"""Emerald's rules as state changes: setup, a knight's move, the card, the dragon, the catch,
the bribe, the chamber and the end (rulebook; RULINGS EM-1 … EM-20).

Every function takes a Table: the state, changed in place, and the events told so far (None when
the caller reads no events: simulations skip building them). Each public step runs the game on
until the next decision someone must make, carrying out every step with one outcome (EM-19).
"""

from __future__ import annotations

from itertools import compress, repeat

from engine.core.game import GameEvent, Results, Standing
from engine.core.rng import Rng
from engine.games.emerald import events as ev
from engine.games.emerald.board import (
    CHAMBER,
    FIRST_CAVE,
    FIRST_MEADOW,
    GEM_TYPES,
    NEST,
    SPACES,
    STARTS,
    cave_space,
    game_data,
    space_cave,
    space_code,
)
from engine.games.emerald.state import EmeraldState

_PATH = range(CHAMBER)  # the spaces a knight can move from: the castle and the path
# The rules revision new games follow. 2: a rail shift that leaves the dragon on the exit end it
# heads for turns it at once (EM-20); games set up under 1 shifted without turning it, and
# replay so until their upgrade action moves them onto 2 (upgrade below).
REVISION = 2


class Table:
    """A state being changed and the events it gave (None: nobody reads them). `roll` fixes
    the die (1–3) for a search that weighs each outcome; 0 rolls it from the state's Rng."""

    __slots__ = ("events", "roll", "state")

    def __init__(self, state: EmeraldState, quiet: bool = False, roll: int = 0) -> None:
        self.state = state
        self.events: list[GameEvent] | None = None if quiet else []
        self.roll = roll

    def tell(self, event: GameEvent) -> None:
        """Record an event (callers build events only when `events` is not None)."""
        if self.events is not None:
            self.events.append(event)


# --- setup ----------------------------------------------------------------------------------


def new_state(seed: int, players: int, revision: int = REVISION) -> Table:
    """Shuffle and deal (EM-1, EM-2) and open the first turn, under rules `revision`."""
    data = game_data()
    rng = Rng.from_seed(seed)
    gold = list(data.gold_cards)
    gems = [t for t, count in enumerate(data.gem_cards.values()) for _ in range(count)]
    rng.shuffle(gold)
    rng.shuffle(gems)
    gold_piles = [[gold.pop() for _ in range(c.gold)] for c in data.caves]
    gem_piles = [[gems.pop() for _ in range(c.gems)] for c in data.caves]
    colours = data.colours[players]
    starts = [STARTS.index(code) for code in data.starting_spaces[players]]
    at = [[1 if s in starts else 0 for s in range(SPACES)] for _ in range(colours)]
    state = EmeraldState(
        num_players=players, colours=colours, at=at,
        total=[colours if s in starts else 0 for s in range(SPACES)],
        gold_piles=gold_piles, gem_piles=gem_piles, box_gold=gold, box_gems=gems, removed=[],
        hands=[[] for _ in range(players)], gems=[[0] * 4 for _ in range(players)],
        treasures=[0] * players, treasures_left=data.treasures, four_kinds=None,
        dragon=data.dragon.cave, heading=-1 if data.dragon.heading == "exit" else 1,
        rail=data.rail.first, seat=0, turn=1, step=0, phase="move", moves=0, moved=[],
        card_taken=False, victims=[], victim=[], end_reason=None, end_seat=None,
        rules=revision, rng=rng)
    table = Table(state)
    table.tell(ev.GameStarted(
        players=players, colours=[state.owner(c) for c in range(colours)],
        knights=len(starts), starting_spaces=list(data.starting_spaces[players]),
        face_up=[[top_card(state, cave, "gold"), top_card(state, cave, "gem")]
                 for cave in range(1, 10)]))
    table.tell(ev.TurnStarted(seat=0, turn=1))
    return table


def top_card(state: EmeraldState, cave: int, pile: str) -> str:
    """The face-up card of a pile as "gold:3" or "gem:ruby" ("" when the pile is empty)."""
    cards = (state.gold_piles if pile == "gold" else state.gem_piles)[cave - 1]
    if not cards:
        return ""
    return f"gold:{cards[-1]}" if pile == "gold" else f"gem:{GEM_TYPES[cards[-1]]}"


# --- what a move would do (also for prompts and AIs) ------------------------------------------


def on_rail(state: EmeraldState, space: int) -> bool:
    """True if `space` is a cave beside the rail."""
    return state.rail <= space_cave(space) <= state.rail + 3


def wakes_dragon(state: EmeraldState, space: int) -> bool:
    """A move ending here sets the dragon off (EM-6): beside the rail or on its cave."""
    cave = space_cave(space)
    return cave > 0 and (state.rail <= cave <= state.rail + 3 or cave == state.dragon)


def has_cards(state: EmeraldState, space: int) -> bool:
    """True if a card lies beside this cave."""
    cave = space_cave(space)
    return cave > 0 and bool(state.gold_piles[cave - 1] or state.gem_piles[cave - 1])


def movable(state: EmeraldState, seat: int) -> list[tuple[int, int]]:
    """(colour, space) of every knight `seat` may move now, one per kind (EM-18): not the
    knight that already moved, and with two players only the colour moved first (EM-4)."""
    # may_move for a whole row at once, in C (random playouts call this for every answer):
    # compress keeps the spaces where knights stand, zip pairs each with its colour.
    moved = state.moved
    if moved:
        colour, space = moved  # only this colour may move again (EM-4: one colour with two)
        row = state.at[colour]
        found = list(zip(repeat(colour), compress(_PATH, row)))
        if space < CHAMBER and row[space] == 1:
            found.remove((colour, space))  # the knight that moved, alone there
        return found
    found = []
    for colour in state.colours_of(seat):
        found += zip(repeat(colour), compress(_PATH, state.at[colour]))
    return found


def may_move(state: EmeraldState, colour: int, space: int) -> bool:
    """Whether a knight of `colour` on `space` (one stands there) may move now."""
    moved = state.moved
    if not moved:
        return True
    if moved[0] != colour:
        return state.num_players != 2  # EM-4: with two players, one colour a turn
    return moved[1] != space or state.at[colour][space] > 1


def any_movable(state: EmeraldState, seat: int) -> bool:
    """Whether `seat` has a knight it may move now (movable() without the list)."""
    moved = state.moved
    if moved:
        # Only the colour moved first may move again (the only one, but with two players,
        # EM-4): any knight of it on the way but the one that moved (EM-10).
        colour, space = moved
        return sum(state.at[colour][:CHAMBER]) > (space < CHAMBER)
    return any(sum(state.at[colour][:CHAMBER]) for colour in state.colours_of(seat))


# --- the turn --------------------------------------------------------------------------------


def move(table: Table, colour: int, origin: int) -> None:
    """Move a knight of `colour` from `origin` (legality checked by the caller)."""
    state = table.state
    total, row = state.total, state.at[colour]
    steps = total[origin]
    # destination(), has_cards() and wakes_dragon() inline: every simulated move runs this.
    to = min((FIRST_MEADOW - 1 if origin < FIRST_MEADOW else origin) + steps, CHAMBER)
    row[origin] -= 1
    total[origin] -= 1
    row[to] += 1
    total[to] += 1
    state.moves += 1
    state.moved = [colour, to]
    if table.events is not None:
        table.tell(ev.KnightMoved(seat=state.seat, colour=colour, origin=space_code(origin),
                                  to=space_code(to), steps=steps, second=state.moves == 2))
    if to == CHAMBER:
        _enter_chamber(table, colour)
        return
    cave = to - FIRST_CAVE + 1
    if cave > 0:
        gold, gems = state.gold_piles[cave - 1], state.gem_piles[cave - 1]
        if gold and gems:
            state.phase = "card"
            return
        if gold or gems:
            take(table, "gold" if gold else "gem", forced=True)
            return
        if state.rail <= cave <= state.rail + 3 or cave == state.dragon:
            _dragon(table)
            return
    _after_move(table)


def take(table: Table, pile: str, forced: bool = False) -> None:
    """Take the face-up card of `pile` beside the moved knight's cave (EM-5), turn up the next."""
    state = table.state
    seat = state.seat
    cave = space_cave(state.moved[1])
    cards = (state.gold_piles if pile == "gold" else state.gem_piles)[cave - 1]
    card = cards.pop()
    state.card_taken = True
    if pile == "gold":
        state.hands[seat].append(card)
    else:
        state.gems[seat][card] += 1
    if table.events is not None:
        table.tell(ev.CardTaken(seat=seat, cave=cave, pile=pile, forced=forced,
                                gem=GEM_TYPES[card] if pile == "gem" else None))
        if cards:
            table.tell(ev.CardTurnedUp(cave=cave, pile=pile, card=top_card(state, cave, pile),
                                       left=len(cards)))
    if pile == "gem" and state.four_kinds is None and all(state.gems[seat]):
        state.four_kinds = seat  # EM-17: at once, before the dragon moves
        if table.events is not None:
            table.tell(ev.BonusTaken(seat=seat))
    state.phase = "move"
    if state.rail <= cave <= state.rail + 3 or cave == state.dragon:  # wakes_dragon()
        _dragon(table)
    else:
        _after_move(table)


def dragon_walk(rail: int, cave: int, heading: int, roll: int) -> tuple[list[int], int, bool]:
    """The caves the dragon steps onto from `cave` heading `heading` (1: the chamber, -1: the
    exit) with the rail beside caves rail…rail+3; its heading after; whether it turned."""
    path = []
    turned = False
    for _ in range(roll):
        if cave < rail:
            heading = 1  # left behind the rail: it faces the chamber (EM-14)
        cave += heading
        if (heading == 1 and cave == rail + 3) or (heading == -1 and cave == rail):
            heading = -heading  # at the end it heads for, turned at once (EM-14)
            turned = True
        path.append(cave)
    return path, heading, turned


def rail_shift(rail: int, cave: int, heading: int, revision: int = REVISION
               ) -> tuple[int, bool, bool]:
    """The dragon's heading after the rail moves from `rail` to rail+1, whether the shift left
    it behind (EM-14), and whether it turned it on the new exit end (EM-20, revision 2)."""
    behind = cave < rail + 1
    turned = revision >= 2 and heading == -1 and cave == rail + 1
    return (1 if behind or turned else heading), behind, turned


def _dragon(table: Table) -> None:
    """Roll and move the dragon (EM-6, EM-14), then see whom it catches (EM-7, EM-15)."""
    state = table.state
    roll = table.roll or 1 + state.rng.below(3)
    start = state.dragon
    path, heading, turned = dragon_walk(state.rail, start, state.heading, roll)
    state.dragon, state.heading = path[-1], heading
    if table.events is not None:
        table.tell(ev.DragonMoved(seat=state.seat, roll=roll, start=start, path=path,
                                  heading="chamber" if heading == 1 else "exit",
                                  turned=turned))
    space = cave_space(state.dragon)
    victims: list[int] = []
    moved = state.moved
    for colour in range(state.colours):
        count = state.at[colour][space]
        if not count:
            continue
        if moved and moved[0] == colour and moved[1] == space:
            victims += [colour, 1]
            if count > 1:
                victims += [colour, 0]
        else:
            victims += [colour, 0]
    if not victims:
        _shift_rail(table)
        return
    if len(victims) == 2:
        catch(table, victims[0], bool(victims[1]), chosen_by=None)
        return
    state.victims = victims
    state.phase = "victim"


def catch(table: Table, colour: int, moved: bool, chosen_by: int | None) -> None:
    """The dragon has its victim; its owner may bribe (asked whenever they hold gold, EM-19)."""
    state = table.state
    seat = state.owner(colour)
    state.victims = []
    state.victim = [colour, int(moved)]
    if table.events is not None:
        table.tell(ev.VictimChosen(seat=seat, colour=colour, cave=state.dragon,
                                   chosen_by=chosen_by, moved=moved))
    if state.hands[seat]:
        state.phase = "bribe"
        return
    to_nest(table, "no_gold")


def bribe(table: Table, value: int) -> None:
    """Pay one gold card of this value; the knight stays beside the dragon (EM-7)."""
    state = table.state
    colour = state.victim[0]
    seat = state.owner(colour)
    state.hands[seat].remove(value)
    state.removed.append(value)
    state.victim = []
    state.phase = "move"
    if table.events is not None:
        table.tell(ev.Bribed(seat=seat, colour=colour, cave=state.dragon))
    _shift_rail(table)


def to_nest(table: Table, reason: str) -> None:
    """The victim goes to the nest; the game may end at once (EM-11, EM-16)."""
    state = table.state
    colour, moved = state.victim
    seat = state.owner(colour)
    space = cave_space(state.dragon)
    state.at[colour][space] -= 1
    state.total[space] -= 1
    state.at[colour][NEST] += 1
    state.total[NEST] += 1
    if moved:
        state.moved = [colour, NEST]
    state.victim = []
    state.phase = "move"
    if table.events is not None:
        table.tell(ev.KnightToNest(seat=seat, colour=colour, cave=state.dragon,
                                   reason=reason))  # type: ignore[arg-type]
    if state.in_play(seat) <= 1:
        finish(table, "one_knight", seat)
        return
    _shift_rail(table)


def _shift_rail(table: Table) -> None:
    state = table.state
    last = game_data().rail.last_first
    if state.rail < last:
        state.heading, behind, turned = rail_shift(state.rail, state.dragon, state.heading,
                                                   state.rules)
        state.rail += 1
        if table.events is not None:
            table.tell(ev.RailShifted(first=state.rail, final=state.rail == last,
                                      dragon_left_behind=behind, dragon_turned=turned))
    _after_move(table)


def upgrade(table: Table, revision: int) -> None:
    """Follow rules `revision` from now on (the game's own action for a game set up under an
    older one); a dragon an older shift left on the exit end it heads for turns now, as EM-20
    would have turned it then, so its next roll takes it along the rail."""
    state = table.state
    turned = revision >= 2 > state.rules and state.heading == -1 \
        and state.dragon == state.rail
    if turned:
        state.heading = 1
    state.rules = revision
    if table.events is not None:
        table.tell(ev.RulesUpdated(revision=revision, dragon_turned=turned))


def _enter_chamber(table: Table, colour: int) -> None:
    state = table.state
    seat = state.seat
    state.treasures[seat] += 1
    state.treasures_left -= 1
    if table.events is not None:
        table.tell(ev.TreasureTaken(seat=seat, colour=colour, left=state.treasures_left))
    if state.treasures_left == 0:
        finish(table, "last_treasure", seat)
    elif state.in_play(seat) <= 1:
        finish(table, "one_knight", seat)
    else:
        end_turn(table, "chamber")


def _after_move(table: Table) -> None:
    state = table.state
    if state.card_taken:
        end_turn(table, "card")
    elif state.moves >= 2:
        end_turn(table, "two_moves")
    elif not any_movable(state, state.seat):
        end_turn(table, "no_second_move")
    else:
        state.phase = "move"


def end_turn(table: Table, reason: str) -> None:
    """Pass play to the next seat (EM-13)."""
    state = table.state
    if table.events is not None:
        table.tell(ev.TurnEnded(seat=state.seat, reason=reason))  # type: ignore[arg-type]
    state.seat = (state.seat + 1) % state.num_players
    state.turn += 1
    state.moves = 0
    state.moved = []
    state.card_taken = False
    state.phase = "move"
    if table.events is not None:
        table.tell(ev.TurnStarted(seat=state.seat, turn=state.turn))


# --- the end ---------------------------------------------------------------------------------


def majority_holders(gems: list[list[int]]) -> list[int | None]:
    """Per gem type, the sole player with the most cards of it (at least one), else None."""
    holders: list[int | None] = []
    for kind in range(4):
        counts = [g[kind] for g in gems]
        best = max(counts)
        holders.append(counts.index(best) if best > 0 and counts.count(best) == 1 else None)
    return holders


def score_lines(state: EmeraldState, holders: list[int | None]) -> list[dict[str, int]]:
    """Each seat's gold, treasures, gems, bonuses (in gold pieces) and total (EM-9)."""
    data = game_data()
    lines = []
    for seat in range(state.num_players):
        bonuses = holders.count(seat) + (state.four_kinds == seat)
        line = {"gold": sum(state.hands[seat]), "gold_cards": len(state.hands[seat]),
                "treasures": state.treasures[seat] * data.treasure_value,
                "treasure_cards": state.treasures[seat], "gems": sum(state.gems[seat]),
                "bonuses": bonuses * data.bonus_value, "bonus_cards": bonuses}
        line["total"] = line["gold"] + line["treasures"] + line["gems"] + line["bonuses"]
        lines.append(line)
    return lines


def rank(lines: list[dict[str, int]]) -> tuple[list[Standing], list[int], str]:
    """Standings by total, then treasures, then gems; equal on all three share (EM-9)."""
    def key(seat: int) -> tuple[int, int, int]:
        line = lines[seat]
        return line["total"], line["treasure_cards"], line["gems"]

    order = sorted(range(len(lines)), key=key, reverse=True)
    standings = []
    for seat in order:
        first = next(s for s in order if key(s) == key(seat))
        standings.append(Standing(player=seat, rank=order.index(first) + 1,
                                  score=lines[seat]["total"], detail=dict(lines[seat])))
    winners = [s for s in order if key(s) == key(order[0])]
    top = [s for s in order if lines[s]["total"] == lines[order[0]]["total"]]
    most = max(lines[s]["treasure_cards"] for s in top)
    if len(top) == 1:
        tiebreak = "score"
    elif len(winners) > 1:
        tiebreak = "shared"
    elif [lines[s]["treasure_cards"] for s in top].count(most) == 1:
        tiebreak = "treasures"
    else:
        tiebreak = "gems"
    return standings, winners, tiebreak


def finish(table: Table, reason: str, seat: int) -> None:
    """The game ends at once (EM-16): the majority bonuses, the scoring, the results."""
    state = table.state
    holders = majority_holders(state.gems)
    lines = score_lines(state, holders)
    standings, winners, tiebreak = rank(lines)
    state.phase = "over"
    state.end_reason, state.end_seat = reason, seat
    state.results = Results(standings=standings, winners=winners, tiebreak=tiebreak)
    if table.events is not None:
        table.tell(ev.BonusesAwarded(holders=dict(zip(GEM_TYPES, holders, strict=True))))
        places = [0] * state.num_players
        for standing in standings:
            places[standing.player] = standing.rank
        table.tell(ev.GameEnded(reason=reason, trigger=seat, scores=lines,  # type: ignore[arg-type]
                                places=places, winners=winners, tiebreak=tiebreak))

