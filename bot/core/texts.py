"""Small text helpers every part of the bot shares: names by seat, lists, message chunks."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Sequence

import discord

from bot.catalog import _, ngettext
from engine.core.game import Option
from engine.core.seats import seat_number, seat_pattern
from engine.store.models import GameInfo

CONTENT_LIMIT = 2000  # Discord's limit for a message's text
# Invisible characters a name could use to hide or reorder text: zero-width ones, direction
# marks and overrides, word joiners, the byte-order mark.
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
_ESCAPED = re.compile(r"\\(.)")
NAME_MAX = 32  # Discord's longest display name
# A command written in code style in our own texts ("`/game rules`", "`/game autopilot off`");
# an escaped backtick (from a user's name, see safe_name) starts none.
_COMMAND = re.compile(r"(?<!\\)`/(?P<group>[a-z]+) (?P<name>[a-z]+)(?P<rest>[^`\n]*)(?<!\\)`")
_COMMAND_IDS: dict[str, int] = {}  # a top-level command's name → its id, once Discord said


def remember_commands(commands: Iterable[discord.app_commands.AppCommand]) -> None:
    """Note the ids Discord gave our commands (after a sync, or fetched at start)."""
    _COMMAND_IDS.update({command.name: command.id for command in commands})


def linked(text: str) -> str:
    """Our texts' commands as Discord's command mentions: shown in the reader's language
    (`/spiel regeln`) and run with a click. A command's arguments stay as words after it.
    Unchanged while the ids are unknown."""
    def mention(match: re.Match[str]) -> str:
        command_id = _COMMAND_IDS.get(match["group"])
        if command_id is None:
            return match[0]
        rest = match["rest"].strip()
        return f"</{match['group']} {match['name']}:{command_id}>" + (f" `{rest}`" if rest else "")
    return _COMMAND.sub(mention, text) if _COMMAND_IDS else text


def safe_name(name: str) -> str:
    """A name a user chose, made inert for any message: no formatting, masked links,
    mentions or invisible characters; this is the one place user text is made safe."""
    visible = _INVISIBLE.sub("", name).strip()[:NAME_MAX] or "?"
    # A zero-width space after every @ and < breaks each mention (@everyone, <@id>, <@&id>),
    # channel link, custom emoji and timestamp a name could spell.
    escaped = discord.utils.escape_markdown(visible)
    return escaped.replace("@", "@\u200b").replace("<", "<\u200b")


def plain_name(safe: str) -> str:
    """A safe name as plain text, for where markdown is not read (thread names, code
    blocks): the markdown escapes taken out again, the (invisible) mention breakers kept,
    backticks made quotes so a code block cannot be closed."""
    return _ESCAPED.sub(r"\1", safe).replace("`", "'")


def seat_names(info: GameInfo) -> list[str]:
    """Display names in seat order, made safe (safe_name)."""
    seated = sorted((s for s in info.seats if s.seat is not None), key=lambda s: s.seat)
    return [safe_name(s.name) for s in seated]


def human_duration(seconds: float) -> str:
    """'90 seconds', '2 minutes', '1 hour', '1½ hours', '24 hours' — for people, not code."""
    for unit, size in (("hour", 3600), ("minute", 60)):
        if seconds >= size:
            amount = seconds / size
            if amount == int(amount):
                n = int(amount)
                if unit == "hour":
                    return ngettext("{count} hour", "{count} hours", n).format(count=n)
                return ngettext("{count} minute", "{count} minutes", n).format(count=n)
            if amount * 2 == int(amount * 2):
                whole = int(amount)
                if unit == "hour":
                    # Translators: {whole} is a whole number; "½" adds half an hour (1½ hours).
                    return _("{whole}½ hours").format(whole=whole)
                # Translators: {whole} is a whole number; "½" adds half a minute.
                return _("{whole}½ minutes").format(whole=whole)
    n = round(seconds)
    return ngettext("{count} second", "{count} seconds", n).format(count=n)


def nonce(*parts: object) -> str:
    """A message nonce for a post that must land once: the same parts give the same nonce, so
    Discord (enforce_nonce) returns the first message if a retry after a crash posts again
    within minutes; 20 characters, within Discord's 25."""
    return hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=10).hexdigest()


def pinging(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these users and nobody else."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(int(u)) for u in user_ids])


def with_names(text: str, names: Sequence[str] | None) -> str:
    """Replace the engine's 'seat 3' (in the current language) by the player's name (the
    engine knows no names)."""
    if not names:
        return text

    def name(match: re.Match[str]) -> str:
        index = seat_number(match) - 1
        return names[index] if 0 <= index < len(names) else match[0]

    return seat_pattern().sub(name, text)


def option_label(option: Option, names: Sequence[str] | None,
                 mark_up: Callable[[str], str] = str) -> str:
    """An option's button label, with seat numbers shown as names and the game's mark-up
    (`Presenter.option_text`)."""
    return mark_up(with_names(option.label, names))


def name_list(names: Sequence[str]) -> str:
    """'ann', 'ann and bob', 'ann, bob and cem'."""
    if len(names) == 1:
        return names[0]
    # Translators: the end of a list of names: {names} is 'ann, bob', {last} is 'cem'.
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def chunks(lines: Sequence[str], limit: int = CONTENT_LIMIT) -> list[str]:
    """Join lines into texts that stay within Discord's 2000-character limit."""
    out: list[str] = []
    for line in lines:
        if out and len(out[-1]) + len(line) + 1 <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line[:limit])
    return out
