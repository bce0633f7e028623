"""The table reads the game for you: majority markers on the table and in the
private prompt, both negotiators' action values in the room and the offer builder, the Half
scoring line, the game-over table and what a negotiator waits for."""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.games.esr.builder import builder_content
from bot.games.esr.majorities import FORECAST_MARK
from bot.games.esr.narrate import narrate
from bot.games.esr.presenter import EsrPresenter
from bot.games.esr.room import prompt_text, waiting_text
from bot.games.esr.table import table_embed
from engine.core.simulate import play_game
from engine.games.esr.decisions import pending
from engine.games.esr.events import InstantCarriedOut
from engine.games.esr.forecast import after_trade, forecast
from engine.games.esr.state import EsrState
from engine.service.models import PlayerView
from tests.engine.games.esr.esr_builders import (
    KIND,
    act,
    at_instant,
    choose_all,
    event_id,
    event_ids,
    fresh_state,
    hand_out,
    put_face_up,
    set_gems,
)

NAMES = ["ann", "bob", "cem", "dag", "eve"]
LONG_NAMES = [f"{first} of the Gemstone Traders Guild"[:32] for first in
              ("Annemarie", "Bartholomew", "Cornelius", "Dorothea", "Evangeline")]
J = "\u2060"  # the word joiner between a gem symbol and its count
PRESENTER = EsrPresenter()


def fields(embed: discord.Embed) -> dict[str, str]:
    """The embed's fields by name."""
    return {f.name: f.value for f in embed.fields}  # type: ignore[misc]


def majority_field(embed: discord.Embed) -> str:
    """The value of the table's majorities field."""
    (value,) = [v for k, v in fields(embed).items() if k.startswith(FORECAST_MARK)]
    return value


def spectator_table(state: EsrState, names: list[str] = NAMES) -> discord.Embed:
    """The table as the channel sees it."""
    return table_embed(KIND.view(state, None), names[:state.num_players], "Edel, Stein & Reich")


def test_the_table_marks_who_leads_each_colour_alone_or_tied_and_the_certificates() -> None:
    state = fresh_state(4)
    set_gems(state, [[5, 3, 0, 0], [1, 3, 4, 0], [0, 0, 1, 0], [2, 1, 0, 0]])
    certificates = event_ids("certificate")
    hand_out(state, {0: certificates[:2], 2: certificates[2:3], 3: certificates[3:4]})

    embed = spectator_table(state)

    assert majority_field(embed).splitlines() == [
        f"🔺{J}5 **ann** leads · +14M",
        f"🟡{J}3 tied: ann, bob · +6M each",
        f"🟩{J}4 **bob** leads · +10M",
        "🔷 nobody holds any",
        "📜 **ann** leads with 2 certificates · +10M; second (1): cem, dag · +4M",
    ]
    totals = forecast(KIND.view(state, None)).totals
    assert totals == [14 + 6 + 10, 6 + 10, 4, 4]
    for seat, name in enumerate(NAMES[:4]):
        assert f"📊 if scored now: +{totals[seat]}M" in fields(embed)[name]


def test_a_tie_of_every_player_reads_everyone() -> None:
    embed = spectator_table(fresh_state(5), LONG_NAMES)  # everyone starts with 3 of each
    lines = majority_field(embed).splitlines()
    assert lines[:4] == [f"{s}{J}3 tied: everyone · +{m}M each"
                         for s, m in zip("🔺🟡🟩🔷", (2, 2, 2, 1), strict=True)]
    assert lines[4] == "📜 nobody holds a certificate"


def test_hidden_information_changes_nothing_on_the_table() -> None:
    state = fresh_state(4, seed=8)
    set_gems(state, [[4, 1, 3, 0], [4, 2, 0, 1], [0, 2, 5, 2], [1, 0, 0, 2]])
    some, _ = KIND.apply(state, 1, {"type": "choose", "card": "money"})
    other, _ = KIND.apply(state.clone(), 1, {"type": "choose", "card": "event"})
    random.Random(3).shuffle(other.gem_deck)
    random.Random(4).shuffle(other.event_deck)
    other.laid_aside[1], other.gem_deck[0] = other.gem_deck[0], other.laid_aside[1]
    assert spectator_table(some).to_dict() == spectator_table(other).to_dict()


