"""Play Große kleine Edelsteine in SimCord the way players do: the table's button, the card
menus, the put-back and look-closer buttons."""

from __future__ import annotations

import random

from simcord import ChannelHandle, InteractionResult, MemberActor

from bot.core.client import JuwelierBot
from tests.bot.driver import table_message


def menus(result: InteractionResult) -> dict[int, dict]:
    """The prompt's card menus by card: the component payloads."""
    found = {}
    for row in result.response.components:
        for item in row.get("components", []):
            if item.get("type") == 3 and item["custom_id"].startswith("jw:gkepick:"):
                found[int(item["custom_id"].split(":")[3])] = item
    return found


def buttons(result: InteractionResult, prefix: str) -> list[dict]:
    """The prompt's buttons whose custom id starts `jw:<prefix>:`."""
    return [item for row in result.response.components for item in row.get("components", [])
            if item.get("type") == 2 and item.get("custom_id", "").startswith(f"jw:{prefix}:")]


async def prompt(bot: JuwelierBot, channel: ChannelHandle, game_id: int,
                 actor: MemberActor) -> InteractionResult:
    """The member's private pick prompt, from the current table message's button."""
    table = await table_message(bot, channel, game_id)
    return await actor.click(table, custom_id=f"jw:open:{game_id}")


async def pick(actor: MemberActor, shown: InteractionResult, card: int, label: str
               ) -> InteractionResult:
    """Choose `label` in the card's menu of an open prompt."""
    menu = menus(shown)[card]
    return await actor.select(shown.response, [label], custom_id=menu["custom_id"])


async def pick_somewhere(bot: JuwelierBot, channel: ChannelHandle, game_id: int,
                         actor: MemberActor, rng: random.Random) -> InteractionResult | None:
    """A pick for a card the member has no gem for yet (None: nothing left to pick)."""
    pv = await bot.service.get_view(game_id, actor.id)
    if pv.decision is None or None not in pv.view["me"]["picks"]:
        return None
    shown = await prompt(bot, channel, game_id, actor)
    # Free gems only: a menu may also offer to move a gem held for another card (GKE-13), which
    # is all a four-player seat holding both its picks is offered for its empty card.
    free = {card: values for card, label in enumerate(pv.view["me"]["picks"])
            if label is None and card in menus(shown)
            and (values := [o["value"] for o in menus(shown)[card]["options"]
                            if not o.get("description")])}
    if not free:
        return None
    card = rng.choice(sorted(free))
    return await pick(actor, shown, card, rng.choice(free[card]))
