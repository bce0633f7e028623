"""`/game history`: one line per game the member sat in — what, when, where, with whom, and how
it ended for them."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.texts import safe_name
from engine.core.registry import get_kind
from engine.store.models import GameInfo, HistoryEntry, UserId

ENDINGS = {"running": "still running", "lobby": "in the lobby", "abandoned": "abandoned"}


def history_line(entry: HistoryEntry, info: GameInfo, me: UserId,
                 winners: Sequence[str]) -> str:
    """'**#12** Edel, Stein & Reich · <date> · in #gems · with Bob, Strong AI — 🏆 you won,
    81 million'; unfinished games say how they stand."""
    kind = get_kind(info.kind)
    when = entry.finished_at or entry.started_at or info.created_at
    others = [safe_name(s.name) for s in info.seats if s.user_id != me]
    people = sum(s.user_id is not None for s in info.seats)
    head = (f"**#{entry.game_id}** {kind.title} · <t:{int(when)}:d> · in <#{entry.channel_id}>"
            + (f" · with {', '.join(others)}" if others else "")
            + (" (practice)" if people == 1 else ""))
    if entry.rank is None:
        return f"{head} — {ENDINGS.get(entry.status, entry.status)}"
    score = f"{entry.score} {kind.score_unit}"
    if entry.winner:
        return f"{head} — 🏆 you won, {score}"
    won_by = f" (won by {', '.join(winners)})" if winners else ""
    return f"{head} — place {entry.rank} of {entry.players}, {score}{won_by}"