def test_five_long_names_tied_four_ways_everywhere_stay_within_discords_limits() -> None:
    state = fresh_state(5)
    set_gems(state, [[4, 4, 4, 4]] * 4 + [[1, 1, 1, 1]])
    certificates = event_ids("certificate")
    hand_out(state, {seat: certificates[3 * seat:3 * seat + 3] for seat in range(4)})
    hand_out(state, {4: [*event_ids("per_gem"), *event_ids("colour_bonus"),
                         *event_ids("majority_bonus")]})
    state, _ = choose_all(state, ["money", "money", "event", "gems", "free"])
    view = KIND.view(state, None)
    assert view["negotiation"] is not None, "the busiest table: a negotiation is on"

    embed = table_embed(view, LONG_NAMES, "Edel, Stein & Reich")

    assert len(embed) <= 6000 and len(embed.fields) <= 25
    for field in embed.fields:
        assert 0 < len(field.name) <= 256 and 0 < len(field.value) <= 1024  # type: ignore[arg-type]
    lines = majority_field(embed).splitlines()
    assert len(lines) == 5, "nothing was cut off"
    four = ", ".join(LONG_NAMES[:4])
    assert lines[0] == f"🔺{J}4 tied: {four} · +3M each"
    assert lines[4] == f"📜 {four} tied with 3 certificates · +10M each"


def test_the_game_over_table_hides_nothing_and_forecasts_nothing() -> None:
    final = play_game("esr", 2, ["random"] * 4).final_state
    view = KIND.view(final, None)
    assert view["phase"] == "over" and view["laid_aside_hidden"] == 1
    embed = table_embed(view, NAMES[:4], "Edel, Stein & Reich")
    text = str(embed.to_dict())
    assert "(hidden)" not in text and "🂠" not in text
    assert FORECAST_MARK not in text
    running = table_embed(KIND.view(fresh_state(4), None), NAMES[:4], "Edel, Stein & Reich")
    assert "(hidden)" in str(running.to_dict()), "while the game runs, the placeholder stays"


def player_view(state: EsrState, seat: int) -> PlayerView:
    """What the service gives a seat's private prompt."""
    return PlayerView(game_id=1, version=1, status="running", seat=seat,
                      view=KIND.view(state, seat))


def test_the_private_prompt_says_what_a_scoring_now_would_pay_you_and_where_you_lead() -> None:
    state = fresh_state(4)
    set_gems(state, [[5, 3, 0, 0], [1, 3, 4, 0], [0, 0, 1, 0], [2, 1, 0, 0]])
    certificates = event_ids("certificate")
    hand_out(state, {0: certificates[:2], 2: certificates[2:3]})

    ann = PRESENTER.prompt_header(player_view(state, 0), NAMES)
    cem = PRESENTER.prompt_header(player_view(state, 2), NAMES)
    dag = PRESENTER.prompt_header(player_view(state, 3), NAMES)

    assert ann is not None and ann.splitlines()[1] == (
        "📊 A scoring now would pay you 30 million · you lead 🔺 red · tied for 🟡 yellow · "
        "most certificates")
    assert cem is not None and cem.splitlines()[1] == (
        "📊 A scoring now would pay you 4 million · second-most certificates")
    assert dag is not None and dag.splitlines()[1] == "📊 A scoring now would pay you 0 million"


def negotiating(action: str, holdings: list[list[int]]) -> EsrState:
    """A 5-player table where seats 0 and 1 negotiate for `action` (the others' card lapses)."""
    state = fresh_state(5, seed=4)
    set_gems(state, holdings)
    other = "money" if action != "money" else "gems"
    state, _ = choose_all(state, [action, action, other, other, other])
    return state


HOLDINGS = [[3, 3, 3, 3], [2, 4, 3, 3], [3, 3, 1, 3], [3, 3, 3, 0], [0, 3, 3, 3]]


