"""`/game settings`: a member's prompts by DM and own language; a channel's or server's language.

A member may choose their own language for private replies; choosing the language the bot speaks
in a channel (Manage Channels) or in the whole server (Manage Server) is for admins, as it is
what everyone there reads.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.catalog import _
from bot.core.base import BotBase
from bot.core.interactions import acknowledge, is_admin, mark_recorded, tell
from bot.core.notifier import DM_PREFERENCE
from engine.core.i18n import LANGUAGE_NAMES, LOCALES, use_locale

AUTOMATIC = "auto"
# Language names in their own language: a reader looks for their own, whatever the client shows.
LANGUAGE_CHOICES = [app_commands.Choice(name=LANGUAGE_NAMES[code], value=code)
                    for code in LOCALES] + [
    app_commands.Choice(name=locale_str("Automatic (Discord's language)"), value=AUTOMATIC)]
WHERE_CHOICES = [app_commands.Choice(name=locale_str("this channel"), value="channel"),
                 app_commands.Choice(name=locale_str("the whole server"), value="guild")]


def may_choose_for(interaction: discord.Interaction, where: str) -> bool:
    """Manage Channels chooses a channel's language; Manage Server the server's."""
    if where == "channel":
        return is_admin(interaction)
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


def _name(code: str | None) -> str:
    return LANGUAGE_NAMES.get(code or "", "") or _("automatic")


async def change_settings(bot: BotBase, interaction: discord.Interaction, dm: bool | None,
                          my_language: str | None, language: str | None,
                          where: str | None) -> None:
    """Store what the member chose and say so privately; with nothing chosen, show the current
    settings. What the member may not choose (a channel's or server's language without the
    permission) is refused and named; the rest is applied."""
    await acknowledge(interaction, private_reply=True)
    where = where or "channel"
    for code in (my_language, language):
        if code is not None and code != AUTOMATIC and code not in LOCALES:
            await tell(interaction, _("Pick one of the offered languages."))
            return
    refused = language is not None and not may_choose_for(interaction, where)
    if refused:
        language = None
        if dm is None and my_language is None:  # nothing else was asked for
            await tell(interaction, _refusal(where))
            return
    user = interaction.user.id
    scope_id = interaction.channel_id if where == "channel" else interaction.guild_id
    if language is not None and scope_id is not None:
        await bot.languages.choose_place(where, scope_id,  # type: ignore[arg-type]
                                         None if language == AUTOMATIC else language)
    if my_language is not None:
        await bot.languages.choose_member(user, None if my_language == AUTOMATIC
                                          else my_language)
    if dm is not None:
        await bot.service.set_preference(user, DM_PREFERENCE, dm)
    mark_recorded()
    # The answer is in the member's language as it is now (perhaps just chosen).
    with use_locale(bot.languages.for_interaction(interaction)):
        summary = await _summary(bot, interaction, dm, my_language, language, where)
        await tell(interaction, summary + ("\n" + _refusal(where) if refused else ""))


def _refusal(where: str) -> str:
    """What was not changed for want of a permission, and who may change it."""
    return "⛔ " + (_("Not changed: this channel's language — only members with Manage Channels "
                     "choose it.") if where == "channel" else
                   _("Not changed: the server's language — only members with Manage Server "
                     "choose it."))


async def _summary(bot: BotBase, interaction: discord.Interaction, dm: bool | None,
                   my_language: str | None, language: str | None, where: str) -> str:
    """What was changed, or (nothing chosen) what the settings are."""
    lines = []
    if dm is not None:
        lines.append(_("Your prompts will come by direct message.") if dm else
                     _("Your prompts stay in the channel (the table's button)."))
    if my_language is not None:
        lines.append(_("Your private replies are now in: {language}.").format(
            language=_name(None if my_language == AUTOMATIC else my_language)))
    if language is not None:
        chosen = _name(None if language == AUTOMATIC else language)
        lines.append(_("This channel's messages are now in: {language}.").format(
            language=chosen) if where == "channel" else
            _("This server's messages are now in: {language} (where a channel chose none)."
              ).format(language=chosen))
    if lines:
        return "\n".join(lines)
    languages = bot.languages
    dm_now = await bot.service.get_preference(interaction.user.id, DM_PREFERENCE, False)
    channel = languages.for_channel(interaction.channel_id or 0, interaction.guild)
    return "\n".join([
        _("Your prompts: by direct message.") if dm_now else
        _("Your prompts: in the channel (the table's button)."),
        _("Your private replies: {language}.").format(
            language=LANGUAGE_NAMES[languages.for_interaction(interaction)]),
        _("This channel's messages: {language}.").format(language=LANGUAGE_NAMES[channel]),
    ])
