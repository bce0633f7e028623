"""The public table embed: everything public, no unrevealed choice, within Discord's limits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.games.esr.table import table_embed
from engine.games.esr.state import ACTION_NAMES, EsrState
from tests.engine.games.esr.esr_builders import KIND, event_ids, fresh_state, hand_out

LONG_NAMES = [f"{first} of the Gemstone Traders Guild"[:32] for first in
              ("Annemarie", "Bartholomew", "Cornelius", "Dorothea", "Evangeline")]
TITLE = "Edel, Stein & Reich"


def choose(state: EsrState, cards: dict[int, str]) -> EsrState:
    """These seats place these action cards (the others have not chosen yet)."""
    for seat, card in cards.items():
        state, _ = KIND.apply(state, seat, {"type": "choose", "card": card})
    return state


def spectator_embed(state: EsrState, names: Sequence[str] = LONG_NAMES) -> discord.Embed:
    """The table as the channel sees it (a spectator's view)."""
    return table_embed(KIND.view(state, None), names[:state.num_players], TITLE)


def text_of(embed: discord.Embed) -> str:
    """Every string in the embed."""
    return str(embed.to_dict())


def test_the_table_never_shows_an_unrevealed_choice() -> None:
    some = choose(fresh_state(5), {0: "money", 3: "free"})
    other = choose(fresh_state(5), {0: "gems", 3: "event"})
    embed = spectator_embed(some)

    assert embed.to_dict() == spectator_embed(other).to_dict(), \
        "what seats 0 and 3 chose makes no difference to the table"
    fields: dict[str, Any] = {f.name: f.value for f in embed.fields}
    assert [("has chosen" in fields[n]) for n in LONG_NAMES] == [True, False, False, True, False]
    assert "played" not in text_of(embed)


def test_after_the_reveal_the_table_shows_every_card() -> None:
    cards = {0: "money", 1: "gems", 2: "event", 3: "free", 4: "gems"}
    revealed = choose(fresh_state(5), cards)
    assert revealed.phase != "choose"
    fields = {f.name: f.value for f in spectator_embed(revealed).fields}
    for seat, card in cards.items():
        assert ACTION_NAMES[card] in fields[LONG_NAMES[seat]]


def test_five_players_with_long_names_and_many_cards_stay_within_embed_limits() -> None:
    state = fresh_state(5)
    certificates = event_ids("certificate")
    hand_out(state, {seat: certificates[3 * seat:3 * seat + 3] for seat in range(5)})
    hand_out(state, {0: event_ids("per_gem"), 1: event_ids("colour_bonus"),
                     2: event_ids("majority_bonus")})
    state = choose(state, {0: "money", 1: "money", 2: "event", 3: "gems", 4: "free"})
    view = KIND.view(state, None)
    assert view["negotiation"] is not None, "the busiest table: a negotiation is on"

    embed = table_embed(view, LONG_NAMES, TITLE)

    assert len(embed) <= 6000
    assert len(embed.fields) <= 25
    assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096
    assert len(embed.footer.text or "") <= 2048
    for field in embed.fields:
        assert 0 < len(field.name) <= 256 and 0 < len(field.value) <= 1024
    names = [f.name for f in embed.fields]
    assert all(name in names for name in LONG_NAMES), "every player has a field, names in full"
    assert any("Negotiation" in name for name in names)
