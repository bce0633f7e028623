"""The standings as a picture that reads inline: a landscape table of rank, name, points,
Buchholz and game score, designed at the phone column's width and drawn three times larger.
Twelve lines fit at a size a phone can read (a capital of 8 px); the best twelve are drawn,
the message's text beside it lists everyone."""

from __future__ import annotations

from collections.abc import Sequence

from bot.catalog import _, ngettext
from bot.core.drawing import INLINE_WIDTH, MUTED, TEXT, Canvas, Layout, png
from bot.core.presenter import Picture
from bot.core.tournaments.texts import points_text
from engine.store.tournaments import TournamentInfo
from engine.tournament.standings import Standing

SCALE = 3
WIDTH = INLINE_WIDTH
HEIGHT = 232  # 330 × 232: aspect 1.42, inside Discord's landscape box
ROWS = 12  # lines that fit at a readable size
ROW = 15.0
TOP = 36.0
GOLD, SILVER, BRONZE = (241, 196, 15), (189, 195, 199), (205, 127, 50)
HEADER = (43, 45, 49)


def shown(lines: Sequence[Standing]) -> tuple[list[Standing], int]:
    """The lines the picture has room for (the best), and how many it leaves out."""
    return list(lines[:ROWS]), max(0, len(lines) - ROWS)


def draw_standings(info: TournamentInfo, heading: str,
                   lines: Sequence[Standing]) -> tuple[bytes, Layout]:
    """The picture's PNG and what it drew."""
    canvas = Canvas(WIDTH, HEIGHT, SCALE)
    canvas.text(6, 12, canvas.fit(heading, 13, WIDTH - 12, "bold"), 13, TEXT, "bold",
                what="heading")
    rows, left_out = shown(lines)
    names = info.names()
    x, width = 4.0, WIDTH - 8.0
    canvas.box(x, TOP - 13, x + width, TOP, HEADER, radius=2)
    for label, right, anchor in (("#", x + 4, "lm"), (_("Player"), x + 24, "lm"),
                                 (_("Pts"), x + width - 96, "rm"), ("Bh", x + width - 50, "rm"),
                                 (_("Score"), x + width - 6, "rm")):
        canvas.text(right, TOP - 6.5, label, 12, MUTED, "regular", anchor=anchor, what="header")
    for row, line in enumerate(rows):
        y = TOP + ROW * row + ROW / 2 + 1
        medal = {1: GOLD, 2: SILVER, 3: BRONZE}.get(line.rank, TEXT)
        canvas.text(x + 4, y, str(line.rank), 12, medal, "bold", what="rank")
        name = names.get(line.user_id, "?")
        if line.dropped:
            # Translators: a player who left the tournament, in the standings picture.
            name = _("{player} (left)").format(player=name)
        canvas.text(x + 24, y, canvas.fit(name, 12, width - 150, "medium"), 12, TEXT,
                    what="name")
        canvas.text(x + width - 96, y, points_text(line.points), 12, TEXT, "bold",
                    anchor="rm", what="points")
        canvas.text(x + width - 50, y, points_text(line.buchholz), 12, MUTED, "regular",
                    anchor="rm", what="buchholz")
        canvas.text(x + width - 6, y, points_text(line.score), 12, MUTED, "regular",
                    anchor="rm", what="score")
    if left_out:
        more = ngettext("… and {count} more", "… and {count} more", left_out)
        canvas.text(WIDTH - 8, HEIGHT - 7, more.format(count=left_out), 12, MUTED, "regular",
                    anchor="rm", what="more")
    return png(canvas.image, 64), canvas.layout


def standings_picture(info: TournamentInfo, heading: str,
                      lines: Sequence[Standing]) -> Picture:
    """The standings picture with its alt text (the same facts as the text beside it)."""
    data, _layout = draw_standings(info, heading, lines)
    names = info.names()
    best = ", ".join(f"{s.rank}. {names.get(s.user_id, '?')} ({points_text(s.points)})"
                     for s in lines[:8])
    description = _("Standings table: {lines}").format(lines=best)
    return Picture(filename=f"tournament-{info.id}-standings.png", png=data,
                   description=description)
