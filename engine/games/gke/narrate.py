"""Große kleine Edelsteine's events in plain words, for the story, the terminal and replays."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.game import GameEvent
from engine.games.gke import events as ev
from engine.games.gke.catalog import _, ngettext
from engine.games.gke.data import KINDS, SYMBOLS, game_data
from engine.games.gke.words import back_name, kind_name, symbol_name


def card_text(card_id: int) -> str:
    """'the pink card (sapphire)'."""
    data = game_data()
    card = data.cards[card_id]
    back = ("pink", "blue", "green").index(card.back)
    return f"{back_name(back)} ({kind_name(KINDS[data.gems[card.gem].kind])})"


def reveal_text(reveal: ev.Reveal, names: Sequence[str]) -> str:
    """One turned-over gem, its size and symbol, and what it won."""
    player, symbol = names[reveal.seat], symbol_name(SYMBOLS[reveal.symbol])
    if reveal.result == "card":
        # Translators: {label} a gem's label, {symbol} the symbol under it ("spider")
        return _("{label} ({player}): size {size} ({symbol}), the very gem: {player} wins the "
                 "card.").format(label=reveal.label, player=player, symbol=symbol,
                                 size=reveal.size)
    if reveal.result == "piece":
        return _("{label} ({player}): size {size} ({symbol}), one size off: a magnifier piece "
                 "for {player}.").format(label=reveal.label, player=player, symbol=symbol,
                                         size=reveal.size)
    return _("{label} ({player}): size {size} ({symbol}), no match.").format(
        label=reveal.label, player=player, symbol=symbol, size=reveal.size)


def narrate(event: GameEvent, names: Sequence[str]) -> str | None:
    """The event in plain words (None for events a reader needs no line for)."""
    if isinstance(event, ev.RoundStarted):
        cards = " · ".join(card_text(c) for c in event.cards)
        # Translators: {cards} lists the three face-up cards
        return _("Round {round} of {rounds}: {cards}.").format(
            round=event.round, rounds=event.rounds, cards=cards)
    if isinstance(event, ev.GemPicked):
        player, card = names[event.seat], back_name(event.card)
        if event.moved_from is not None:
            line = _("{player} moves {label} to {card}.")
        else:
            line = _("{player} takes {label} for {card}.")
        line = line.format(player=player, label=event.label, card=card)
        if event.put_back:
            line += " " + _("{label} goes back to the pool.").format(label=event.put_back)
        return line
    if isinstance(event, ev.GemReleased):
        return _("{player} puts {label} back.").format(player=names[event.seat],
                                                       label=event.label)
    if isinstance(event, ev.RoundClosed):
        return (_("Everyone has picked: the gems are turned over.")
                if event.reason == "all_picked"
                else _("Time is up: the gems are turned over."))
    if isinstance(event, ev.CardScored):
        card = game_data().cards[event.card]
        gem = game_data().gems[card.gem]
        # Translators: {card} names a card ("the pink card (ruby)"); {symbol} is the symbol of
        # its gem's size ("spider"): the line the turned-over gems below are compared with
        heading = _("{card}: size {size} ({symbol})").format(
            card=card_text(event.card), size=gem.size, symbol=symbol_name(SYMBOLS[gem.symbol]))
        lines = [heading[:1].upper() + heading[1:]]
        lines += ["  " + reveal_text(r, names) for r in event.reveals]
        if event.winner is None:
            lines.append("  " + _("Nobody found it: the card leaves the game."))
        return "\n".join(lines)
    if isinstance(event, ev.MagnifierCompleted):
        return ngettext(
            "{player} completes a magnifier and takes a bonus card ({count} left).",
            "{player} completes a magnifier and takes a bonus card ({count} left).",
            event.bonus_left).format(player=names[event.seat], count=event.bonus_left)
    if isinstance(event, ev.GameEnded):
        return _("The last card is scored: the game is over.")
    return None