def room_prompt(state: EsrState) -> tuple[str, Any]:
    """The room's live prompt for the negotiator to move, and their decision."""
    (decision,) = pending(state)
    return prompt_text(decision, KIND.view(state, decision.player), NAMES, "you", None), decision


def test_the_room_shows_what_money_would_give_each_negotiator() -> None:
    state = negotiating("money", HOLDINGS)
    text, _ = room_prompt(state)
    cards = [KIND.view(state, None)["players"][s]["gem_card"]["money"] for s in (0, 1)]
    assert "What 💰 Money would give each:" in text
    assert f"└ ann: {cards[0]} million" in text and f"└ bob: {cards[1]} million" in text


def test_the_room_and_the_builder_show_what_gemstones_would_give_each_and_the_trade() -> None:
    state = negotiating("gems", HOLDINGS)
    text, decision = room_prompt(state)
    view = KIND.view(state, None)
    for seat, name in ((0, "ann"), (1, "bob")):
        card = view["players"][seat]["gem_card"]["gems"]
        shown = " ".join(f"{s}{J}{n}" for s, n in zip("🔺🟡🟩🔷", card.values(), strict=True)
                         if n)
        assert f"└ {name}: {shown} · a scoring now would pay" in text
    me, partner = decision.player, decision.partner
    draft = [1, 0, 0, 0]
    content = builder_content(decision, draft, "✅", NAMES, view)
    before, after = after_trade(view, me, partner, draft, "gems")
    assert "What 💎 Gemstones would give each:" in content
    assert (f"If {NAMES[partner]} accepts, a scoring now would pay you {after[me]}M "
            f"(now {before[me]}M) and {NAMES[partner]} {after[partner]}M "
            f"(now {before[partner]}M).") in content
    assert "If " not in builder_content(decision, [0, 0, 0, 0], "✅", NAMES, view), \
        "an empty draft changes nothing"


def test_the_room_shows_the_event_card_and_what_it_adds_to_a_scoring_now() -> None:
    state = fresh_state(5, seed=4)
    set_gems(state, HOLDINGS)
    put_face_up(state, event_ids("certificate")[0])
    state, _ = choose_all(state, ["event", "event", "money", "money", "money"])
    text, _ = room_prompt(state)
    assert "└ ann: **Certificate** or a blind draw · a scoring now would pay 10 million more" \
        in text
    assert "└ bob: **Certificate** or a blind draw · a scoring now would pay 10 million more" \
        in text


def test_a_negotiator_clicking_out_of_turn_is_told_what_is_awaited() -> None:
    state = negotiating("money", HOLDINGS)
    (opening,) = pending(state)
    opener, other = opening.player, opening.partner
    assert waiting_text(opening, NAMES) == (
        f"{NAMES[opener]} opens this negotiation; wait for their opening offer.")
    assert PRESENTER.room_waiting(opening, NAMES) == waiting_text(opening, NAMES)

    empty, _ = act(state, {"type": "offer", "gems": [0, 0, 0, 0]}, seat=opener)
    (single,) = pending(empty)
    assert PRESENTER.room_waiting(single, NAMES) == (
        f"You opened with nothing, so {NAMES[other]} may now offer you one gemstone, which you "
        "must accept, or nothing; wait for them.")

    offered, _ = act(state, {"type": "offer", "gems": [1, 0, 0, 0]}, seat=opener)
    (answer,) = pending(offered)
    assert waiting_text(answer, NAMES) is None
    assert PRESENTER.room_waiting(answer, NAMES) == (
        f"It is {NAMES[other]}'s turn to answer your offer; wait for them.")


def test_the_half_scoring_line_tells_the_money_and_the_returns_in_gem_symbols() -> None:
    state = at_instant(event_id("half_scoring"), [[5, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0],
                                                  [0, 0, 0, 0]])
    _, events = act(state, {"type": "carry_out"}, {"type": "colour", "colour": "red"})
    (done,) = [e for e in events if isinstance(e, InstantCarriedOut)]
    assert narrate(done, NAMES) == ("ann carries out **Half scoring** and scores 🔺 red at half "
                                    f"proceeds: ann +7 million, returns 🔺{J}3.")
