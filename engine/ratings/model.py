"""One game's rating update: the places the table reached, the people's ratings before and after.

Pure and game-agnostic. What is rated (docs/architecture.md "Ratings"): a finished game at which
at least two people sat; AI seats take part as opponents with their level's fixed, measured
rating (data/<game>/ai_ratings.json) and are never changed; a person whose seat the autopilot
played to the end (they left, or handed it over and never took it back) places last.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

# The rows rating reads and writes are the store's (engine/store/models.py); named here too.
from engine.store.models import NEWCOMER_MU, NEWCOMER_SIGMA, Change, Entrant, Rating, UserId

MODEL = PlackettLuce(mu=NEWCOMER_MU, sigma=NEWCOMER_SIGMA)

__all__ = ["MODEL", "Change", "Entrant", "Rating", "places", "rated", "update"]


def rated(entrants: Sequence[Entrant]) -> bool:
    """Whether a finished game is rated: at least two people sat at it."""
    return sum(e.user_id is not None for e in entrants) >= 2


def places(entrants: Sequence[Entrant]) -> list[int]:
    """Each entrant's place for rating: as finished, but a seat its person left comes last
    (those who left share the last place), so leaving a lost game never helps."""
    last = max(e.place for e in entrants) + 1
    return [last if e.left else e.place for e in entrants]


def update(entrants: Sequence[Entrant], current: dict[UserId, Rating],
           ai: dict[str, Rating], only: UserId | None = None) -> list[Change]:
    """The people's new ratings after the game (`current`: their ratings before, newcomers
    missing; `ai`: the fixed rating of each AI level). `only`: change just this person's."""
    teams = [[_model_rating(current.get(e.user_id, Rating())) if e.user_id is not None
              else _model_rating(ai[e.level or ""])] for e in entrants]
    new = MODEL.rate(teams, ranks=places(entrants))
    changes = []
    for entrant, [after] in zip(entrants, new, strict=True):
        if entrant.user_id is None or (only is not None and entrant.user_id != only):
            continue
        before = current.get(entrant.user_id, Rating())
        changes.append(Change(user_id=entrant.user_id, seat=entrant.seat, before=before,
                              after=Rating(after.mu, after.sigma, before.games + 1)))
    return changes


def _model_rating(rating: Rating):  # type: ignore[no-untyped-def]  # the library's own type
    return MODEL.rating(mu=rating.mu, sigma=rating.sigma)
