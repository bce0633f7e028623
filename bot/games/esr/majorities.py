"""The majorities as the table and the private prompts show them: per colour and for
certificates who leads now (alone or tied) and what a scoring now would pay (the engine's
forecast, engine.games.esr.forecast), and what a negotiated action is worth to each negotiator."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.esr.catalog import _, ngettext
from bot.games.esr.narrate import (
    COLOUR_EMOJI,
    action_text,
    colour_name,
    event_name,
    gem,
    gem_text,
)
from engine.games.esr.forecast import ActionWorth, Forecast, action_worth, after_trade

FORECAST_MARK = "📊"
CERTIFICATE_MARK = "📜"


def _names(seats: Sequence[int], names: Sequence[str], everyone: int) -> str:
    """'ann, bob' — or 'everyone' when every seat is in it (a game's start: all tied)."""
    if len(seats) == everyone:
        # Translators: every player is tied for a majority
        return _("everyone")
    return ", ".join(names[s] for s in seats)


def colour_lines(forecast: Forecast, names: Sequence[str]) -> list[str]:
    """Per colour: '🔺⁠5 **ann** leads · +14M', '🟡⁠3 tied: ann, bob · +6M each' or
    '🟩 nobody holds any'."""
    lines = []
    everyone = len(forecast.totals)
    for scored in forecast.colours:
        if not scored.leaders:
            lines.append(f"{COLOUR_EMOJI[scored.colour]} " + _("nobody holds any"))
            continue
        held = gem(scored.colour, scored.counts[scored.leaders[0]])
        if scored.tied:
            # Translators: {gems} is how many each tied player holds, e.g. "🟡3"; {players}
            # the tied players; {amount} the millions each would get
            text = _("{gems} tied: {players} · +{amount}M each").format(
                gems=held, players=_names(scored.leaders, names, everyone),
                amount=scored.share)
        else:
            # Translators: {gems} is how many the leader holds, e.g. "🔺5"; {amount} the
            # colour's proceeds in millions
            text = _("{gems} {player} leads · +{amount}M").format(
                gems=held, player=f"**{names[scored.leaders[0]]}**", amount=scored.share)
        lines.append(text)
    return lines


def certificate_line(forecast: Forecast, names: Sequence[str]) -> str:
    """'📜 **ann** leads with 2 certificates · +10M; second (1): bob · +4M'."""
    certificates = forecast.certificates
    if not certificates.most:
        return f"{CERTIFICATE_MARK} " + _("nobody holds a certificate")
    count = certificates.counts[certificates.most[0]]
    if len(certificates.most) > 1:
        # Translators: {players} are tied for the most certificates; {amount} millions each
        text = ngettext("{players} tied with {count} certificate · +{amount}M each",
                        "{players} tied with {count} certificates · +{amount}M each",
                        count).format(players=_names(certificates.most, names,
                                                     len(forecast.totals)),
                                      count=count, amount=certificates.paid[certificates.most[0]])
    else:
        leader = certificates.most[0]
        text = ngettext("{player} leads with {count} certificate · +{amount}M",
                        "{player} leads with {count} certificates · +{amount}M", count).format(
            player=f"**{names[leader]}**", count=count, amount=certificates.paid[leader])
    if certificates.second:
        # Translators: the players with the second-most certificates, {count} of them each
        text += "; " + _("second ({count}): {players} · +{amount}M").format(
            count=certificates.counts[certificates.second[0]],
            players=", ".join(names[s] for s in certificates.second),
            amount=certificates.paid[certificates.second[0]])
    return f"{CERTIFICATE_MARK} {text}"


def forecast_field(forecast: Forecast, names: Sequence[str]) -> tuple[str, str]:
    """The table's field: its name and its lines (within Discord's 256 / 1024)."""
    name = f"{FORECAST_MARK} " + _("Majorities if the round were scored now")
    lines = [*colour_lines(forecast, names), certificate_line(forecast, names)]
    return name[:256], "\n".join(lines)[:1024]


def seat_total(forecast: Forecast, seat: int) -> str:
    """A player's line on the table: '📊 if scored now: +24M'."""
    # Translators: what a round scoring now would pay this player, in millions
    return f"{FORECAST_MARK} " + _("if scored now: +{amount}M").format(
        amount=forecast.totals[seat])


def own_summary(forecast: Forecast, seat: int) -> str:
    """The private prompt's line: what a scoring now pays you, where you lead or are tied."""
    parts = [ngettext("A scoring now would pay you {amount} million",
                      "A scoring now would pay you {amount} million",
                      forecast.totals[seat]).format(amount=forecast.totals[seat])]
    leading = [s.colour for s in forecast.colours if s.leaders == [seat]]
    tied = [s.colour for s in forecast.colours if s.tied and seat in s.leaders]
    if leading:
        # Translators: {colours} are the colours in which you alone have the most, e.g.
        # "🔺 red, 🟩 green"
        parts.append(_("you lead {colours}").format(
            colours=", ".join(colour_name(c) for c in leading)))
    if tied:
        # Translators: {colours} are the colours in which you share the most, e.g. "🟡 yellow"
        parts.append(_("tied for {colours}").format(
            colours=", ".join(colour_name(c) for c in tied)))
    certificates = forecast.certificates
    if certificates.most == [seat]:
        parts.append(_("most certificates"))
    elif seat in certificates.most:
        parts.append(_("tied for the most certificates"))
    elif seat in certificates.second:
        parts.append(_("second-most certificates"))
    return f"{FORECAST_MARK} " + " · ".join(parts)


def _gain(worth: ActionWorth) -> str:
    if worth.scoring_gain:
        # Translators: how much more a round scoring now would pay the player with it
        return ngettext("a scoring now would pay {amount} million more",
                        "a scoring now would pay {amount} million more",
                        worth.scoring_gain).format(amount=worth.scoring_gain)
    return _("a scoring now would pay no more")


def worth_line(worth: ActionWorth, player: str) -> str:
    """'ann: 6 million', 'ann: 🔺1 🟡1 🟩1 · a scoring now would pay 4 million more' or
    'ann: Certificate or a blind draw · …'."""
    if worth.action == "money":
        return ngettext("{player}: {amount} million", "{player}: {amount} million",
                        worth.money).format(player=player, amount=worth.money)
    if worth.action == "gems":
        text = _("{player}: {gems}").format(player=player, gems=gem_text(worth.gems))
        return f"{text} · {_gain(worth)}"
    if worth.card is None:
        return _("{player}: a blind draw").format(player=player)
    # Translators: {card} is the face-up event card's name
    text = _("{player}: {card} or a blind draw").format(player=player,
                                                       card=f"**{event_name(worth.card)}**")
    return f"{text} · {_gain(worth)}" if worth.scoring_gain else text


def worth_lines(view: dict[str, Any], seats: Sequence[int], action: str,
                names: Sequence[str]) -> list[str]:
    """What carrying out the negotiated action would give each of the two negotiators: a
    heading and one line each (their turn cards and the face-up card are public)."""
    # Translators: {action} is the action card negotiated for, with its emoji
    heading = _("What {action} would give each:").format(action=action_text(action))
    return [heading, *("└ " + worth_line(action_worth(view, seat, action), names[seat])
                       for seat in seats)]


def trade_line(view: dict[str, Any], me: int, partner: int, draft: Sequence[int],
               action: str, names: Sequence[str]) -> str | None:
    """The builder's line on the draft: what a scoring now would pay both if the partner
    accepted it and you carried out the action (None for an empty draft)."""
    if not sum(draft):
        return None
    before, after = after_trade(view, me, partner, draft, action)
    # Translators: {partner} is the other negotiator; {mine}, {theirs}: what a round scoring now
    # would pay you and them after the trade, in millions; {mine_now}, {theirs_now}: without it
    return f"{FORECAST_MARK} " + _(
        "If {partner} accepts, a scoring now would pay you {mine}M (now {mine_now}M) and "
        "{partner} {theirs}M (now {theirs_now}M).").format(
        partner=names[partner], mine=after[me], mine_now=before[me], theirs=after[partner],
        theirs_now=before[partner])
