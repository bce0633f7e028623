"""`/game review`: a member's three costliest decisions of a finished game, privately, each
with the situation as they saw it (their own seat's view at that step), what they chose, what
the AI would have chosen and what it cost, with how sure the estimate is."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import discord

from bot.catalog import _
from bot.core.interactions import acknowledge, tell
from bot.core.presenter import Picture, presenter_for
from bot.core.replay import replayable
from bot.core.texts import option_label, seat_names, with_names
from engine.core.record import GameRecord, replay
from engine.core.registry import get_kind
from engine.service import GameService
from engine.store.models import GameInfo
from engine.store.reviews import StoredReview

NO_PINGS = discord.AllowedMentions.none()


async def send_review(service: GameService, interaction: discord.Interaction,
                      game_id: int) -> None:
    """Answer at once ("thinking…"), compute or read the review, then send it privately: a
    heading, then one message per finding with the board as the member saw it, full width (an
    embed's image would be shown at half size on a phone)."""
    await acknowledge(interaction, private_reply=True)
    info = await replayable(service, interaction, game_id)
    if info is None:
        return
    stored = await service.review(game_id, interaction.user.id)  # errors: told by `answering`
    if not stored.findings:
        await tell(interaction, _("The coach found no decision of yours in game #{game_id} "
                                  "that the AI would clearly have made otherwise.").format(
            game_id=game_id))
        return
    record = await service.export_record(game_id)
    await interaction.followup.send(
        _("Your costliest decisions in game #{game_id}, judged from what you could see then:"
          ).format(game_id=game_id), ephemeral=True, allowed_mentions=NO_PINGS)
    for place, finding in enumerate(stored.findings, start=1):
        text, picture = await asyncio.to_thread(_finding, info, record, stored, finding, place)
        await interaction.followup.send(text, files=[picture.file()] if picture else [],
                                        ephemeral=True, allowed_mentions=NO_PINGS)


def _finding(info: GameInfo, record: GameRecord, stored: StoredReview, finding: dict[str, Any],
             place: int) -> tuple[str, Picture | None]:
    """One finding in words, with the board as the member saw it where the game draws one."""
    kind, presenter = get_kind(info.kind), presenter_for(info.kind)
    state, events = replay(record, upto=finding["step"])
    decision = kind.decision_for(state, stored.seat)
    assert decision is not None, "a reviewed step is the member's own decision"
    # As the prompt showed them: seat numbers as names, the game's mark-up.
    names = seat_names(info)
    chosen = option_label(decision.options[finding["chosen"]], names, presenter.option_text)
    best = option_label(decision.options[finding["best"]], names, presenter.option_text)
    cost = finding["cost"]
    amount = kind.score_text(round(cost)) if cost >= 1 else _("less than {one}").format(
        one=kind.score_text(1))
    when = next((title for event in reversed(events) if presenter.opens_turn(event)
                 and (title := presenter.turn_title(event))), None) or _(
        "Step {step}").format(step=finding["step"] + 1)
    # Translators: a review finding's heading, e.g. "1. Turn 12 · about 3 gold"; {when} is
    # "Turn 12" or "Round 2 · turn 3"
    title = _("{place}. {when} · about {cost}").format(place=place, when=when, cost=amount)
    view = kind.view(state, stored.seat)
    lines = [f"**{title}**", with_names(decision.prompt, names),
             _("You chose: **{choice}**").format(choice=chosen)]
    note = kind.coach_note(view, stored.seat, decision, finding["chosen"], finding["best"])
    if note is not None:  # an exact judgement (GKE), in the game's own terms
        lines.append(with_names(note, names))
    else:
        verdict = _("clearly worse") if finding["sure"] else _("could also be chance")
        lines += [_("The AI would choose: **{choice}**").format(choice=best),
                  # Translators: how sure a review is; {error} is the estimate's margin
                  # ("1 gold")
                  _("{verdict} (give or take {error}, over {worlds} sampled worlds)").format(
                      verdict=verdict, error=kind.score_text(max(1, round(finding["error"]))),
                      worlds=finding["worlds"])]
        hint = kind.coach_hint(view, stored.seat, decision, finding["chosen"], finding["best"])
        if hint is not None:  # what the two labels do not show (Emerald: a colour's turn)
            lines.append(with_names(hint, names))
    drawn = presenter.situation_picture(view, names)
    picture = dataclasses.replace(drawn, filename=f"review-{place}.png") if drawn else None
    return "\n".join(lines)[:2000], picture
