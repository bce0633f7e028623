"""`/game history`: one line per game the member sat in — what, when, where, with whom, and how
it ended for them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.catalog import N_, _
from bot.core.texts import safe_name
from engine.core.registry import get_kind
from engine.store.models import GameInfo, HistoryEntry, UserId

# How an unfinished game stands (marked here, translated where shown).
ENDINGS = {"running": N_("still running"), "lobby": N_("in the lobby"),
           "abandoned": N_("abandoned")}


def history_line(entry: HistoryEntry, info: GameInfo, me: UserId,
                 winners: Sequence[str]) -> str:
    """'**#12** Edel, Stein & Reich · <date> · in #gems · with Bob, Strong AI — 🏆 you won,
    81 million'; unfinished games say how they stand."""
    kind = get_kind(info.kind)
    when = entry.finished_at or entry.started_at or info.created_at
    others = [safe_name(s.name) for s in info.seats if s.user_id != me]
    people = sum(s.user_id is not None for s in info.seats)
    # The head's parts are separated by " · ": each is a whole phrase of its own.
    parts = [f"**#{entry.game_id}** {kind.title}", f"<t:{int(when)}:d>",
             # Translators: where a game was played; {channel} is a channel link.
             _("in {channel}").format(channel=f"<#{entry.channel_id}>")]
    if others:
        # Translators: who else sat at the table; {players} is a list of names.
        parts.append(_("with {players}").format(players=", ".join(others)))
    head = " · ".join(parts) + (" " + _("(practice)") if people == 1 else "")
    if entry.rank is None:
        ending = ENDINGS.get(entry.status)
        return f"{head} — {_(ending) if ending else entry.status}"
    # The game's unit (e.g. "million") comes from the game's kind.
    score = kind.score_text(entry.score)
    if entry.winner:
        # Translators: how a won game ended for the reader; {score} is e.g. "81 million".
        return f"{head} — 🏆 " + _("you won, {score}").format(score=score)
    if winners:
        # Translators: {rank} and {players} are numbers, {score} e.g. "81 million",
        # {winners} the winners' names.
        return f"{head} — " + _("place {rank} of {players}, {score} (won by {winners})").format(
            rank=entry.rank, players=entry.players, score=score, winners=", ".join(winners))
    return f"{head} — " + _("place {rank} of {players}, {score}").format(
        rank=entry.rank, players=entry.players, score=score)
